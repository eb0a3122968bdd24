import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { KeptMonth } from '../../../lib/persistence/journal-copy';

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
  if (list.entries && list.whole && list.loadedAt > copied.keptAt) return null;
  return copied.entries.filter((entry) => belongs(entry.localDate));
}
