import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useToast } from '../../ui/toast-context';

/** Whether a CSS media query matches now, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Moves focus to the element once it is shown, so keyboard and screen-reader users land on the new step. */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

// Failures already announced, by source: a list that remounts with a cached error should not toast it again.
const toastedFailures = new Map<string, number>();

/**
 * Shows a toast once per failure of a query. `failedAt` is the query's errorUpdatedAt; `message` is null while
 * the query is not failing.
 */
export function useFailureToast(source: string, failedAt: number, message: string | null): void {
  const toast = useToast();
  useEffect(() => {
    if (message === null || failedAt === 0 || toastedFailures.get(source) === failedAt) return;
    toastedFailures.set(source, failedAt);
    toast.error(message);
  }, [source, failedAt, message, toast]);
}
