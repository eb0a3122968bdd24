import { Link } from 'react-router';
import { FIRST_CALENDAR_YEAR } from '../../../../../shared/day-counts';
import { useConnectionState } from '../../../../lib/connection/connection-state';
import { paths } from '../../../../lib/paths';
import { useAuth } from '../../../../lib/session/auth-context';
import { Button, buttonClassName } from '../../../../ui/Button';
import { Chevron } from '../../../../ui/Icon';
import { Notice } from '../../../../ui/Notice';
import '../../../../styles/calendar.css';
import { journalPath } from '../../list/journal-view';
import { withPendingWrites } from '../../list/pending-entries';
import { usePendingWrites } from '../../sync/entry-writes';
import { useDayCounts } from '../api';
import {
  calendarBounds,
  clampDay,
  countByDay,
  firstPhotoByDay,
  mergeDayCounts,
  monthAndYear,
  monthName,
  monthsOfYear,
  moodByDay,
} from '../date-grid';
import { CalendarGrid, openAtTop, useRovingDay } from './CalendarGrid';
import { MoodLegend } from './MoodLegend';

/** What the screen says when it has no days to show; only this screen says them. */
export const YEAR_MESSAGES = {
  loading: 'Loading your year...',
  needsConnection: 'The year at a glance needs a connection. It will show here once you are back online.',
  failed: 'Your year could not be loaded. Please try again.',
  offlineCopy: 'Offline: these are the days as this device last loaded them.',
} as const;

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function yearSummary(year: number, days: number): string {
  return days === 0 ? `No entries in ${year}.` : `You wrote on ${daysText(days)} in ${year}.`;
}

export interface YearAtAGlanceProps {
  year: number;
  today: string;
  onYear: (year: number) => void;
}

/**
 * A year at a glance (docs/product.md §16): twelve small months with the days that have entries filled in, each day
 * up to today a link to its day view. One request, GET /api/days?year=, answered from the per-day counts the server
 * keeps, whatever the number of entries. Each month is a grid of its own with one tab stop, so a keyboard or screen
 * reader user crosses the year in 24 stops (a month's name, then its days) rather than 365; the arrows move within
 * and across the months.
 */
export function YearAtAGlance({ year, today, onYear }: YearAtAGlanceProps) {
  const thisYear = Number(today.slice(0, 4));
  const query = useDayCounts({ year });
  const connection = useConnectionState();
  const pendingWrites = usePendingWrites();
  // Entries written on this device and not yet sent are on the year already.
  const waitingEntries = withPendingWrites([], pendingWrites, (day) => day.startsWith(`${year}-`));
  const waiting = countByDay(waitingEntries);
  const counts = query.data ? mergeDayCounts(query.data.days, waiting) : undefined;
  // A year kept by an older version has no moods; a new entry waiting to sync is the day's newest.
  const moods = { ...query.data?.moods, ...moodByDay(waitingEntries) };
  // Each day's first photo, where the writer chose to see them: the server's, which reads all of a day's entries.
  const { profile } = useAuth();
  const photos = profile?.calendarPhotos === true ? { ...firstPhotoByDay(waitingEntries), ...query.data?.photos } : undefined;
  const bounds = calendarBounds(`${year}-01-01`, `${year}-12-31`, today);
  const { focusDay, containerRef, onKeyDown, onFocus } = useRovingDay(
    year === thisYear ? today : `${year}-01-01`,
    bounds,
  );
  const offline = connection === 'offline';

  let body;
  if (counts) {
    body = (
      <>
        <p className="year-summary">{yearSummary(year, Object.keys(counts).length)}</p>
        {offline && <p className="calendar-note muted">{YEAR_MESSAGES.offlineCopy}</p>}
        <MoodLegend />
        {/* The days' keys bubble up to here, where they move the focus from day to day and month to month. */}
        <div ref={containerRef} className="year-months" onKeyDown={onKeyDown} onFocus={onFocus}>
          {monthsOfYear(year).map((month) => {
            const monthDays = Object.keys(counts).filter((day) => day.startsWith(month)).length;
            const firstDay = `${month}-01`;
            const started = firstDay <= today;
            // Each month keeps a tab stop: the day the arrows left in it, or its first.
            const tabStop = !bounds || !started ? undefined : focusDay?.startsWith(month) ? focusDay : clampDay(firstDay, bounds);
            const name = monthName(month);
            return (
              <section key={month} className="year-month" aria-label={monthAndYear(month)}>
                <h2 className="year-month-title">
                  {started ? (
                    <Link
                      to={journalPath({ view: 'month', date: month === today.slice(0, 7) ? today : firstDay })}
                      onClick={openAtTop}
                    >
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                  <span className="year-month-count">{daysText(monthDays)}</span>
                </h2>
                <CalendarGrid
                  monthKey={month}
                  today={today}
                  counts={counts}
                  moods={moods}
                  photos={photos}
                  focusDay={tabStop}
                  label={`${monthAndYear(month)}, ${monthDays === 1 ? '1 day' : `${monthDays} days`} with entries`}
                  size="small"
                />
              </section>
            );
          })}
        </div>
      </>
    );
  } else if (offline || (query.isPending && query.fetchStatus === 'paused')) {
    // Nothing kept on the device for this year: an empty year here would be a wrong one.
    body = (
      <Notice tone="info" className="year-status">
        <p>{YEAR_MESSAGES.needsConnection}</p>
      </Notice>
    );
  } else if (query.isError) {
    body = (
      <Notice tone="error" className="year-status" announce={false}>
        <p>{YEAR_MESSAGES.failed}</p>
        <Button variant="secondary" className="btn-small" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Notice>
    );
  } else {
    body = (
      <p role="status" className="list-loading">
        {YEAR_MESSAGES.loading}
      </p>
    );
  }

  return (
    <div className="journal-list year-view">
      <div className="journal-header">
        <div className="date-nav">
          <button
            type="button"
            className="icon-button"
            aria-label="Previous year"
            onClick={() => onYear(year - 1)}
            disabled={year <= FIRST_CALENDAR_YEAR}
          >
            <Chevron direction="left" />
          </button>
          <h1 tabIndex={-1} className="journal-date">
            {year} at a glance
          </h1>
          {year < thisYear ? (
            <button type="button" className="icon-button" aria-label="Next year" onClick={() => onYear(year + 1)}>
              <Chevron direction="right" />
            </button>
          ) : (
            <span className="icon-button-spacer" aria-hidden="true" />
          )}
        </div>
        <div className="year-controls">
          <Link to={paths.journal} className={buttonClassName('secondary', 'btn-small')}>
            Back to the journal
          </Link>
          {year !== thisYear && (
            <Button variant="secondary" className="btn-small" onClick={() => onYear(thisYear)}>
              Go to {thisYear}
            </Button>
          )}
        </div>
      </div>
      <div className="card year-card">{body}</div>
    </div>
  );
}
