import { useEffect, useState } from 'react';
import { JOURNAL_MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../ui/toast-context';

export interface LoadErrorMessages {
  toast: string;
  inline: string;
}

/**
 * The words for a failed journal load (docs/product.md §8): 403 is the permission-denied case, 503 the database
 * still being set up (failed-precondition), anything else the general failure.
 */
export function loadErrorMessages(error: unknown): LoadErrorMessages {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    return { toast: JOURNAL_MESSAGES.loadPermissionToast, inline: JOURNAL_MESSAGES.loadPermissionInline };
  }
  if (status === 503) {
    return {
      toast: JOURNAL_MESSAGES.loadFailedPreconditionToast,
      inline: JOURNAL_MESSAGES.loadFailedPreconditionInline,
    };
  }
  return { toast: JOURNAL_MESSAGES.loadFailedToast, inline: JOURNAL_MESSAGES.loadFailedInline };
}

export interface QueryOutcome {
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

// The failure last told of, by source: a list that remounts with a cached error should not toast it again.
const toldFailures = new Map<string, { failedAt: number; message: string }>();
// Sources whose reader asked to try again since their last failure was told.
const retriesAsked = new Set<string>();

/** The reader asked for another attempt at the source's load (Try Again): if it fails too, they hear it again. */
export function retryAsked(source: string): void {
  retriesAsked.add(source);
}

/**
 * Shows a toast once per failure of a query. `failedAt` is the query's errorUpdatedAt; `message` is null while
 * the query is not failing; `loadedAt` is its dataUpdatedAt. A failure that only repeats the one told before, with
 * no load in between and no Try Again asked for, is not told again: while only the API is unreachable, the app
 * fetches again each time the connection comes back, every few seconds, and the reason stays on the screen.
 */
export function useFailureToast(source: string, failedAt: number, message: string | null, loadedAt = 0): void {
  const toast = useToast();
  useEffect(() => {
    const told = toldFailures.get(source);
    if (message === null || failedAt === 0 || told?.failedAt === failedAt) return;
    const repeat = told !== undefined && told.failedAt > loadedAt && told.message === message;
    const asked = retriesAsked.delete(source);
    toldFailures.set(source, { failedAt, message });
    if (!repeat || asked) toast.error(message);
  }, [source, failedAt, message, loadedAt, toast]);
}
