/**
 * How the day felt, the writer's optional one-tap choice of five (docs/product.md §5). Stored and sent as a number,
 * 1 to 5; shown as its word, never as a colour or a face alone.
 */
export const MOODS = [1, 2, 3, 4, 5] as const;
export type Mood = (typeof MOODS)[number];

/** Each mood's word, as the form offers it, the card shows it and the year view's legend names its colour. */
export const MOOD_WORDS: Record<Mood, string> = { 1: 'Rough', 2: 'Low', 3: 'Okay', 4: 'Good', 5: 'Great' };

export const MOOD_MESSAGE = 'mood must be one of 1 (Rough), 2 (Low), 3 (Okay), 4 (Good), 5 (Great), or null for none';

export function isMood(value: unknown): value is Mood {
  return typeof value === 'number' && (MOODS as readonly number[]).includes(value);
}
