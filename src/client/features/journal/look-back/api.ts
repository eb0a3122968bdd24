import { useQuery, skipToken } from '@tanstack/react-query';
import { MONTH_LOOK_BACK_DAYS, type MonthLookBack } from '../../../../shared/insights';
import type { JarPick, LookBack } from '../../../../shared/look-back';
import { apiRequest } from '../../../lib/api';
import { type JournalCopy, readJournalCopy } from '../../../lib/persistence/journal-copy';
import { useAuth, usePersonalDataAllowed } from '../../../lib/session/auth-context';

/** Apart from ['entries', ...]: the writes' cache edits (sync/entry-writes.ts) expect lists under that key. */
export const lookBackKeys = {
  all: ['look-back'] as const,
  lookBack: (today: string) => ['look-back', today] as const,
  jars: ['look-back-jar'] as const,
  /** The gratitude the jar shows after "Another" (until then, the look-back answer's pick). */
  jar: (today: string) => ['look-back-jar', today] as const,
};

export const lookBackApi = {
  another: (today: string, not: string | undefined) => {
    const query = new URLSearchParams({ today });
    if (not) query.set('not', not);
    return apiRequest<JarPick>('GET', `/api/jar?${query}`);
  },
};

/**
 * Today's look-back: On this day and the jar's pick of the day. It arrives with today's day list (useDayEntries) and
 * is kept on the device like the lists, so that it shows offline; it is never fetched on its own. A day the device
 * has no answer for is worked out from the lists it holds (offline-look-back.ts).
 */
export function useLookBack(today: string) {
  return useQuery<LookBack>({ queryKey: lookBackKeys.lookBack(today), queryFn: skipToken, meta: { persist: true } });
}

/** The jar's gratitude after "Another", written into the cache by the jar itself; never fetched on its own. */
export function useJarPick(today: string) {
  return useQuery<JarPick>({ queryKey: lookBackKeys.jar(today), queryFn: skipToken, meta: { persist: true } });
}

/** The monthly look back, asked for on the days of a month it may be offered (docs/product.md, "Insights"). */
export const monthLookBackKeys = {
  of: (today: string) => ['month-look-back', today] as const,
};

export const monthLookBackApi = {
  read: (today: string) =>
    apiRequest<{ lookBack: MonthLookBack | null }>('GET', `/api/insights/month?${new URLSearchParams({ today })}`),
  dismiss: (month: string) => apiRequest<void>('POST', '/api/insights/month/dismiss', { month }),
};

/**
 * "Your October" on today's list: read only on days 1 to MONTH_LOOK_BACK_DAYS of a month, so the list asks nothing
 * more on the other days; kept in memory only (it is offered again online).
 */
export function useMonthLookBack(today: string) {
  const offered = Number(today.slice(8, 10)) <= MONTH_LOOK_BACK_DAYS;
  return useQuery({
    queryKey: monthLookBackKeys.of(today),
    queryFn: () => monthLookBackApi.read(today),
    enabled: usePersonalDataAllowed() && offered,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The device's copy of the whole journal (lib/persistence/journal-copy.ts), read from IndexedDB only while today has
 * no answer from the server: looking back offline then reaches every year the copy holds. Kept in memory only, and
 * read again each time it is needed.
 */
export function useJournalCopy(needed: boolean): JournalCopy | undefined {
  const userId = useAuth().user?.id;
  const query = useQuery({
    queryKey: ['journal-copy', userId],
    queryFn: userId && needed ? () => readJournalCopy(userId) : skipToken,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  return needed ? query.data : undefined;
}
