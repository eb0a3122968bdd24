import type { Kysely } from 'kysely';
import type { EntryPage } from '../../../shared/entry-schemas';
import { MAX_FIELD_LENGTH } from '../../../shared/limits';
import { renameTypedTag, TAG_MESSAGES, type TagList } from '../../../shared/tags';
import type { DatabaseHandle } from '../../db/connect';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { ReadCache } from '../read-cache';
import { findEntriesByIds, parsedAnswers, storedAnswers, withPhotos } from '../repository';
import { decodeCursor, encodeCursor } from '../service';
import {
  bumpVersion,
  entriesWithTag,
  entryIdsWithTag,
  listTagCounts,
  rewriteEntryTags,
  tagsOfColumn,
} from './repository';

export interface TagServiceDeps {
  db: Kysely<Database>;
  write: DatabaseHandle['write'];
  now: () => Date;
  /** The journal's answer cache: a tag's pages and the tag list are kept beside the day and month pages. */
  readCache: ReadCache;
}

/** A page of a tag's entries as the routes parsed it. */
export interface TagPageQuery {
  tag: string;
  limit: number;
  cursor: string | undefined;
}

/** Entries a renaming rewrites per transaction: other writes wait for one batch at most, never the whole journal. */
const RENAME_BATCH = 100;

const FIELDS = ['gratitude', 'celebration', 'manifestation', 'memory'] as const;

/**
 * A writer's tags (docs/product.md §5, decision 034): the list with counts, a tag's entries newest first, and renaming
 * or merging a tag across the journal. Every read and write names the signed-in writer; nothing else's is touched.
 */
export class TagService {
  constructor(private readonly deps: TagServiceDeps) {}

  /** Every tag of the writer's with its count, most used first, then by name; kept for the next identical read. */
  async list(userId: string, version: number): Promise<string> {
    const key = 'tags';
    const cached = this.deps.readCache.get(userId, version, key);
    if (cached !== undefined) return cached;
    const tags = await listTagCounts(this.deps.db, userId);
    tags.sort((a, b) => b.entries - a.entries || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    const body = JSON.stringify({ tags } satisfies TagList);
    this.deps.readCache.set(userId, version, key, body);
    return body;
  }

  /** A page of the writer's entries with a tag, newest first, as the month's pages are; kept like them. */
  async page(userId: string, version: number, queryKey: string, query: TagPageQuery): Promise<string> {
    const cached = this.deps.readCache.get(userId, version, queryKey);
    if (cached !== undefined) return cached;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    // One extra id tells whether another page exists.
    const ids = await entryIdsWithTag(this.deps.db, userId, query.tag, { limit: query.limit + 1, after });
    const pageIds = ids.slice(0, query.limit);
    const found = new Map((await findEntriesByIds(this.deps.db, userId, pageIds)).map((entry) => [entry.id, entry]));
    // With their photos, as the day and month pages draw them.
    const entries = await withPhotos(this.deps.db, userId, pageIds.flatMap((id) => found.get(id) ?? []));
    const last = entries.at(-1);
    const page: EntryPage = { entries, nextCursor: ids.length > query.limit && last ? encodeCursor(last) : null };
    const body = JSON.stringify(page);
    this.deps.readCache.set(userId, version, queryKey, body);
    return body;
  }

  /**
   * Renames the writer's tag `from` to `to` on every entry that has it, or merges it into `to` when they have that
   * one too: the chips change, and every `#from` typed in an answer is written `#to`. A batch of entries per
   * transaction; a renaming interrupted half-way is finished by asking again. Answers how many entries changed.
   */
  async rename(userId: string, from: string, to: string): Promise<{ entries: number }> {
    if (from === to) throw new HttpError(400, 'invalid-tag', TAG_MESSAGES.sameTag);
    let changed = 0;
    for (;;) {
      const done = await this.deps.write(async (trx) => {
        const rows = await entriesWithTag(trx, userId, from, RENAME_BATCH);
        const now = this.deps.now();
        for (const row of rows) {
          const text = Object.fromEntries(
            FIELDS.map((field) => {
              const renamed = renameTypedTag(row[field], from, to);
              // An answer the new name would take past the limit keeps its words; the entry's tags change all the same.
              return [field, renamed.length > MAX_FIELD_LENGTH ? row[field] : renamed];
            }),
          ) as Record<(typeof FIELDS)[number], string>;
          // An entry of the writer's own prompts keeps its words in its answers, each under its wording.
          const answers = parsedAnswers(row.prompt_answers)?.map(({ prompt, answer }) => {
            const renamed = renameTypedTag(answer, from, to);
            return { prompt, answer: renamed.length > MAX_FIELD_LENGTH ? answer : renamed };
          });
          const tags = [...new Set(tagsOfColumn(row.tags).map((tag) => (tag === from ? to : tag)))];
          const entry = { id: row.id, userId, localDay: row.local_day, date: row.date };
          const promptAnswers = answers ? { prompt_answers: storedAnswers(answers) ?? undefined } : {};
          await rewriteEntryTags(trx, entry, { ...text, ...promptAnswers, tags }, now);
        }
        if (rows.length > 0) await bumpVersion(trx, userId);
        return rows.length;
      });
      changed += done;
      if (done < RENAME_BATCH) break;
    }
    if (changed === 0) throw new HttpError(404, 'not-found', TAG_MESSAGES.notFound);
    return { entries: changed };
  }
}
