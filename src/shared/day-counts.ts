import type { Mood } from './mood';

/**
 * The days of a year or a month that have entries, and how many each (docs/product.md §16): what the month view's
 * calendar and the year at a glance draw. The server reads them from the per-day counts it keeps beside the entries
 * (docs/decisions/006-stats-from-daily-counts.md).
 */
export interface DayCounts {
  /** The first and last day of the range asked for, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Each day of the range that has entries (YYYY-MM-DD), oldest first, with its number of entries. */
  days: Record<string, number>;
  /** Each day of the range with a mood (YYYY-MM-DD): the mood of its newest entry that has one. */
  moods: Record<string, Mood>;
  /**
   * Each day of the range with photos (YYYY-MM-DD): the id of its first photo (the first of its oldest entry with
   * photos), for the calendars' photo tiles. Absent from answers kept on a device by a version before them.
   */
  photos: Record<string, string>;
}

/** The first year a journal can hold: an import takes days from 1900 on (docs/product.md §13). */
export const FIRST_CALENDAR_YEAR = 1900;
