import type { QueryClient } from '@tanstack/react-query';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import {
  compareBestFirst,
  compareNewestFirst,
  type EntryMatch,
  matchEntry,
  SEARCH_PAGE_SIZE,
  type SearchPage,
  type SearchableEntry,
  toSearchResult,
} from '../../../../shared/search';
import { matchTagged, readTaggedQuery } from '../../../../shared/tag-search';
import type { CopiedMonth } from '../../../lib/persistence/journal-copy';
import { journalKeys } from '../api';
import { entriesOf } from '../list/cached-entries';
import { withPendingWrites } from '../list/pending-entries';
import type { PendingWrite } from '../sync/outbox';
import type { SearchLocation } from './search-view';

/**
 * The entries this device holds (docs/architecture.md, "The app's data"): the device's copy of the journal
 * (`copied`, lib/persistence/journal-copy.ts) and every day and month list in the query cache, which is kept in
 * IndexedDB, each entry once in its newest form, with the writes still waiting in the outbox laid over (new entries
 * added, edits shown, deleted ones gone).
 */
export function entriesOnDevice(
  queryClient: QueryClient,
  pending: readonly PendingWrite[],
  copied: readonly CopiedMonth[] = [],
): JournalEntry[] {
  const byId = new Map<string, JournalEntry>();
  const lists = queryClient.getQueriesData({ queryKey: journalKeys.entries }).map(([, data]) => entriesOf(data));
  for (const entries of [...copied.map((month) => month.entries), ...lists]) {
    for (const entry of entries) {
      const known = byId.get(entry.id);
      if (!known || known.updatedAt < entry.updatedAt) byId.set(entry.id, entry);
    }
  }
  return withPendingWrites([...byId.values()], pending, () => true);
}

/** A page of a search on the device: its results, and how many entries the device had to search. */
export interface DeviceSearchPage extends SearchPage {
  searched: number;
}

const CURSOR = /^device:(\d{1,7})$/;

/**
 * The same search as GET /api/search (src/shared/search.ts's rules, filters, order and pages), run on the entries
 * this device holds. Its cursors name a place in its own list ("device:20"); any other starts at the beginning.
 */
export function searchOnDevice(
  entries: readonly (SearchableEntry & { tags?: string[] | undefined })[],
  location: SearchLocation,
  cursor: string | null,
): DeviceSearchPage {
  // `#family` is a tag here too (src/shared/tag-search.ts).
  const { tags, terms } = readTaggedQuery(location.q);
  const offset = Number(CURSOR.exec(cursor ?? '')?.[1] ?? 0);
  const found: { entry: SearchableEntry; match: EntryMatch }[] = [];
  for (const entry of entries) {
    if (location.from && entry.localDate < location.from) continue;
    if (location.to && entry.localDate > location.to) continue;
    const match =
      tags.length > 0
        ? matchTagged(entry, terms, tags, location.prompt, location.wording)
        : matchEntry(entry, terms, location.prompt, location.wording);
    if (match) found.push({ entry, match });
  }
  found.sort(location.order === 'best' ? compareBestFirst : (a, b) => compareNewestFirst(a.entry, b.entry));
  const page = found.slice(offset, offset + SEARCH_PAGE_SIZE);
  return {
    results: page.map(({ entry, match }) => toSearchResult(entry, match)),
    nextCursor: offset + SEARCH_PAGE_SIZE < found.length ? `device:${offset + SEARCH_PAGE_SIZE}` : null,
    searched: entries.length,
  };
}
