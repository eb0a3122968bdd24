import { addDays, addMonths, isDayKey, monthKeyOf } from '../../../../shared/dates';
import { FIRST_CALENDAR_YEAR } from '../../../../shared/day-counts';
import { paths } from '../../../lib/paths';
import { dateOfDayKey, plainSpaces } from './day-heading';

export { dateOfDayKey, formatDayHeading } from './day-heading';

export type JournalView = 'day' | 'month';

/** What the list shows, as kept in the URL: /journal?date=YYYY-MM-DD[&view=month]. */
export interface JournalLocation {
  view: JournalView;
  /** A local calendar day; in month view, any day of the month shown. */
  date: string;
}

/** The list's place in the URL. A month still to come (typed or kept in a bookmark) shows the current month. */
export function readJournalLocation(params: URLSearchParams, today: string): JournalLocation {
  const date = params.get('date');
  const view = params.get('view') === 'month' ? 'month' : 'day';
  const readable = date !== null && isDayKey(date);
  const future = readable && view === 'month' && monthKeyOf(date) > monthKeyOf(today);
  return { view, date: readable && !future ? date : today };
}

export function journalPath({ view, date }: JournalLocation): string {
  return view === 'month' ? `${paths.journal}?date=${date}&view=month` : `${paths.journal}?date=${date}`;
}

/**
 * The year at a glance, /journal?view=year&year=YYYY (docs/product.md §16): the year it shows, or undefined when the
 * URL asks for the day or month list. A year it cannot read, or one still to come, shows this year.
 */
export function readYearView(params: URLSearchParams, today: string): number | undefined {
  if (params.get('view') !== 'year') return undefined;
  const thisYear = Number(today.slice(0, 4));
  const asked = params.get('year') ?? '';
  const year = /^\d{4}$/.test(asked) ? Number(asked) : thisYear;
  return year >= FIRST_CALENDAR_YEAR && year <= thisYear ? year : thisYear;
}

export function yearViewPath(year: number): string {
  return `${paths.journal}?view=year&year=${year}`;
}

export function isCurrentPeriod({ view, date }: JournalLocation, today: string): boolean {
  return view === 'month' ? monthKeyOf(date) === monthKeyOf(today) : date === today;
}

/** The next arrow leads nowhere useful from today (or later) in day view, nor from the current month in month view. */
export function hasNextPeriod({ view, date }: JournalLocation, today: string): boolean {
  return view === 'month' ? monthKeyOf(date) < monthKeyOf(today) : date < today;
}

/**
 * One step back or forward. A month step lands on today when it reaches the current month and on the 1st
 * otherwise, so switching back to day view shows a sensible day.
 */
export function stepPeriod(location: JournalLocation, direction: -1 | 1, today: string): JournalLocation {
  if (location.view === 'day') return { view: 'day', date: addDays(location.date, direction) };
  const month = addMonths(monthKeyOf(location.date), direction);
  return { view: 'month', date: month === monthKeyOf(today) ? today : `${month}-01` };
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const dayInMonth = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric' });
const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'November 2026'. */
export function formatMonthHeading(dayKey: string): string {
  return monthYear.format(dateOfDayKey(dayKey));
}

/** 'Sunday, November 22': a day's heading inside a month. */
export function formatDayInMonth(dayKey: string): string {
  return dayInMonth.format(dateOfDayKey(dayKey));
}

/** 'November 22'. */
export function formatMonthDay(dayKey: string): string {
  return monthDay.format(dateOfDayKey(dayKey));
}

/**
 * When an entry was written or last edited after its own day, in words for its card: 'added on November 29' (at the
 * time it was written, when that is known: the time belongs to that day, not the entry's), 'edited on December 2', or
 * both; the year too when it is not the entry's. Null for an entry of its own day.
 */
export function lateWriteNote(
  entry: { localDate: string; addedOn?: string; editedOn?: string },
  time: string | null = null,
): string | null {
  const on = (day: string) =>
    day.slice(0, 4) === entry.localDate.slice(0, 4) ? formatMonthDay(day) : `${formatMonthDay(day)}, ${day.slice(0, 4)}`;
  const parts = [
    entry.addedOn ? `added on ${on(entry.addedOn)}${time ? ` at ${time}` : ''}` : '',
    entry.editedOn && entry.editedOn !== entry.addedOn ? `edited on ${on(entry.editedOn)}` : '',
  ].filter(Boolean);
  return parts.length === 0 ? null : parts.join(', ');
}

/** '3:04 PM', in the reader's time zone. */
export function formatClockTime(isoTimestamp: string): string {
  return plainSpaces(clockTime.format(new Date(isoTimestamp)));
}
