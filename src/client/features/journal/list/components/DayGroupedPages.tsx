import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { EntryPage, JournalEntry } from '../../../../../shared/entry-schemas';
import { Button } from '../../../../ui/Button';
import { ListLoading, ListStatus, type ListLoad } from '../../load-status/components/ListStatus';
import { LoadError } from '../../load-status/components/LoadError';
import type { ListedEntry } from '../pending-entries';
import { EntryCard } from './EntryCard';

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

export interface DayGroupedPagesProps {
  /** Names the list, so one failure is toasted once. */
  source: string;
  /** The pages of entries, newest first, as the server gives them a page at a time. */
  query: UseInfiniteQueryResult<InfiniteData<EntryPage>, unknown>;
  /** True when `entries` are the whole list from elsewhere (the device's copy): no next page is offered. */
  whole?: boolean;
  /** The pages' entries with the writes waiting to sync laid over them. */
  entries: ListedEntry[];
  load: ListLoad;
  /** What an empty list says. */
  empty: string;
  className: string;
  /** A day's heading over its entries. */
  dayTitle: (dayKey: string) => string;
  today: string;
  onDelete: (entry: JournalEntry) => void;
  deletingId: string | null;
}

/**
 * A list of entries read a page at a time (a month's, a tag's), grouped under their days. The next page loads as
 * the end of the list comes into view, or with Load more; a later page that fails to load leaves the pages already
 * shown in place and says so with Try Again.
 */
export function DayGroupedPages({
  source,
  query,
  whole = false,
  entries,
  load,
  empty,
  className,
  dayTitle,
  today,
  onDelete,
  deletingId,
}: DayGroupedPagesProps) {
  const { isFetchingNextPage, fetchNextPage } = query;
  const hasNextPage = !whole && query.hasNextPage;
  const isFetchNextPageError = !whole && query.isFetchNextPageError;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useLoadMoreWhenVisible(canLoadMore, () => void fetchNextPage());
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

  return (
    <div ref={listRef} className={className}>
      <ListStatus source={source} query={query} load={load} empty={empty}>
        {groupByDay(entries).map((group) => (
          <section key={group.dayKey} className="day-group" aria-label={dayTitle(group.dayKey)}>
            <h2 className="day-group-title">{dayTitle(group.dayKey)}</h2>
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
            source={`${source}:more`}
            error={query.error}
            failedAt={query.errorUpdatedAt}
            loadedAt={query.dataUpdatedAt}
            retrying={false}
            onRetry={() => void fetchNextPage()}
          />
        )}
        {hasNextPage && !isFetchNextPageError && (
          <div ref={loadMoreRef} className="load-more">
            <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </ListStatus>
    </div>
  );
}
