import { dayNumberToKey, monthDayRange } from '../../../../../shared/dates';
import { FIRST_CALENDAR_YEAR } from '../../../../../shared/day-counts';
import { useAuth } from '../../../../lib/session/auth-context';
import '../../../../styles/calendar.css';
import { useDayCounts } from '../api';
import { calendarBounds, mergeDayCounts, monthAndYear } from '../date-grid';
import { newerThanCopy } from '../../offline-copy/copied-lists';
import type { Mood } from '../../../../../shared/mood';
import { CalendarGrid, useRovingDay } from './CalendarGrid';
import { MoodLegend } from './MoodLegend';

export interface MonthCalendarProps {
  monthKey: string;
  /** The day the month view was opened on: the calendar's tab stop starts there. */
  dayKey: string;
  today: string;
  /** Each day's entries among those the device holds for the month, writes waiting to sync included. */
  deviceCounts: Record<string, number>;
  /** Each day's mood among those entries, where one has a mood. */
  deviceMoods?: Record<string, Mood>;
  /** Each day's first photo among those entries, where one has photos. */
  devicePhotos?: Record<string, string>;
  /**
   * When those entries are the whole month from the device's copy of the journal (the server cannot answer): when the
   * copy kept the month (ms since the epoch, 0 when not known).
   */
  copiedAt?: number;
}

function daysText(days: number): string {
  if (days === 0) return 'No days with entries yet';
  return `You wrote on ${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The month view's calendar (docs/product.md §16): the month's days in weeks, those with entries marked, today
 * outlined, and each day up to today a link to its day view.
 *
 * The marks come from the server's counts of the month's days (GET /api/days?month=), not from the entries the list
 * loads: the list loads five entries a page, so the later days of a busy month would stay unmarked until it is
 * scrolled to the end, and loading every page for the marks costs every entry's text where the counts cost one
 * small row per day with entries, read along an index and kept in the answer cache. The entries the device holds
 * are merged in, so a write waiting to sync is marked at once; offline, with no counts kept for the month, or only
 * older ones than the device's copy of the month, they are all the calendar has, and it says so.
 */
export function MonthCalendar({
  monthKey,
  dayKey,
  today,
  deviceCounts,
  deviceMoods,
  devicePhotos,
  copiedAt,
}: MonthCalendarProps) {
  const { profile } = useAuth();
  const range = monthDayRange(monthKey);
  const first = dayNumberToKey(range.first);
  const bounds = calendarBounds(first, dayNumberToKey(range.last), today);
  // A month still to come, or before any day a journal holds, has no counts to ask for.
  const askable = bounds !== undefined && Number(monthKey.slice(0, 4)) >= FIRST_CALENDAR_YEAR;
  const server = useDayCounts({ month: monthKey }, askable);
  // The whole month from the copy stands alone over counts the device kept from before the copy took the month.
  const copied = copiedAt === undefined ? undefined : { keptAt: copiedAt };
  const held = server.data && newerThanCopy(server.dataUpdatedAt, copied) ? server.data : undefined;
  const counts = mergeDayCounts(held?.days, deviceCounts);
  // The device's entries hold the newest words, writes waiting to sync included: their moods go over the server's.
  const moods = { ...held?.moods, ...deviceMoods };
  // The server's answer reads every entry of the month, the device's only those it holds: the server's first photo wins.
  // Counts kept by a version before the photos have none.
  const photos = profile?.calendarPhotos === true ? { ...devicePhotos, ...held?.photos } : undefined;
  const withMood = Object.keys(moods).filter((day) => (counts[day] ?? 0) > 0).length;
  const { focusDay, containerRef, onKeyDown, onFocus } = useRovingDay(dayKey, bounds);
  const withEntries = Object.values(counts).filter((count) => count > 0).length;
  const fromDeviceOnly =
    askable && held === undefined && (server.isError || server.fetchStatus === 'paused' || copiedAt !== undefined);

  return (
    <div className="card month-calendar">
      {/* The days' keys bubble up to here, where they move the tab stop from day to day. */}
      <div ref={containerRef} className="calendar-keys" onKeyDown={onKeyDown} onFocus={onFocus}>
        <CalendarGrid
          monthKey={monthKey}
          today={today}
          counts={counts}
          moods={moods}
          photos={photos}
          focusDay={focusDay}
          label={`Calendar, ${monthAndYear(monthKey)}`}
          size="large"
        />
      </div>
      <div className="calendar-legend">
        <p>
          <span className="calendar-swatch has-entry" aria-hidden="true" />
          {daysText(withEntries)}
        </p>
        {monthKey === today.slice(0, 7) && (
          <p aria-hidden="true">
            <span className="calendar-swatch is-today" />
            Today
          </p>
        )}
      </div>
      {withMood > 0 && <MoodLegend />}
      {fromDeviceOnly && <p className="calendar-note muted">Marked from the entries saved on this device.</p>}
    </div>
  );
}
