import { useId, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { monthKeyOf } from '../../../../../shared/dates';
import { FIRST_CALENDAR_YEAR } from '../../../../../shared/day-counts';
import { STATS_MESSAGES } from '../../../../../shared/messages';
import { paths } from '../../../../lib/paths';
import { useStats } from '../../api';
import { useDayCounts } from '../../calendar/api';
import { yearViewPath } from '../../list/journal-view';
import { retryAsked, useFailureToast, useRetriedFailure } from '../../load-status/load-failure';
import { monthEntryCount } from '../../offline-copy/copied-lists';
import { useCopiedMonth } from '../../offline-copy/use-copied-month';
import { usePendingWrites } from '../../sync/entry-writes';
import type { PendingWrite } from '../../sync/outbox';
import { statsWithPendingWrites, useKnownJournal } from '../pending-stats';
import { LoadingStats, Stat, monthlyCountText, streakText } from './LoadingStats';

export { monthlyCountText, streakText } from './LoadingStats';

/** '3 entries in October', or 'in October 2025' for a month of another year than today's. */
export function shownMonthCountText(count: number, monthKey: string, today: string): string {
  const month = new Date(Number(monthKey.slice(0, 4)), Number(monthKey.slice(5, 7)) - 1, 1);
  const sameYear = monthKey.slice(0, 4) === today.slice(0, 4);
  const name = month.toLocaleDateString('en-US', sameYear ? { month: 'long' } : { month: 'long', year: 'numeric' });
  return `${count} ${count === 1 ? 'entry' : 'entries'} in ${name}`;
}

/**
 * The count of the month the month view shows, when that is not the current month: from the month's day counts,
 * the very answer its calendar draws (same query, so no request of its own). While the server cannot answer, from
 * the device's copy of that one month, the very entries the month's page lists offline (the same read). Nothing
 * until one of them is known.
 */
function useShownMonthCount(shownMonth: string | undefined, today: string, writes: readonly PendingWrite[]): number | undefined {
  const other = shownMonth !== undefined && shownMonth !== monthKeyOf(today) ? shownMonth : undefined;
  const askable = other !== undefined && other < monthKeyOf(today) && Number(other.slice(0, 4)) >= FIRST_CALENDAR_YEAR;
  const month = other ?? monthKeyOf(today);
  const counts = useDayCounts({ month }, askable);
  const copied = useCopiedMonth(month, counts, askable);
  if (!askable) return undefined;
  const held = counts.data && { days: counts.data.days, loadedAt: counts.dataUpdatedAt };
  return monthEntryCount(month, held, copied, writes);
}

/**
 * The expander's refreshes, by day: 'refreshing' while one runs, then the failure it ended in (the query's
 * errorUpdatedAt), if any. Kept outside the panel, like the failures already toasted (load-status/load-failure.ts),
 * so that a panel mounted again (back from the settings, say) still knows that a failure belongs to the details.
 */
const detailsRefreshes = new Map<string, 'refreshing' | number>();

/**
 * Entries this month and the current streak, with the year's and all-time counts behind an expander. Opening the
 * expander refreshes the numbers (another device may have written since); if that refresh fails, the summary keeps
 * the numbers it has, and only the details say they could not be loaded. The entries still waiting to sync count
 * as the server will count them once they arrive (pending-stats.ts).
 */
export function StatsPanel({ today, shownMonth }: { today: string; /** The month view's month, YYYY-MM. */ shownMonth?: string }) {
  const stats = useStats(today);
  const pendingWrites = usePendingWrites();
  const knownJournal = useKnownJournal();
  const counted = stats.data && statsWithPendingWrites(stats.data, pendingWrites, today, knownJournal);
  const shownMonthCount = useShownMonthCount(shownMonth, today, pendingWrites);
  const [expanded, setExpanded] = useState(false);
  const [, detailsRefreshed] = useReducer((count: number) => count + 1, 0);
  const headingId = useId();
  const detailsId = useId();
  const detailsRefresh = detailsRefreshes.get(today);
  const refreshingDetails = detailsRefresh === 'refreshing';
  const detailsFailed = stats.isError && (refreshingDetails || stats.errorUpdatedAt === detailsRefresh);
  useFailureToast(
    `stats:${today}`,
    stats.errorUpdatedAt,
    stats.isError ? (detailsFailed ? STATS_MESSAGES.detailedFailed : STATS_MESSAGES.loadFailed) : null,
    stats.dataUpdatedAt,
  );
  const retried = useRetriedFailure(stats);
  // Offline with no copy of today's numbers on the device: the load waits for the connection.
  const unavailable =
    (stats.isError && !detailsFailed) || retried.retrying || (stats.isPending && stats.fetchStatus === 'paused');

  function toggleDetails() {
    if (expanded) {
      setExpanded(false);
      return;
    }
    detailsRefreshes.set(today, 'refreshing');
    // Opening the details asks for the numbers again: a failure is told even if the last one was the same.
    retryAsked(`stats:${today}`);
    setExpanded(true);
    void stats.refetch().then((result) => {
      if (result.isError) detailsRefreshes.set(today, result.errorUpdatedAt);
      else detailsRefreshes.delete(today);
      detailsRefreshed();
    });
  }

  return (
    <section className="card stats-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Your journal statistics
      </h2>
      {stats.isPending && !unavailable && <LoadingStats />}
      {unavailable && <p className="stats-message muted">{STATS_MESSAGES.unavailable}</p>}
      {counted && !unavailable && (
        <>
          <div className="stats-summary">
            <Stat icon="✎" text={monthlyCountText(counted.monthlyCount)} />
            {shownMonth !== undefined && shownMonthCount !== undefined && (
              <Stat icon="▦" text={shownMonthCountText(shownMonthCount, shownMonth, today)} />
            )}
            <Stat icon="☀" text={streakText(counted.streak)} />
            <button
              type="button"
              className="btn btn-link stats-toggle"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={toggleDetails}
            >
              {expanded ? 'Show fewer stats' : 'Show more stats'}
            </button>
          </div>
          <div id={detailsId} className="stats-more" hidden={!expanded} aria-busy={refreshingDetails}>
            {detailsFailed && !refreshingDetails ? (
              <p className="stats-message muted">{STATS_MESSAGES.unavailable}</p>
            ) : (
              <dl className="stats-details">
                <div className="stats-detail">
                  <dt>Entries this year</dt>
                  <dd className="tabular">{counted.yearlyCount}</dd>
                </div>
                <div className="stats-detail">
                  <dt>Total entries</dt>
                  <dd className="tabular">{counted.totalEntries}</dd>
                </div>
              </dl>
            )}
            {/* The year's days, drawn from their own counts: open even when these numbers could not be read. */}
            <p className="stats-year-link">
              <Link to={yearViewPath(Number(today.slice(0, 4)))}>Your year at a glance</Link>
              <span aria-hidden="true"> · </span>
              <Link to={paths.insights}>Insights</Link>
            </p>
          </div>
        </>
      )}
    </section>
  );
}
