import { useEffect } from 'react';
import { monthKeyOf } from '../../../../../shared/dates';
import { useMonthEntries } from '../../api';
import { MonthCalendar } from '../../calendar/components/MonthCalendar';
import { countByDay, firstPhotoByDay, moodByDay } from '../../calendar/date-grid';
import { copiedLoad, useListLoad } from '../../load-status/components/ListStatus';
import { entriesFromCopy } from '../../offline-copy/copied-lists';
import { useCopiedMonth } from '../../offline-copy/use-copied-month';
import { journalListShown } from '../../offline-copy/use-journal-copy';
import { usePendingWrites } from '../../sync/entry-writes';
import { formatDayInMonth } from '../journal-view';
import { withPendingWrites } from '../pending-entries';
import { DayGroupedPages } from './DayGroupedPages';
import type { EntryListProps } from './DayEntries';
import { TodayPanel } from './TodayPanel';

/** A month's entries, newest first, five at a time, grouped under their days. */
export function MonthEntries({ dayKey, today, onAddEntry, onDelete, deletingId }: EntryListProps & { dayKey: string }) {
  const monthKey = monthKeyOf(dayKey);
  const query = useMonthEntries(monthKey);
  // Offline, a month the device has no list of, or only part of one, or an older one, comes from the device's copy of
  // the journal, whole: there is no next page to load.
  const copied = useCopiedMonth(monthKey, query);
  const held = {
    entries: query.data?.pages.flatMap((page) => page.entries),
    whole: query.data?.pages.at(-1)?.nextCursor === null,
    loadedAt: query.dataUpdatedAt,
  };
  const fromCopy = entriesFromCopy(held, copied);
  const pendingWrites = usePendingWrites();
  const entries = withPendingWrites(fromCopy ?? held.entries ?? [], pendingWrites, (day) => monthKeyOf(day) === monthKey);
  const entryCount = entries.length;

  // A later page that fails to load leaves the pages already shown in place.
  const listLoad = useListLoad(query, entryCount, query.isError && !query.isFetchNextPageError);
  const load = fromCopy ? copiedLoad(entryCount) : listLoad;
  const drawn = load.shows !== 'loading';
  useEffect(() => {
    if (drawn) journalListShown();
  }, [drawn]);
  // Only while today has no entry, saved or waiting (docs/product.md §2): its button is then the page's main one, as
  // in the day view, and never invites a second entry for the day. Today's entries come first, so the first page
  // tells whether there is one; a later page that fails to load changes nothing about that.
  const showTodayPanel =
    monthKey === monthKeyOf(today) &&
    (query.data !== undefined || fromCopy !== null) &&
    load.shows !== 'failure' &&
    !entries.some((entry) => entry.localDate === today);

  return (
    <>
      <MonthCalendar
        key={monthKey}
        monthKey={monthKey}
        dayKey={dayKey}
        today={today}
        deviceCounts={countByDay(entries)}
        deviceMoods={moodByDay(entries)}
        devicePhotos={firstPhotoByDay(entries)}
        copiedAt={fromCopy && copied ? copied.keptAt : undefined}
      />
      {showTodayPanel && <TodayPanel today={today} onAddEntry={onAddEntry} written={false} titled />}
      <DayGroupedPages
        source={`month:${monthKey}`}
        query={query}
        whole={fromCopy !== null}
        entries={entries}
        load={load}
        empty="No journal entries for this month"
        className="entries month-entries"
        dayTitle={formatDayInMonth}
        today={today}
        onDelete={onDelete}
        deletingId={deletingId}
      />
    </>
  );
}
