import { useState } from 'react';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../../shared/messages';
import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import { ConfirmDialog } from '../../../../ui/Dialog';
import { useToast } from '../../../../ui/toast-context';
import { StatsPanel } from '../../stats/components/StatsPanel';
import { useDeleteEntry } from '../../sync/entry-writes';
import type { JournalLocation } from '../journal-view';
import { DayEntries } from './DayEntries';
import { ListHeader } from './ListHeader';
import { MonthEntries } from './MonthEntries';

export interface JournalListProps {
  location: JournalLocation;
  today: string;
  onNavigate: (next: JournalLocation) => void;
  onAddEntry: () => void;
  /** Opens the form for an earlier day that has no entry (past days). */
  onAddEntryFor: (day: string) => void;
  /** True when coming back from writing, so focus lands on the date rather than nowhere. */
  focusHeading: boolean;
}

/** The list step: date and navigation, statistics, then the day's or month's entries. */
export function JournalList({ location, today, onNavigate, onAddEntry, onAddEntryFor, focusHeading }: JournalListProps) {
  const toast = useToast();
  const removal = useDeleteEntry();
  const [pendingDelete, setPendingDelete] = useState<JournalEntry | null>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);

  function confirmDelete() {
    const entry = pendingDelete;
    setPendingDelete(null);
    if (!entry) return;
    removal.mutate(entry.id, {
      onSuccess: (result) => {
        toast.success(result === 'sent' ? JOURNAL_MESSAGES.deleted : OFFLINE_MESSAGES.deletedOnDevice);
        // The card and its buttons are gone; the date heading is the nearest sensible place for focus.
        headingRef.current?.focus();
      },
      onError: () => toast.error(JOURNAL_MESSAGES.deleteFailed),
    });
  }

  const listProps = {
    dayKey: location.date,
    today,
    onAddEntry,
    onDelete: setPendingDelete,
    deletingId: removal.isPending ? removal.variables : null,
  };

  return (
    <div className="journal-list">
      <ListHeader location={location} today={today} onNavigate={onNavigate} headingRef={headingRef} />
      <StatsPanel today={today} shownMonth={location.view === 'month' ? location.date.slice(0, 7) : undefined} />
      {location.view === 'month' ? (
        <MonthEntries {...listProps} />
      ) : (
        <DayEntries {...listProps} onAddEntryFor={onAddEntryFor} />
      )}
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
