import { ENTRY_FIELDS, type EntryField } from '../../../../shared/entry-fields';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import { formatClockTime } from '../list/journal-view';

/** An entry as the export gives it: the API's own entry, less the owner's id. */
export type ExportedEntry = Omit<JournalEntry, 'userId'>;

/** The JSON export (GET /api/export?format=json), as far as the printable view reads it. */
export interface JournalExport {
  format: string;
  version: number;
  exportedAt: string;
  profile: { displayName: string } | null;
  entries: ExportedEntry[];
}

export interface PrintedDay {
  /** The local day, YYYY-MM-DD. */
  day: string;
  entries: ExportedEntry[];
}

/** The entries, which come oldest first, gathered into their days. */
export function groupByDay(entries: readonly ExportedEntry[]): PrintedDay[] {
  const days: PrintedDay[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.day === entry.localDate) last.entries.push(entry);
    else days.push({ day: entry.localDate, entries: [entry] });
  }
  return days;
}

/** The fields a person answered, in the form's order: a prompt left empty is not printed. */
export function answeredFields(entry: ExportedEntry): EntryField[] {
  return ENTRY_FIELDS.filter((field) => entry[field].trim() !== '');
}

/**
 * An answer short enough to be kept whole on one page: moving it to the next page costs at most a few lines of
 * white space. A longer one may run on over a page break, or it would leave most of a page empty.
 */
export function isShortAnswer(text: string): boolean {
  return text.length <= 600 && text.split('\n').length <= 12;
}

const clockOfUtc = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/**
 * '7:15 AM': the time an entry was written, as it read on the writer's clock when the entry kept its offset from
 * UTC (it then agrees with the day it is printed under, wherever the reader is), else in the reader's time zone;
 * null for an entry imported with its day alone.
 */
export function writtenTime(entry: Pick<ExportedEntry, 'date' | 'utcOffset' | 'timeUnknown'>): string | null {
  if (entry.timeUnknown) return null;
  if (entry.utcOffset === null || entry.utcOffset === undefined) return formatClockTime(entry.date);
  const onTheirClock = new Date(Date.parse(entry.date) + entry.utcOffset * 60_000);
  return clockOfUtc.format(onTheirClock).replace(/[\u202f\u00a0]/g, ' ');
}
