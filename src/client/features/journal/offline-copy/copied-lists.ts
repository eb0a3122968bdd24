import { monthKeyOf } from '../../../../shared/dates';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { KeptMonth } from '../../../lib/persistence/journal-copy';
import { withPendingWrites } from '../list/pending-entries';
import type { PendingWrite } from '../sync/outbox';

/** What a day or month list holds from the server: its entries (whole, for a month, when no page is left to load). */
export interface HeldList {
  entries: readonly JournalEntry[] | undefined;
  whole: boolean;
  /** When the list last loaded (ms since the epoch), 0 if never. */
  loadedAt: number;
}

/**
 * The entries a day or month page shows from the device's copy of the journal while the server cannot answer, or
 * null to show the list the query cache holds: the copy is shown when the device holds no list of the period, or only
 * part of a month's, or one loaded before the copy's month was copied. `belongs` picks the period's days of the
 * copy's month.
 */
export function entriesFromCopy(
  list: HeldList,
  copied: KeptMonth | null | undefined,
  belongs: (day: string) => boolean = () => true,
): JournalEntry[] | null {
  if (!copied) return null;
  if (list.entries && list.whole && newerThanCopy(list.loadedAt, copied)) return null;
  return copied.entries.filter((entry) => belongs(entry.localDate));
}

/**
 * Whether an answer of the server loaded at `loadedAt` (ms since the epoch) is to be shown over the copy's month: it
 * is when the copy was not read, or holds nothing of the month, or kept the month before the answer came.
 */
export function newerThanCopy(loadedAt: number, copied: Pick<KeptMonth, 'keptAt'> | null | undefined): boolean {
  return !copied || loadedAt > copied.keptAt;
}

/** A month's day counts as the device holds them from the server (GET /api/days), and when they were loaded. */
export interface HeldDayCounts {
  days: Record<string, number>;
  loadedAt: number;
}

/**
 * How many entries a month has, for the stats panel's count of the month shown: the server's day counts of the month,
 * or, while the server cannot answer and the device holds none as new as the copy's month, the entries of the copy's
 * month with the writes waiting laid over, as the month's page lists them. Undefined when neither is known. Only the
 * one month is counted.
 */
export function monthEntryCount(
  monthKey: string,
  counts: HeldDayCounts | undefined,
  copied: KeptMonth | null | undefined,
  writes: readonly PendingWrite[],
): number | undefined {
  if (counts && newerThanCopy(counts.loadedAt, copied)) {
    return Object.values(counts.days).reduce((sum, count) => sum + count, 0);
  }
  if (!copied) return undefined;
  return withPendingWrites(copied.entries, writes, (day) => monthKeyOf(day) === monthKey).length;
}
