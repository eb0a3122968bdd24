import { useEffect } from 'react';
import { useToast } from '../../ui/toast-context';

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
