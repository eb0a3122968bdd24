import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import { StatsPanel } from '../../stats/components/StatsPanel';
import type { JournalLocation } from '../journal-view';
import { DayEntries } from './DayEntries';
import { ListHeader } from './ListHeader';
import { MonthEntries } from './MonthEntries';
import { useEntryDeletion } from './use-entry-deletion';

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
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const deletion = useEntryDeletion(headingRef);

  const listProps = {
    dayKey: location.date,
    today,
    onAddEntry,
    onDelete: deletion.ask,
    deletingId: deletion.deletingId,
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
      {deletion.dialog}
    </div>
  );
}
