import { addMonths, dayKeyToNumber, dayNumberToKey, monthDayRange, monthKeyOf } from '../../../../shared/dates';
import { MOOD_WORDS, type Mood } from '../../../../shared/mood';
import { isWaitingPhoto } from '../photos/local-id';

/**
 * The calendar's arithmetic, with no React in it: the weeks of a month as rows of seven days, the ISO week of each
 * row, where an arrow key moves, and what a day is called. Weeks start on Monday, as ISO 8601 has them, whatever
 * the device's language (docs/product.md §16): one layout for everyone, the same on every screen.
 */

export interface Weekday {
  /** 'Mon', for the column heading. */
  short: string;
  /** 'M', for the small months of the year view. */
  narrow: string;
  /** 'Monday', what a screen reader says. */
  long: string;
}

export const WEEKDAYS: readonly Weekday[] = [
  { short: 'Mon', narrow: 'M', long: 'Monday' },
  { short: 'Tue', narrow: 'T', long: 'Tuesday' },
  { short: 'Wed', narrow: 'W', long: 'Wednesday' },
  { short: 'Thu', narrow: 'T', long: 'Thursday' },
  { short: 'Fri', narrow: 'F', long: 'Friday' },
  { short: 'Sat', narrow: 'S', long: 'Saturday' },
  { short: 'Sun', narrow: 'S', long: 'Sunday' },
];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A row of the calendar: its ISO week number and its seven days, Monday first; null where the month has no day. */
export interface CalendarWeek {
  week: number;
  days: (string | null)[];
}

