import { type QueryCache, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { dayKeyToNumber, dayNumberToKey, monthKeyOf } from '../../../../shared/dates';
import type { DayCounts } from '../../../../shared/day-counts';
import type { Stats } from '../../../../shared/entry-schemas';
import { journalKeys } from '../api';
import { entriesOf } from '../list/cached-entries';
import { dayOfCreate, type PendingWrite } from '../sync/outbox';

/** What this device knows of the server's journal, from the lists and day counts it holds. */
export interface KnownJournal {
  /** The day of an entry the server has, as this device last listed it; undefined for an entry it never listed. */
  dayOf(id: string): string | undefined;
  /** How many entries the server has on a day, when this device knows; undefined when it does not. */
  countOn(day: string): number | undefined;
}

function isDayCounts(data: unknown): data is DayCounts {
  if (typeof data !== 'object' || data === null) return false;
  const counts = data as Partial<Record<keyof DayCounts, unknown>>;
  return typeof counts.from === 'string' && typeof counts.to === 'string' && typeof counts.days === 'object';
}

/**
 * The server's journal as the query cache holds it: every cached day and month list (an entry the server listed is
 * counted in its numbers), a day's own list (all its entries) and the calendar's day counts (decision 017).
 */
export function knownJournal(queryClient: QueryClient): KnownJournal {
  const days = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData({ queryKey: journalKeys.entries })) {
    for (const entry of entriesOf(data)) days.set(entry.id, entry.localDate);
  }
  return {
    dayOf: (id) => days.get(id),
    countOn(day) {
      const list = queryClient.getQueryData(journalKeys.day(day));
      let count = list === undefined ? undefined : entriesOf(list).length;
      for (const [, data] of queryClient.getQueriesData({ queryKey: [...journalKeys.stats, 'days'] })) {
        if (isDayCounts(data) && data.from <= day && day <= data.to) count = Math.max(count ?? 0, data.days[day] ?? 0);
      }
      return count;
    },
  };
}

/** Names the state of the cached lists and day counts: it changes whenever one of them does. */
function cachedJournalVersion(cache: QueryCache): string {
  return cache
    .findAll({
      predicate: ({ queryKey: [first, second] }) => first === journalKeys.entries[0] || second === 'days',
    })
    .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
    .join(' ');
}

/** knownJournal, read again whenever a cached list or day count changes (a list may load after the stats). */
export function useKnownJournal(): KnownJournal {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  const version = useSyncExternalStore(
    subscribe,
    () => cachedJournalVersion(cache),
    () => '',
  );
  // Read afresh for each new version of the cached lists: the version is the dependency that says so.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => knownJournal(queryClient), [queryClient, version]);
}

function add(counts: Map<string, number>, day: string): void {
  counts.set(day, (counts.get(day) ?? 0) + 1);
}

function sumOver(counts: Map<string, number>, belongs: (day: string) => boolean): number {
  let sum = 0;
  for (const [day, count] of counts) if (belongs(day)) sum += count;
  return sum;
}

/**
 * The stats as the server will give them once the writes waiting in the outbox have reached it (docs/product.md §2):
 * a new entry counts on its day, this month, this year and in total, and a day it is the first entry of joins the
 * newest run (so an entry written today, after one yesterday, extends the streak); a deleted entry the server has
 * is taken off, and the day it leaves empty off the run; an edit changes nothing. A write the server already lists
 * (its answer was lost, or it has just been confirmed) is counted there, never twice. Days before the newest run
 * are unknown here: a run is never joined to an older one, which only a write dated before the run could do.
 */
export function statsWithPendingWrites(
  stats: Stats,
  writes: readonly PendingWrite[],
  today: string,
  known: KnownJournal,
): Stats {
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  for (const write of writes) {
    if (write.kind === 'create' && known.dayOf(write.id) === undefined) add(added, dayOfCreate(write));
    if (write.kind !== 'delete') continue;
    const day = known.dayOf(write.id);
    if (day !== undefined) add(removed, day);
  }
  if (added.size === 0 && removed.size === 0) return stats;

  const change = (belongs: (day: string) => boolean) => sumOver(added, belongs) - sumOver(removed, belongs);
  const month = monthKeyOf(today);
  const year = today.slice(0, 4);
  // A day whose every entry is deleted leaves the run; one whose count this device does not know is kept.
  const emptied = new Set(
    [...removed]
      .filter(([day, count]) => !added.has(day) && count >= (known.countOn(day) ?? Infinity))
      .map(([day]) => dayKeyToNumber(day)),
  );
  const newDays = new Set([...added.keys()].map(dayKeyToNumber));
  const run = stats.newestRun && { first: dayKeyToNumber(stats.newestRun.first), last: dayKeyToNumber(stats.newestRun.last) };
  const hasEntry = (day: number) =>
    newDays.has(day) || (run !== null && day >= run.first && day <= run.last && !emptied.has(day));

  const todayNumber = dayKeyToNumber(today);
  let newest = Math.max(-Infinity, ...[...newDays].filter((day) => day <= todayNumber));
  if (run) {
    let last = Math.min(run.last, todayNumber);
    while (last >= run.first && emptied.has(last)) last -= 1;
    if (last >= run.first) newest = Math.max(newest, last);
  }
  let newestRun: Stats['newestRun'] = null;
  let streak = 0;
  if (Number.isFinite(newest)) {
    let first = newest;
    while (hasEntry(first - 1)) first -= 1;
    newestRun = { first: dayNumberToKey(first), last: dayNumberToKey(newest) };
    // docs/product.md §4: the run counts only while it ends today or yesterday.
    streak = newest >= todayNumber - 1 ? newest - first + 1 : 0;
  }
  return {
    monthlyCount: Math.max(0, stats.monthlyCount + change((day) => monthKeyOf(day) === month)),
    yearlyCount: Math.max(0, stats.yearlyCount + change((day) => day.startsWith(year))),
    totalEntries: Math.max(0, stats.totalEntries + change(() => true)),
    streak,
    newestRun,
  };
}
