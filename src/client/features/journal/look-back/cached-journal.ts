import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { EntryPage } from '../../../../shared/entry-schemas';
import type { JarPick, LookBack } from '../../../../shared/look-back';
import { journalKeys } from '../api';
import { lookBackKeys } from './api';
import type { CachedJournal } from './offline-look-back';

type CachedList = EntryPage | InfiniteData<EntryPage, string | null>;

/** What the query cache (restored from the device, lib/persistence) holds of the journal right now. */
export function readCachedJournal(queryClient: QueryClient): CachedJournal {
  const cache = { days: [], months: [], lookBacks: [], jarPicks: [] } as {
    [K in keyof CachedJournal]: CachedJournal[K][number][];
  };
  for (const [key, data] of queryClient.getQueriesData<CachedList>({ queryKey: journalKeys.entries })) {
    const [, kind, period] = key;
    if (!data || typeof period !== 'string') continue;
    if (kind === 'day' && 'entries' in data) cache.days.push({ dayKey: period, entries: data.entries });
    if (kind === 'month' && 'pages' in data) {
      cache.months.push({
        monthKey: period,
        entries: data.pages.flatMap((page) => page.entries),
        complete: data.pages.at(-1)?.nextCursor === null,
      });
    }
  }
  for (const [, data] of queryClient.getQueriesData<LookBack>({ queryKey: lookBackKeys.all })) {
    if (data) cache.lookBacks.push(data);
  }
  for (const [, data] of queryClient.getQueriesData<JarPick>({ queryKey: lookBackKeys.jars })) {
    if (data) cache.jarPicks.push(data);
  }
  return cache;
}
