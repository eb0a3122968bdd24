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

/**
 * Whether a text is a calendar day as YYYY-MM-DD (what entry-schemas.ts's dayKeySchema accepts), without a schema
 * library: the journal's screens read days from their address before any validation code has loaded.
 */
export function isDayKey(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= length;
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