/** 0 for Monday to 6 for Sunday. Day 0, 1970-01-01, was a Thursday. */
export function weekdayIndex(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

/** The ISO 8601 week of a day: weeks start on Monday, and week 1 is the one with the year's first Thursday. */
export function isoWeekNumber(dayKey: string): number {
  const day = dayKeyToNumber(dayKey);
  const thursday = day - weekdayIndex(day) + 3;
  const year = dayNumberToKey(thursday).slice(0, 4);
  return Math.floor((thursday - dayKeyToNumber(`${year}-01-01`)) / 7) + 1;
}

/** The month's weeks, from the one holding its 1st to the one holding its last day, blanks outside the month. */
export function monthWeeks(monthKey: string): CalendarWeek[] {
  const { first, last } = monthDayRange(monthKey);
  const weeks: CalendarWeek[] = [];
  for (let monday = first - weekdayIndex(first); monday <= last; monday += 7) {
    const days = Array.from({ length: 7 }, (_, index) => {
      const day = monday + index;
      return day >= first && day <= last ? dayNumberToKey(day) : null;
    });
    weeks.push({ week: isoWeekNumber(dayNumberToKey(Math.max(monday, first))), days });
  }
  return weeks;
}

/** The twelve months of a year, YYYY-MM. */
export function monthsOfYear(year: number): string[] {
  return MONTH_NAMES.map((_, index) => `${String(year).padStart(4, '0')}-${String(index + 1).padStart(2, '0')}`);
}

/** 'October'. */
export function monthName(monthKey: string): string {
  return MONTH_NAMES[Number(monthKey.slice(5, 7)) - 1] ?? '';
}

/** 'October 2026'. */
export function monthAndYear(monthKey: string): string {
  return `${monthName(monthKey)} ${monthKey.slice(0, 4)}`;
}

export function entriesText(entries: number): string {
  if (entries === 0) return 'no entry';
  return entries === 1 ? '1 entry' : `${entries} entries`;
}

/** What a screen reader says for a day of the calendar: 'Tuesday 14 October, 1 entry', or '…, no entry'. */
export function dayLabel(dayKey: string, entries: number, mood?: Mood): string {
  const day = dayKeyToNumber(dayKey);
  const weekday = WEEKDAYS[weekdayIndex(day)]?.long ?? '';
  const felt = mood === undefined ? '' : `, mood: ${MOOD_WORDS[mood]}`;
  return `${weekday} ${Number(dayKey.slice(8, 10))} ${monthName(monthKeyOf(dayKey))}, ${entriesText(entries)}${felt}`;
}

/** The same day of another month, or that month's last day when it is shorter (31 March, a month on: 30 April). */
function sameDayOfMonth(dayKey: string, months: number): string {
  const month = addMonths(monthKeyOf(dayKey), months);
  const { first, last } = monthDayRange(month);
  return dayNumberToKey(Math.min(first + Number(dayKey.slice(8, 10)) - 1, last));
}

/**
 * Where a key moves the focus from a day, as in the ARIA grid and date picker patterns: arrows by a day or a week,
 * Home and End to the week's ends, Page Up and Page Down by a month. Undefined for any other key. The caller keeps
 * the answer within the days it shows (calendarBounds).
 */
export function dayAfterKey(dayKey: string, key: string): string | undefined {
  const day = dayKeyToNumber(dayKey);
  switch (key) {
    case 'ArrowLeft':
      return dayNumberToKey(day - 1);
    case 'ArrowRight':
      return dayNumberToKey(day + 1);
    case 'ArrowUp':
      return dayNumberToKey(day - 7);
    case 'ArrowDown':
      return dayNumberToKey(day + 7);
    case 'Home':
      return dayNumberToKey(day - weekdayIndex(day));
    case 'End':
      return dayNumberToKey(day - weekdayIndex(day) + 6);
    case 'PageUp':
      return sameDayOfMonth(dayKey, -1);
    case 'PageDown':
      return sameDayOfMonth(dayKey, 1);
    default:
      return undefined;
  }
}

/** The first and last day a calendar lets the focus reach: its range, and never a day after today. */
export interface CalendarBounds {
  first: string;
  last: string;
}

/** A range's days up to today; undefined when all of them are still to come (nothing there to open). */
export function calendarBounds(first: string, last: string, today: string): CalendarBounds | undefined {
  const end = last < today ? last : today;
  return first <= end ? { first, last: end } : undefined;
}

export function clampDay(dayKey: string, bounds: CalendarBounds): string {
  if (dayKey < bounds.first) return bounds.first;
  return dayKey > bounds.last ? bounds.last : dayKey;
}

/** Each day's number of entries, counted from a list of entries (those the device holds). */
export function countByDay(entries: readonly { localDate: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { localDate } of entries) counts[localDate] = (counts[localDate] ?? 0) + 1;
  return counts;
}

/**
 * The mood of each day among these entries that has one: that of the day's newest entry with a mood, as the server
 * gives it (GET /api/days).
 */
export function moodByDay(entries: readonly { localDate: string; date: string; mood?: Mood }[]): Record<string, Mood> {
  const newest: Record<string, { date: string; mood: Mood }> = {};
  for (const { localDate, date, mood } of entries) {
    if (mood === undefined) continue;
    const known = newest[localDate];
    if (!known || date > known.date) newest[localDate] = { date, mood };
  }
  return Object.fromEntries(Object.entries(newest).map(([day, { mood }]) => [day, mood]));
}

/**
 * The first photo of each day among these entries that has one, as the server names it (GET /api/days): the first
 * photo of the day's oldest entry with photos. A photo still waiting on the device to be sent has no thumbnail to show.
 */
export function firstPhotoByDay(
  entries: readonly { localDate: string; date: string; photos?: readonly { id: string }[] }[],
): Record<string, string> {
  const oldest: Record<string, { date: string; id: string }> = {};
  for (const { localDate, date, photos } of entries) {
    const first = photos?.find((photo) => !isWaitingPhoto(photo.id));
    if (first === undefined) continue;
    const known = oldest[localDate];
    if (!known || date < known.date) oldest[localDate] = { date, id: first.id };
  }
  return Object.fromEntries(Object.entries(oldest).map(([day, { id }]) => [day, id]));
}

/**
 * Two views of the same days' counts, put together: the larger count of each day. The server's counts may not yet
 * hold a write waiting on the device, and the device may hold only some of a month's pages.
 */
export function mergeDayCounts(...sources: (Record<string, number> | undefined)[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const source of sources) {
    for (const [day, count] of Object.entries(source ?? {})) merged[day] = Math.max(merged[day] ?? 0, count);
  }
  return merged;
}
