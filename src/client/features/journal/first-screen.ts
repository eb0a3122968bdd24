import type { QueryClient } from '@tanstack/react-query';
import { todayKey } from '../../lib/today';
import { dayEntriesQuery, keepSignInAnswer, quotesQuery, statsQuery } from './api';

/**
 * What the journal's first screen shows, asked for as the writer's session arrives (lib/sign-in-warmup.ts), so that
 * today's page finds it there or on its way rather than asking once its code has run: the quotes, today's entries and
 * today's stats.
 */
export function prefetchToday(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(quotesQuery);
  const today = todayKey();
  const day = dayEntriesQuery(queryClient, today, today);
  const stats = statsQuery(today);
  void queryClient.prefetchQuery(day).then(() => keepSignInAnswer(queryClient, day.queryKey));
  void queryClient.prefetchQuery(stats).then(() => keepSignInAnswer(queryClient, stats.queryKey));
}
