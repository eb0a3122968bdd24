import { type QueryClient, type QueryKey, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntryContent, EntryPage, JournalEntry, Stats } from '../../../shared/entry-schemas';
import type { DayWithLookBack, LookBack } from '../../../shared/look-back';
import { ApiError, apiRequest } from '../../lib/api';
import { usePersonalDataAllowed } from '../../lib/session/auth-context';
import { lookBackKeys } from './look-back/api';
import { fetchQuotes } from './stats/quotes';

export const journalKeys = {
  entries: ['entries'] as const,
  day: (dayKey: string) => ['entries', 'day', dayKey] as const,
  month: (monthKey: string) => ['entries', 'month', monthKey] as const,
  stats: ['stats'] as const,
  statsFor: (dayKey: string) => ['stats', dayKey] as const,
  quotes: ['quotes'] as const,
};

export interface NewEntry {
  /** Chosen by the client, so a retried save cannot store the entry twice. */
  id: string;
  content: EntryContent;
  /** The writer's local day at saving time. */
  localDate: string;
  /** The writer's offset from UTC at saving time, in minutes east; absent in writes queued before it was kept. */
  utcOffset?: number;
  /** The earlier day the entry is for, when it is not `localDate` (past days, docs/product.md §5). */
  day?: string;
}

export const journalApi = {
  /**
   * Every entry of a day. The server answers in pages of MAX_PAGE_SIZE; a day rarely fills one, but none is left
   * out. Each cursor continues after the last entry it saw, so a cursor that comes back unchanged is a fault, not
   * a reason to ask forever. Today's list asks for looking back in its first page (docs/product.md §15): one request
   * for the screen rather than two.
   */
  listDay: async (dayKey: string, withLookBack = false): Promise<EntryPage & { lookBack?: LookBack }> => {
    const entries: JournalEntry[] = [];
    let lookBack: LookBack | undefined;
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ day: dayKey });
      if (cursor) query.set('cursor', cursor);
      else if (withLookBack) query.set('lookBack', '1');
      const page: EntryPage & Partial<DayWithLookBack> = await apiRequest<EntryPage>('GET', `/api/entries?${query}`);
      entries.push(...page.entries);
      lookBack ??= page.lookBack;
      if (page.nextCursor !== null && page.nextCursor === cursor) throw new Error('The entry list did not advance');
      cursor = page.nextCursor;
    } while (cursor);
    return { entries, nextCursor: null, ...(lookBack ? { lookBack } : {}) };
  },
  listMonth: (monthKey: string, cursor: string | null) => {
    const query = new URLSearchParams({ month: monthKey });
    if (cursor) query.set('cursor', cursor);
    return apiRequest<EntryPage>('GET', `/api/entries?${query}`);
  },
  stats: (dayKey: string) => apiRequest<Stats>('GET', `/api/stats?${new URLSearchParams({ today: dayKey })}`),
  create: (entry: NewEntry) => apiRequest<JournalEntry>('POST', '/api/entries', entry),
  /** `localDate` is the writer's day when they edited (an edit sent later still counts for that day). */
  update: (id: string, content: EntryContent, localDate: string) =>
    apiRequest<JournalEntry>('PUT', `/api/entries/${encodeURIComponent(id)}`, { content, localDate }),
  remove: (id: string) => apiRequest<{ ok: true }>('DELETE', `/api/entries/${encodeURIComponent(id)}`),
};

/**
 * A refused request (403, 404...) gives the same answer the second time; a network blip or 5xx may not. While
 * offline, the retry waits for the connection (TanStack Query pauses it), and the cached answer stays shown.
 */
function retryOnceUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < 1;
}

/** How long an answer fetched as the writer signed in (first-screen.ts) stands for the page that then opens. */
const SIGN_IN_ANSWER_MS = 30_000;
const signInAnswers = new WeakMap<object, number>();

/** The query's answer was fetched as the writer signed in: the page that opens next shows it without asking again. */
export function keepSignInAnswer(queryClient: QueryClient, queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') signInAnswers.set(query, query.state.dataUpdatedAt);
}

/** A list is read again each time a screen shows it, unless its answer came with the sign-in moments ago. */
function refetchOnMount(query: { state: { dataUpdatedAt: number } }): boolean {
  const answeredAt = signInAnswers.get(query);
  return !(answeredAt === query.state.dataUpdatedAt && Date.now() - answeredAt < SIGN_IN_ANSWER_MS);
}

/** A day's entries; on today, its answer also brings today's look-back, which goes to its own query. */
export function dayEntriesQuery(queryClient: QueryClient, dayKey: string, today: string) {
  return queryOptions({
    queryKey: journalKeys.day(dayKey),
    queryFn: async (): Promise<EntryPage> => {
      const { lookBack, ...page } = await journalApi.listDay(dayKey, dayKey === today);
      if (lookBack) queryClient.setQueryData(lookBackKeys.lookBack(dayKey), lookBack);
      return page;
    },
    retry: retryOnceUnlessRefused,
    refetchOnMount,
    meta: { persist: true },
  });
}

export function useDayEntries(dayKey: string, today: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...dayEntriesQuery(queryClient, dayKey, today), enabled: usePersonalDataAllowed() });
}

export function useMonthEntries(monthKey: string) {
  return useInfiniteQuery({
    queryKey: journalKeys.month(monthKey),
    queryFn: ({ pageParam }) => journalApi.listMonth(monthKey, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: usePersonalDataAllowed(),
    retry: retryOnceUnlessRefused,
    meta: { persist: true },
  });
}

export function statsQuery(dayKey: string) {
  return queryOptions({
    queryKey: journalKeys.statsFor(dayKey),
    queryFn: () => journalApi.stats(dayKey),
    retry: retryOnceUnlessRefused,
    refetchOnMount,
    meta: { persist: true },
  });
}

export function useStats(dayKey: string) {
  return useQuery({ ...statsQuery(dayKey), enabled: usePersonalDataAllowed() });
}

/** The quotes file never changes while the app runs: fetched once, never retried (the screen falls back instead). */
export const quotesQuery = {
  queryKey: journalKeys.quotes,
  queryFn: fetchQuotes,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  meta: { persist: true },
} as const;

export function useQuotes() {
  return useQuery({
    ...quotesQuery,
    // A quotes file that failed stays failed until the next start (the fallback quote shows): asked for again each
    // time a screen with the quote opens, it would blink from the fallback to a blank and back.
    retryOnMount: false,
  });
}

const quoteWaits = new WeakMap<object, Promise<void>>();

/**
 * Settles once the quotes are known (read from the device's copy, fetched, or failed) or `ms` have passed: what the
 * journal waits for before it is first drawn. One wait for each quotes query, so the journal never waits twice for
 * the same one; a sign-out clears the cache, and the next journal waits for its own. It asks for the file itself: the
 * journal's own request would come only once the journal is drawn.
 */
export function quotesKnown(client: QueryClient, ms: number): Promise<void> {
  const cache = client.getQueryCache();
  const query = cache.build(client, quotesQuery);
  let wait = quoteWaits.get(query);
  if (wait) return wait;
  wait = new Promise<void>((resolve) => {
    const known = () => query.state.status !== 'pending';
    const done = () => {
      clearTimeout(timer);
      stopWatching();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stopWatching = cache.subscribe((event) => {
      if (event.query === query && known()) done();
    });
    if (known()) done();
    else void client.prefetchQuery(quotesQuery);
  });
  quoteWaits.set(query, wait);
  return wait;
}
