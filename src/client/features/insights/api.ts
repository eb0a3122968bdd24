import { useQuery } from '@tanstack/react-query';
import type { Insights } from '../../../shared/insights';
import { apiRequest } from '../../lib/api';
import { usePersonalDataAllowed } from '../../lib/session/auth-context';

export const insightsKeys = {
  all: ['insights'] as const,
  /** The figures of one year, or of the whole journal ('all'), as of the writer's today. */
  of: (today: string, year: number | undefined) => ['insights', today, year ?? 'all'] as const,
};

export const insightsApi = {
  insights: (today: string, year: number | undefined) => {
    const query = new URLSearchParams({ today });
    if (year !== undefined) query.set('year', String(year));
    return apiRequest<Insights>('GET', `/api/insights?${query}`);
  },
};

/**
 * The Insights figures. Asked for again on each visit (another device may have written since); the server keeps
 * the answer while the journal is unchanged, so a repeated visit is cheap.
 */
export function useInsights(today: string, year: number | undefined) {
  return useQuery({
    queryKey: insightsKeys.of(today, year),
    queryFn: () => insightsApi.insights(today, year),
    enabled: usePersonalDataAllowed(),
    retry: 1,
  });
}
