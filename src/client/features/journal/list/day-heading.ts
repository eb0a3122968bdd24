/**
 * The journal's date heading ('Sunday, November 22, 2026'), in a module of its own: the journal's frame, which shows
 * before the journal's code has loaded (JournalFrame), draws it too.
 */

/** Midnight of a local calendar day, for formatting. */
export function dateOfDayKey(dayKey: string): Date {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

// Newer ICU data puts a narrow no-break space before AM/PM; an ordinary space reads and matches the same.
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** 'Sunday, November 22, 2026' (wide) or 'Sun, Nov 22, 2026' (narrow). */
export function formatDayHeading(dayKey: string, form: 'long' | 'short'): string {
  return plainSpaces((form === 'long' ? longDay : shortDay).format(dateOfDayKey(dayKey)));
}

/** Where the heading takes its long form. */
export const WIDE_SCREEN = '(min-width: 640px)';
