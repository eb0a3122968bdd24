import { useId, type ReactNode } from 'react';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import { useDayEntries } from '../api';
import { EmptyState, ListLoading } from '../load-status/ListStatus';
import { LoadError } from '../load-status/LoadError';
import { useRetriedFailure } from '../load-status/load-failure';
import { usePendingWrites } from '../writing/entry-writes';
import { EntryCard } from './EntryCard';
import { TodayPanel } from './TodayPanel';
import { withPendingWrites } from './pending-entries';

export interface EntryListProps {
  today: string;
  onAddEntry: () => void;
  onDelete: (entry: JournalEntry) => void;
  deletingId: string | null;
}

/** The entries of one day, newest first; on today, the quote and the way to write first. */
export function DayEntries({ dayKey, today, onAddEntry, onDelete, deletingId }: EntryListProps & { dayKey: string }) {
  const query = useDayEntries(dayKey);
  const pendingWrites = usePendingWrites();
  const headingId = useId();
  // Offline with no copy of this day on the device: the load waits for the connection.
  const waitingOffline = query.isPending && query.fetchStatus === 'paused';
  const retried = useRetriedFailure(query);
  const entries = withPendingWrites(query.data?.entries ?? [], pendingWrites, (day) => day === dayKey);

  let content: ReactNode;
  if (query.isError || retried.retrying || (waitingOffline && entries.length === 0))
    content = (
      <LoadError
        source={`day:${dayKey}`}
        error={query.error ?? retried.error ?? query.failureReason}
        failedAt={query.errorUpdatedAt}
        loadedAt={query.dataUpdatedAt}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.isPending && !waitingOffline) content = <ListLoading />;
  else if (entries.length === 0) content = <EmptyState>No journal entry for this day</EmptyState>;
  else
    content = (
      <div className="entry-list">
        {entries.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            pending={entry.pending}
            today={today}
            inMonth={false}
            onDelete={onDelete}
            deleting={entry.id === deletingId}
          />
        ))}
      </div>
    );

  return (
    <>
      {dayKey === today && <TodayPanel today={today} onAddEntry={onAddEntry} />}
      <section className="entries" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Entries
        </h2>
        {content}
      </section>
    </>
  );
}
