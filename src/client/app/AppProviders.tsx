import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { persistOptions } from '../lib/persistence/query-persistence';
import { AuthProvider } from '../lib/session/AuthProvider';
import { useAuth } from '../lib/session/auth-context';
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

/** The query cache, restored from IndexedDB before any query runs (new version: a fresh cache). */
const PERSIST_OPTIONS = persistOptions(__APP_VERSION__);

// Only a signed-in journal has writes to send: visitors never download the outbox.
const OutboxSync = lazy(() =>
  import('../features/journal/sync/OutboxSync').then((module) => ({ default: module.OutboxSync })),
);

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
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={PERSIST_OPTIONS}>
      <AuthProvider>
        <ToastProvider>
          <JournalSync />
          {children}
        </ToastProvider>
      </AuthProvider>
    </PersistQueryClientProvider>
  );
}
