import { useEffect, useId } from 'react';
import { useAuth } from '../../../../lib/session/auth-context';
import { monthKeyOf } from '../../../../../shared/dates';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { useDayEntries } from '../../api';
import { copiedLoad, ListStatus, useListLoad } from '../../load-status/components/ListStatus';
import { LookBack } from '../../look-back/components/LookBack';
import { entriesFromCopy } from '../../offline-copy/copied-lists';
import { useCopiedMonth } from '../../offline-copy/use-copied-month';
import { journalListShown } from '../../offline-copy/use-journal-copy';
import { MonthLookBack } from '../../look-back/components/MonthLookBack';
import { usePendingWrites } from '../../sync/entry-writes';
import { withPendingWrites } from '../pending-entries';
import { EntryCard } from './EntryCard';
import { PastDayPanel } from './PastDayPanel';
import { TodayPanel } from './TodayPanel';

export interface EntryListProps {
  today: string;
  onAddEntry: () => void;
  onDelete: (entry: JournalEntry) => void;
  deletingId: string | null;
}

/**
 * The entries of one day, newest first; on today, the quote and the way to write first (quieter once today has an
 * entry, saved or waiting), and looking back after, once the list is drawn.
 */
export function DayEntries({
  dayKey,
  today,
  onAddEntry,
  onAddEntryFor,
  onDelete,
  deletingId,
}: EntryListProps & { dayKey: string; onAddEntryFor: (day: string) => void }) {
  const { profile } = useAuth();
  const query = useDayEntries(dayKey, today);
  // Offline, a day the device has no list of, or an older one, comes from the device's copy of the journal.
  const copied = useCopiedMonth(monthKeyOf(dayKey), query);
  const held = { entries: query.data?.entries, whole: true, loadedAt: query.dataUpdatedAt };
  const fromCopy = entriesFromCopy(held, copied, (day) => day === dayKey);
  const pendingWrites = usePendingWrites();
  const headingId = useId();
  const entries = withPendingWrites(fromCopy ?? query.data?.entries ?? [], pendingWrites, (day) => day === dayKey);
  const listLoad = useListLoad(query, entries.length);
  const load = fromCopy ? copiedLoad(entries.length) : listLoad;
  const drawn = load.shows !== 'loading';
  useEffect(() => {
    if (drawn) journalListShown();
  }, [drawn]);
  // A past day without an entry, for a writer who writes past days, once its list has said it is empty.
  const offerPastDay =
    profile?.writePastDays === true && dayKey < today && (query.isSuccess || fromCopy !== null) && entries.length === 0;

  return (
    <>
      {dayKey === today && <TodayPanel today={today} onAddEntry={onAddEntry} written={entries.length > 0} />}
      {offerPastDay && <PastDayPanel day={dayKey} today={today} onAddEntry={() => onAddEntryFor(dayKey)} />}
      <section className="entries" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Entries
        </h2>
        <ListStatus source={`day:${dayKey}`} query={query} load={load} empty="No journal entry for this day">
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
        </ListStatus>
      </section>
      {/* Below the list, so drawn once it is: drawn before it (an answer that came first, or one cached apart from
          the list), they would be pushed down as its entries arrived. */}
      {dayKey === today && <MonthLookBack today={today} listDrawn={drawn} />}
      {dayKey === today && drawn && <LookBack today={today} dayList={query} />}
    </>
  );
}
