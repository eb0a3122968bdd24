import { useQuery } from '@tanstack/react-query';
import type { DayCounts } from '../../../../shared/day-counts';
import { ApiError, apiRequest } from '../../../lib/api';
import { usePersonalDataAllowed } from '../../../lib/session/auth-context';
import { journalKeys } from '../api';

/** A year (2026) or a month ('2026-03') of the calendar. */
export type CalendarRange = { year: number } | { month: string };

function rangeQuery(range: CalendarRange): string {
  return 'year' in range ? `year=${String(range.year).padStart(4, '0')}` : `month=${range.month}`;
}

/**
 * The days' counts live under the stats' key: every write and every import already marks the stats out of date
 * (sync/entry-writes.ts; app/SettingsRoute.tsx after an import), and these are counts kept with them on the
 * server, so they are read again at the same moments. Sign-out forgets them with the rest of the journal.
 */
export const dayCountsKey = (range: CalendarRange) => [...journalKeys.stats, 'days', rangeQuery(range)] as const;

export function fetchDayCounts(range: CalendarRange): Promise<DayCounts> {
  return apiRequest<DayCounts>('GET', `/api/days?${rangeQuery(range)}`);
}

/** As the lists: a refusal is final, a network blip or a 5xx is tried once more; offline, the retry waits. */
function retryOnceUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < 1;
}

/**
 * The days with entries of a year or a month, kept on the device like the lists (meta.persist), so a calendar seen
 * before shows offline.
 */
export function useDayCounts(range: CalendarRange, enabled = true) {
  return useQuery({
    queryKey: dayCountsKey(range),
    queryFn: () => fetchDayCounts(range),
    retry: retryOnceUnlessRefused,
    enabled: usePersonalDataAllowed() && enabled,
    meta: { persist: true },
  });
}
