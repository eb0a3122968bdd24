import type { QueryClient } from '@tanstack/react-query';
import { todayKey } from '../../lib/today';
import { dayEntriesQuery, keepSignInAnswer, quotesQuery, statsQuery } from './api';

/**
 * What the journal's first screen shows, asked for while the writer signs in (lib/sign-in-warmup.ts), so that today's
 * page finds it there or on its way rather than asking once its code has run: the quotes on the tap on Sign In (a
 * file anyone may read), today's entries and stats once the session is there.
 */
export function prefetchQuotes(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(quotesQuery);
}

export function prefetchToday(queryClient: QueryClient): void {
  const today = todayKey();
  const day = dayEntriesQuery(queryClient, today, today);
  const stats = statsQuery(today);
  void queryClient.prefetchQuery(day).then(() => keepSignInAnswer(queryClient, day.queryKey));
  void queryClient.prefetchQuery(stats).then(() => keepSignInAnswer(queryClient, stats.queryKey));
}
