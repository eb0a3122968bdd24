import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { JarPick } from '../../../../../shared/look-back';
import '../../../../styles/look-back.css';
import { usePendingWrites } from '../../sync/entry-writes';
import { lookBackApi, lookBackKeys, useJarPick, useJournalCopy, useLookBack } from '../api';
import { readCachedJournal } from '../cached-journal';
import { drawFor, jarFromCache, lookBackFromCache } from '../offline-look-back';
import { GratitudeJar, NO_OTHER_OFFLINE } from './GratitudeJar';
import { OnThisDay } from './OnThisDay';

/** How today's day list, which brings the look-back with it, last fared. */
type DayListState = Pick<UseQueryResult<unknown>, 'isError' | 'isSuccess' | 'fetchStatus'>;

/**
 * Looking back, on today's list (docs/product.md §15): On this day, then the gratitude jar. Each shows only with
 * something in it. Without an answer from the server for today (offline, or a failed read), both are worked out from
 * what the device holds, and say nothing they do not know.
 */
export function LookBack({ today, dayList }: { today: string; dayList: DayListState }) {
  const queryClient = useQueryClient();
  const lookBack = useLookBack(today);
  const jarPick = useJarPick(today);
  const pendingWrites = usePendingWrites();
  const deleted = useMemo(
    () => new Set(pendingWrites.filter((write) => write.kind === 'delete').map((write) => write.id)),
    [pendingWrites],
  );
  const [drawing, setDrawing] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  // Today's answer is not the server's word of now: offline, the last read failed, or no answer for today reached
  // the device. The device's copy of it (if any) may be older than the lists it holds (an import, a day read since),
  // so it is worked out from all of them, that copy included. A read still under way shows the copy, or nothing yet,
  // rather than a guess.
  const unanswered =
    dayList.isError ||
    dayList.fetchStatus === 'paused' ||
    (dayList.isSuccess && dayList.fetchStatus === 'idle' && lookBack.data === undefined);
  const copy = useJournalCopy(unanswered);
  const cache = unanswered ? readCachedJournal(queryClient, copy) : undefined;
  const fromCache = cache ? lookBackFromCache(today, cache, deleted) : undefined;
  const groups = (fromCache?.groups ?? lookBack.data?.groups ?? [])
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => !deleted.has(entry.id)) }))
    .filter((group) => group.entries.length > 0);

  let jar = jarPick.data;
  if (!jar && lookBack.data && (lookBack.data.jar.entry || !unanswered)) jar = lookBack.data.jar;
  if (!jar && cache) jar = jarFromCache(today, cache, drawFor(today), undefined, deleted);
  const jarEntry = jar?.entry && !deleted.has(jar.entry.id) ? jar.entry : null;

  async function another() {
    const shown = jarEntry?.id;
    setDrawing(true);
    setNote(null);
    let pick: JarPick;
    try {
      pick = await lookBackApi.another(today, shown);
    } catch {
      // No answer: draw from what the device holds. With nothing else there, keep the one shown and say why.
      const cached = jarFromCache(today, readCachedJournal(queryClient, copy), Math.random(), shown, deleted);
      if (!cached.entry || cached.entry.id === shown) {
        setNote(NO_OTHER_OFFLINE);
        setDrawing(false);
        return;
      }
      pick = { entry: cached.entry, single: false };
    }
    queryClient.setQueryData<JarPick>(lookBackKeys.jar(today), pick);
    setDrawing(false);
  }

  return (
    <>
      {groups.length > 0 && <OnThisDay groups={groups} incomplete={fromCache !== undefined && !fromCache.complete} />}
      {jar && jarEntry && (
        <GratitudeJar pick={{ ...jar, entry: jarEntry }} drawing={drawing} note={note} onAnother={() => void another()} />
      )}
    </>
  );
}
