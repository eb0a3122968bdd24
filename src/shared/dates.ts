/**
 * Calendar days as integers (days since 1970-01-01), so that "yesterday" is n - 1 in JavaScript and in SQL
 * alike, on SQLite and PostgreSQL. A day key is the same day as text, YYYY-MM-DD.
 */
const MS_PER_DAY = 86_400_000;

export function dayKeyToNumber(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / MS_PER_DAY);
}

export function dayNumberToKey(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of a moment, in the time zone of the runtime (the browser's, on the client). */
export function localDayKey(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

export function monthKeyOf(dayKey: string): string {
  return dayKey.slice(0, 7);
}

/** First and last day numbers of a YYYY-MM month. */
export function monthDayRange(monthKey: string): { first: number; last: number } {
  const [year, month] = monthKey.split('-').map(Number);
  const y = year ?? 1970;
  const m = month ?? 1;
  const first = Math.round(Date.UTC(y, m - 1, 1) / MS_PER_DAY);
  const last = Math.round(Date.UTC(y, m, 1) / MS_PER_DAY) - 1;
  return { first, last };
}

/** A day's month as one integer, year * 12 + month (0-11): the key of the per-month counts that stats read. */
export function monthIndexOfDay(dayNumber: number): number {
  const date = new Date(dayNumber * MS_PER_DAY);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function addDays(dayKey: string, days: number): string {
  return dayNumberToKey(dayKeyToNumber(dayKey) + days);
}

export function addMonths(monthKey: string, months: number): string {
  const [year, month] = monthKey.split('-').map(Number);
  const index = (year ?? 1970) * 12 + ((month ?? 1) - 1) + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}
