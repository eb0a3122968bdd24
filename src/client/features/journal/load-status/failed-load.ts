import { useState } from 'react';

interface QueryOutcome {
  error: unknown;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
  failureCount: number;
  failureReason: unknown;
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

export interface RetriedFailure {
  /** The query has failed, has not loaded since, and is being fetched again (a retry, or a new fetch). */
  retrying: boolean;
  /** The failure it is being fetched again after, while this component saw it. */
  error: unknown;
}

/**
 * A failed load that is being tried again. TanStack Query forgets the error of a query that has no data as soon as
 * it fetches it again (its status goes back to pending), so the screen would swap the reason for 'Loading...' and
 * back on every attempt: on Try Again, and on each refetch when the connection comes back, which repeats every few
 * seconds while only the API is unreachable. With this, the reason stays, and Try Again shows it is busy.
 */
export function useRetriedFailure(query: QueryOutcome): RetriedFailure {
  // The last error seen, kept across the refetch that clears it (state derived during render, as React allows).
  const [lastError, setLastError] = useState<unknown>(null);
  if (query.error != null && query.error !== lastError) setLastError(query.error);
  // Failed before (errorUpdatedAt), or earlier in this fetch, which is now retrying (failureCount).
  const failed = query.errorUpdatedAt > query.dataUpdatedAt || query.failureCount > 0;
  const retrying = query.isPending && query.fetchStatus === 'fetching' && failed;
  return { retrying, error: retrying ? (query.failureReason ?? lastError) : null };
}
