import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { localDatabase } from './local-database';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Keep this query's last good answer in IndexedDB, so it shows offline and after a reload. */
      persist?: boolean;
    };
  }
}

/** How long a persisted cache stays usable; older ones are thrown away on start. */
export const PERSISTED_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const CACHE_KEY = 'query-cache';

export const queryPersister = createAsyncStoragePersister({
  key: CACHE_KEY,
  storage: {
    getItem: async (key: string) => {
      const value = await localDatabase.get(key);
      return typeof value === 'string' ? value : null;
    },
    setItem: (key: string, value: string) => localDatabase.set(key, value),
    removeItem: (key: string) => localDatabase.remove(key),
  },
});

// The persister brings its own copy of query-core, whose Query type is not react-query's.
type PersistedQuery = Parameters<
  NonNullable<NonNullable<PersistQueryClientOptions['dehydrateOptions']>['shouldDehydrateQuery']>
>[0];

/** Only queries that opt in with meta.persist, and only their successful answers. */
function shouldPersist(query: PersistedQuery): boolean {
  return query.state.status === 'success' && query.meta?.persist === true;
}

export function persistOptions(buster: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: queryPersister,
    maxAge: PERSISTED_CACHE_MAX_AGE_MS,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false },
  };
}

/** Puts the answers kept on the device back into the cache (nothing when they are too old or of another version). */
export async function restorePersistedQueries(queryClient: QueryClient, buster: string): Promise<void> {
  await persistQueryClientRestore({ ...persistOptions(buster), queryClient });
}

/** Keeps the device's copy up to date with the cache from now on; returns the function that stops it. */
export function keepQueriesPersisted(queryClient: QueryClient, buster: string): () => void {
  return persistQueryClientSubscribe({ ...persistOptions(buster), queryClient });
}

/** Forgets the persisted cache (sign-out, another user): the next save writes only what is left in memory. */
export async function clearPersistedQueries(): Promise<void> {
  try {
    await queryPersister.removeClient();
  } catch (error) {
    console.warn('Could not clear the offline cache', error);
  }
}
