import { useState } from 'react';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../../shared/messages';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import { todayKey } from '../../../../lib/today';
import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/Dialog';
import { useToast } from '../../../../ui/toast-context';
import '../../../../styles/tags.css';
import { EntryCard } from '../../list/components/EntryCard';
import { formatDayHeading } from '../../list/day-heading';
import { type ListedEntry, withPendingWrites } from '../../list/pending-entries';
import { ListLoading, ListStatus, useListLoad } from '../../load-status/components/ListStatus';
import { useDeleteEntry, usePendingWrites } from '../../sync/entry-writes';
import { useTagEntries } from '../api';

/** Entries come newest first, so each day's are already next to each other: grouped under their day, year and all. */
function byDay(entries: readonly ListedEntry[]): [string, ListedEntry[]][] {
  const groups: [string, ListedEntry[]][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last[0] === entry.localDate) last[1].push(entry);
    else groups.push([entry.localDate, [entry]]);
  }
  return groups;
}

/**
 * /journal?tag=family (docs/product.md §5): the writer's entries with a tag, newest first, a page at a time, with
 * the way back to the journal. Writes waiting in the outbox are laid over them: an edit that takes the tag off takes
 * the entry off the list, and a new entry with the tag joins it.
 */
export function TaggedEntries({ tag }: { tag: string }) {
  const today = todayKey();
  const toast = useToast();
  const query = useTagEntries(tag);
  const removal = useDeleteEntry();
  const [pendingDelete, setPendingDelete] = useState<JournalEntry | null>(null);
  // The app moves the focus after a navigation (FocusAfterNavigation); the heading takes it back after a delete.
  const headingRef = useFocusOnMount<HTMLHeadingElement>(false);
  const pendingWrites = usePendingWrites();
  const entries = withPendingWrites(query.data?.pages.flatMap((page) => page.entries) ?? [], pendingWrites, () => true).filter(
    (entry) => entry.tags?.includes(tag),
  );
  const load = useListLoad(query, entries.length, query.isError && !query.isFetchNextPageError);

  function confirmDelete() {
    const entry = pendingDelete;
    setPendingDelete(null);
    if (!entry) return;
    removal.mutate(entry.id, {
      onSuccess: (result) => {
        toast.success(result === 'sent' ? JOURNAL_MESSAGES.deleted : OFFLINE_MESSAGES.deletedOnDevice);
        headingRef.current?.focus();
      },
      onError: () => toast.error(JOURNAL_MESSAGES.deleteFailed),
    });
  }

  return (
    <div className="journal-list tagged-entries">
      <header className="tag-filter-header">
        <h1 ref={headingRef} tabIndex={-1} className="tag-filter-title" dir="auto">
          Entries tagged #{tag}
        </h1>
        <Link to={paths.journal}>Back to your journal</Link>
      </header>
      <div className="entries">
        <ListStatus source={`tag:${tag}`} query={query} load={load} empty={`No entries are tagged #${tag}`}>
          {byDay(entries).map(([day, ofDay]) => (
            <section key={day} className="day-group" aria-label={formatDayHeading(day, 'long')}>
              <h2 className="day-group-title">{formatDayHeading(day, 'long')}</h2>
              <div className="entry-list">
                {ofDay.map((entry) => (
                  <EntryCard
                    key={entry.id}
                    entry={entry}
                    pending={entry.pending}
                    today={today}
                    inMonth
                    onDelete={setPendingDelete}
                    deleting={removal.isPending && removal.variables === entry.id}
                  />
                ))}
              </div>
            </section>
          ))}
          {query.isFetchingNextPage && <ListLoading>Loading more entries...</ListLoading>}
          {query.hasNextPage && (
            <div className="load-more">
              <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </ListStatus>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this entry?"
        message="This entry will be permanently removed. This can't be undone."
        cancelLabel="Cancel"
        confirmLabel="Delete"
        destructive
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
