import type { ReactNode } from 'react';
import { useRetriedFailure, type QueryOutcome } from '../load-failure';
import { LoadError } from './LoadError';

/** A quiet, announced line while a list loads. */
export function ListLoading({ children = 'Loading entries...' }: { children?: string }) {
  return (
    <p role="status" className="list-loading">
      {children}
    </p>
  );
}

function EmptyState({ children }: { children: string }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
    </div>
  );
}

export interface ListQuery extends QueryOutcome {
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface ListLoad {
  /** What the list shows in place of its entries, or 'entries' for the entries themselves. */
  shows: 'failure' | 'loading' | 'empty' | 'entries';
  /** The failure told while `shows` is 'failure'. */
  error: unknown;
}

/**
 * Where a list's load stands. `failed` is the query's own failure of the whole list (by default isError). A list
 * that is offline with no copy on the device waits for the connection, and says it could not load unless writes
 * waiting to sync give it entries to show; a failed load that is fetched again keeps its reason on the screen.
 */
export function useListLoad(query: ListQuery, entryCount: number, failed = query.isError): ListLoad {
  const retried = useRetriedFailure(query);
  const waitingOffline = query.isPending && query.fetchStatus === 'paused';
  if (failed || retried.retrying || (waitingOffline && entryCount === 0))
    return { shows: 'failure', error: query.error ?? retried.error ?? query.failureReason };
  if (query.isPending && !waitingOffline) return { shows: 'loading', error: null };
  return { shows: entryCount === 0 ? 'empty' : 'entries', error: null };
}

/** A list shown from the device's copy of the journal (offline-copy): its entries, or its empty state. */
export function copiedLoad(entryCount: number): ListLoad {
  return { shows: entryCount === 0 ? 'empty' : 'entries', error: null };
}

export interface ListStatusProps {
  /** Names the list, so one failure is toasted once. */
  source: string;
  query: ListQuery;
  load: ListLoad;
  /** What an empty list says. */
  empty: string;
  /** The entries, shown once they are loaded. */
  children: ReactNode;
}

/** A list's entries, or in their place its failure with Try Again, its loading line, or its empty state. */
export function ListStatus({ source, query, load, empty, children }: ListStatusProps) {
  switch (load.shows) {
    case 'failure':
      return (
        <LoadError
          source={source}
          error={load.error}
          failedAt={query.errorUpdatedAt}
          loadedAt={query.dataUpdatedAt}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    case 'loading':
      return <ListLoading />;
    case 'empty':
      return <EmptyState>{empty}</EmptyState>;
    case 'entries':
      return children;
  }
}
