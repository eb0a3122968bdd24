import { useEffect, useEffectEvent, useRef } from 'react';
import { monthKeyOf } from '../../../../../shared/dates';
import { Button } from '../../../../ui/Button';
import { useMonthEntries } from '../../api';
import { MonthCalendar } from '../../calendar/components/MonthCalendar';
import { countByDay, moodByDay } from '../../calendar/date-grid';
import { copiedLoad, ListLoading, ListStatus, useListLoad } from '../../load-status/components/ListStatus';
import { LoadError } from '../../load-status/components/LoadError';
import { entriesFromCopy } from '../../offline-copy/copied-lists';
import { useCopiedMonth } from '../../offline-copy/use-copied-month';
import { journalListShown } from '../../offline-copy/use-journal-copy';
import { usePendingWrites } from '../../sync/entry-writes';
import { formatDayInMonth } from '../journal-view';
import { withPendingWrites, type ListedEntry } from '../pending-entries';
import type { EntryListProps } from './DayEntries';
import { EntryCard } from './EntryCard';
import { TodayPanel } from './TodayPanel';

interface DayGroup {
  dayKey: string;
  entries: ListedEntry[];
}

/** Entries arrive newest first, so each day's entries are already next to each other. */
function groupByDay(entries: readonly ListedEntry[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.dayKey === entry.localDate) last.entries.push(entry);
    else groups.push({ dayKey: entry.localDate, entries: [entry] });
  }
  return groups;
}

/**
 * Loads the next page when the element after the last card comes near the viewport. The observer is made
 * afresh after each page, and an observer reports at once, so a page too short to fill the screen pulls the
 * next one too.
 */
function useLoadMoreWhenVisible(enabled: boolean, loadMore: () => void) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onVisible = useEffectEvent(loadMore);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!enabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) onVisible();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinelRef;
}

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
  const { isFetchingNextPage, fetchNextPage } = query;
  const hasNextPage = fromCopy === null && query.hasNextPage;
  const isFetchNextPageError = fromCopy === null && query.isFetchNextPageError;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useLoadMoreWhenVisible(canLoadMore, () => void fetchNextPage());

  const pendingWrites = usePendingWrites();
  const entries = withPendingWrites(fromCopy ?? held.entries ?? [], pendingWrites, (day) => monthKeyOf(day) === monthKey);
  const listRef = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef<HTMLDivElement>(null);
  // Where the entries of a page loaded while Load more had the focus begin (pressed, or reached by Tab as the list
  // scrolled it into view). Once they are shown, the first of them takes the focus: a keyboard or screen-reader
  // user reads on from there, and after the last page the button is gone.
  const focusFrom = useRef<number | null>(null);
  const entryCount = entries.length;
  useEffect(() => {
    if (isFetchingNextPage) {
      if (loadMoreRef.current?.contains(document.activeElement)) focusFrom.current ??= entryCount;
      return;
    }
    const first = focusFrom.current;
    if (first === null) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.entry-card')[first]?.focus();
  }, [isFetchingNextPage, entryCount]);

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
      />
      {showTodayPanel && <TodayPanel today={today} onAddEntry={onAddEntry} written={false} titled />}
      <div ref={listRef} className="entries month-entries">
        <ListStatus source={`month:${monthKey}`} query={query} load={load} empty="No journal entries for this month">
          {groupByDay(entries).map((group) => (
            <section key={group.dayKey} className="day-group" aria-label={formatDayInMonth(group.dayKey)}>
              <h2 className="day-group-title">{formatDayInMonth(group.dayKey)}</h2>
              <div className="entry-list">
                {group.entries.map((entry) => (
                  <EntryCard
                    key={entry.id}
                    entry={entry}
                    pending={entry.pending}
                    today={today}
                    inMonth
                    onDelete={onDelete}
                    deleting={entry.id === deletingId}
                  />
                ))}
              </div>
            </section>
          ))}
          {hasNextPage && <div ref={sentinelRef} className="load-sentinel" aria-hidden="true" />}
          {isFetchingNextPage && <ListLoading>Loading more entries...</ListLoading>}
          {isFetchNextPageError && (
            <LoadError
              source={`month:${monthKey}:more`}
              error={query.error}
              failedAt={query.errorUpdatedAt}
              loadedAt={query.dataUpdatedAt}
              retrying={false}
              onRetry={() => void fetchNextPage()}
            />
          )}
          {hasNextPage && !isFetchNextPageError && (
            <div ref={loadMoreRef} className="load-more">
              <Button
                variant="secondary"
                busy={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </ListStatus>
      </div>
    </>
  );
}
