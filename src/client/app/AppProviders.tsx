import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '../lib/session/auth-context';
import { AuthProvider } from '../lib/session/AuthProvider';
import { warmUpForSignIn } from '../lib/sign-in-warmup';
import { ToastProvider } from '../ui/ToastProvider';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: 1,
        // Try once even when offline: the cached answer stays shown, and retries wait for the connection.
        networkMode: 'offlineFirst',
        // Kept for the whole visit (docs/product.md §9: unlimited local cache); the persisted copy ages out on its own.
        gcTime: Infinity,
      },
      // Writes go through the journal outbox, which decides itself what waits for the connection.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The code that keeps answers on the device: loaded after the first screen, which does not wait for it. */
const loadPersistence = () => import('../lib/persistence/query-persistence');

/** Each version starts with a fresh device cache: an older one may hold answers of another shape. */
const CACHE_VERSION = __APP_VERSION__;

/**
 * The query cache, restored from IndexedDB before any query runs, then kept there (queries with meta.persist), as
 * react-query's PersistQueryClientProvider does: while restoring, queries wait. The persistence code is fetched
 * here rather than with the first screen.
 */
function useDeviceCache(queryClient: QueryClient): boolean {
  const [restoring, setRestoring] = useState(true);
  const restoreStarted = useRef(false);
  useEffect(() => {
    if (!restoreStarted.current) {
      restoreStarted.current = true;
      loadPersistence()
        .then((persistence) => persistence.restorePersistedQueries(queryClient, CACHE_VERSION))
        .catch((error: unknown) => console.warn('Could not read the offline cache', error))
        // As a transition: every query of the page draws again once the saved answers are in, and React then builds
        // the page in slices that let taps through, rather than in one long task.
        .finally(() => startTransition(() => setRestoring(false)));
    }
    if (restoring) return undefined;
    let stop: (() => void) | undefined;
    let active = true;
    void loadPersistence().then((persistence) => {
      if (active) stop = persistence.keepQueriesPersisted(queryClient, CACHE_VERSION);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [queryClient, restoring]);
  return restoring;
}

// Only a signed-in journal has writes to send: visitors never download the outbox, and one signing in has it
// fetched with the page's code as the session arrives (lib/sign-in-warmup.ts).
const loadOutboxSync = () => import('../features/journal/sync/components/OutboxSync');
const OutboxSync = lazy(() => loadOutboxSync().then((module) => ({ default: module.OutboxSync })));
warmUpForSignIn(() => void loadOutboxSync().catch(() => undefined));

function JournalSync() {
  const { user } = useAuth();
  if (!user?.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <OutboxSync />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient | undefined }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const restoring = useDeviceCache(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <AuthProvider>
          <ToastProvider>
            <JournalSync />
            {children}
          </ToastProvider>
        </AuthProvider>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
