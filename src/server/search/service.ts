import type { Kysely } from 'kysely';
import { dayKeyToNumber } from '../../shared/dates';
import type { JournalEntry } from '../../shared/entry-schemas';
import {
  compareBestFirst,
  type EntryMatch,
  matchEntry,
  SEARCH_PAGE_SIZE,
  type SearchPage,
  toSearchResult,
} from '../../shared/search';
import { matchTagged } from '../../shared/tag-search';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import type { EntryCursor } from '../journal/repository';
import { encodeSearchCursor, type SearchRequest } from './query';
import { type BatchSize, candidateBatches } from './repository';

/** Newest first: a first batch that fills a page when every candidate matches, then larger ones. */
const NEWEST_BATCHES: BatchSize = (batch) => Math.min(400, (SEARCH_PAGE_SIZE + 1) * 2 ** batch);
/** Best match first reads every match, so in large batches. */
const BEST_BATCHES: BatchSize = () => 500;
/** After this many batches a search lets other requests run between two batches. */
const BATCHES_BEFORE_YIELDING = 2;

const keyOf = (entry: JournalEntry): EntryCursor => ({
  localDay: dayKeyToNumber(entry.localDate),
  date: entry.date,
  id: entry.id,
});

/** Whether an entry comes after the cursor, newest first. */
function isAfter(entry: JournalEntry, cursor: EntryCursor): boolean {
  const day = dayKeyToNumber(entry.localDate);
  if (day !== cursor.localDay) return day < cursor.localDay;
  if (entry.date !== cursor.date) return entry.date < cursor.date;
  return entry.id < cursor.id;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A person's search (docs/product.md §17): the index narrows their journal down (repository.ts), and the shared rules
 * (src/shared/search.ts) decide which of those entries match, rank them and make their snippets. Only the signed-in
 * person's entries are ever read.
 */
export class SearchService {
  constructor(private readonly deps: { db: Kysely<Database>; dialect: Dialect }) {}

  async search(userId: string, request: SearchRequest): Promise<SearchPage> {
    const { terms, tags, prompt, wording, firstDay, lastDay, cursor } = request;
    const after = cursor?.order === 'newest' ? cursor.after : undefined;
    const batches = candidateBatches(
      this.deps.db,
      this.deps.dialect,
      { userId, terms, tags, prompt, firstDay, lastDay, after, everything: request.order === 'best' },
      request.order === 'newest' ? NEWEST_BATCHES : BEST_BATCHES,
    );
    const found: { entry: JournalEntry; match: EntryMatch }[] = [];
    let read = 0;
    for await (const batch of batches) {
      for (const entry of batch) {
        if (after && !isAfter(entry, after)) continue;
        const match =
          tags.length > 0 ? matchTagged(entry, terms, tags, prompt, wording) : matchEntry(entry, terms, prompt, wording);
        if (match) found.push({ entry, match });
      }
      // Newest first, the next page begins after this one's last entry: one more match says whether there is one.
      if (request.order === 'newest' && found.length > SEARCH_PAGE_SIZE) break;
      read += 1;
      if (read >= BATCHES_BEFORE_YIELDING) await nextTurn();
    }
    if (request.order === 'newest') {
      const page = found.slice(0, SEARCH_PAGE_SIZE);
      const last = page.at(-1);
      return {
        results: page.map(({ entry, match }) => toSearchResult(entry, match)),
        nextCursor:
          found.length > SEARCH_PAGE_SIZE && last ? encodeSearchCursor({ order: 'newest', after: keyOf(last.entry) }) : null,
      };
    }
    found.sort(compareBestFirst);
    const offset = cursor?.order === 'best' ? cursor.offset : 0;
    const page = found.slice(offset, offset + SEARCH_PAGE_SIZE);
    return {
      results: page.map(({ entry, match }) => toSearchResult(entry, match)),
      nextCursor:
        offset + SEARCH_PAGE_SIZE < found.length ? encodeSearchCursor({ order: 'best', offset: offset + SEARCH_PAGE_SIZE }) : null,
    };
  }
}
