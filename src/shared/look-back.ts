import type { EntryPage, JournalEntry } from './entry-schemas';

/**
 * Looking back (docs/product.md §15): which earlier days "On this day" shows for a given today, and the shape of the
 * answers. The rules live here because the server answers with them and the app works them out again offline, from
 * the days its cache holds: both must name the same days.
 */

/** The most entries one look-back answer carries, newest days first; a day rarely holds more than a few. */
export const MAX_LOOK_BACK_ENTRIES = 200;

/** One earlier date and what was written on it: `ago` months (kind 'month', always 1) or years back. */
export interface LookBackGroup {
  kind: 'month' | 'year';
  ago: number;
  /** The day or days that stand for this date in that year, newest first (two only for a leap day, see below). */
  days: string[];
  /** The entries of those days, newest first. */
  entries: JournalEntry[];
}

/** One gratitude from the jar; `single` when the jar holds no other to show instead. */
export interface JarPick {
  entry: JournalEntry | null;
  single: boolean;
}

/**
 * GET /api/look-back?today=: the groups that have entries (the others were looked at and are empty), the writer's
 * oldest day (null for an empty journal), and the jar's gratitude of the day.
 */
export interface LookBack {
  today: string;
  firstDay: string | null;
  groups: LookBackGroup[];
  jar: JarPick;
}

/** GET /api/entries?day=YYYY-MM-DD&lookBack=1: today's day list with today's look-back, in one answer. */
export interface DayWithLookBack extends EntryPage {
  lookBack: LookBack;
}

/** A date to look at: the group it makes and its days, newest first. */
export interface LookBackTarget {
  kind: 'month' | 'year';
  ago: number;
  days: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function parts(dayKey: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = dayKey.split('-').map(Number);
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isLeapYear(year: number): boolean {
  return daysInMonth(year, 2) === 29;
}

function key(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/**
 * The same day of the month `months` months before `dayKey`, or that month's last day when it is shorter: one month
 * before March 31 is the last day of February (28th, or 29th in a leap year), one before May 31 is April 30.
 */
export function monthsBefore(dayKey: string, months: number): string {
  const { year, month, day } = parts(dayKey);
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return key(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * The days that stand for `dayKey` `years` years before, newest first. The same month and day, with one exception
 * each way for the leap day: on February 29 a year without one gives its February 28; on February 28 of a year
 * without a leap day, a leap year gives its February 29 as well, so that what was written on a leap day comes back
 * every year, not every fourth.
 */
export function yearsBefore(dayKey: string, years: number): string[] {
  const { year, month, day } = parts(dayKey);
  const earlier = year - years;
  if (month !== 2) return [key(earlier, month, day)];
  if (day === 29) return [key(earlier, 2, isLeapYear(earlier) ? 29 : 28)];
  if (day === 28 && !isLeapYear(year) && isLeapYear(earlier)) return [key(earlier, 2, 29), key(earlier, 2, 28)];
  return [key(earlier, month, day)];
}

/**
 * Every date "On this day" looks at for `today`, given the oldest day of the journal: one month ago, then one year
 * ago and every year before it back to the oldest entry's year. Days before the oldest are left out; none for an
 * empty journal.
 */
export function lookBackTargets(today: string, firstDay: string | null): LookBackTarget[] {
  if (firstDay === null || firstDay >= today) return [];
  const targets: LookBackTarget[] = [];
  const monthAgo = monthsBefore(today, 1);
  if (monthAgo >= firstDay) targets.push({ kind: 'month', ago: 1, days: [monthAgo] });
  const backTo = parts(firstDay).year;
  for (let ago = 1; parts(today).year - ago >= backTo; ago += 1) {
    const days = yearsBefore(today, ago).filter((day) => day >= firstDay);
    if (days.length > 0) targets.push({ kind: 'year', ago, days });
  }
  return targets;
}

/** '1 month ago', '1 year ago', '3 years ago'. */
export function lookBackLabel({ kind, ago }: { kind: 'month' | 'year'; ago: number }): string {
  return `${ago} ${kind}${ago === 1 ? '' : 's'} ago`;
}
