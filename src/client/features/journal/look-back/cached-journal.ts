import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { EntryPage } from '../../../../shared/entry-schemas';
import type { JarPick, LookBack } from '../../../../shared/look-back';
import type { JournalCopy } from '../../../lib/persistence/journal-copy';
import { journalKeys } from '../api';
import { lookBackKeys } from './api';
import type { CachedJournal } from './offline-look-back';

type CachedList = EntryPage | InfiniteData<EntryPage, string | null>;

/**
 * What the query cache (restored from the device, lib/persistence) holds of the journal right now, with the device's
 * copy of the journal when it was read (its months are whole months).
 */
export function readCachedJournal(queryClient: QueryClient, copy?: JournalCopy): CachedJournal {
  const cache = {
    days: [] as CachedJournal['days'][number][],
    months: (copy?.months ?? []).map(({ month, entries }) => ({ monthKey: month, entries, complete: true })),
    lookBacks: [] as LookBack[],
    jarPicks: [] as JarPick[],
    whole: copy?.whole ?? false,
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
