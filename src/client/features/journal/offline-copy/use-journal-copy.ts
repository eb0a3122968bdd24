import { useEffect, useState } from 'react';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { paths } from '../../../lib/paths';
import { useAuth, usePersonalDataAllowed } from '../../../lib/session/auth-context';
import { unsentWrites } from '../sync/unsent-writes';
import { fillJournalCopy } from './fill';

/** How long after the journal opens the copy starts to fill at the earliest: the first screen's work comes first. */
const FILL_AFTER_MS = 2000;
/** How long the copy waits for the journal's list to be drawn at most (a list that never loads does not hold it). */
const LIST_WAIT_MS = 10_000;

let listShown = false;
const waitingForList = new Set<() => void>();

/**
 * The journal's list has drawn what it shows (entries, its empty state or a failure): the copy, which would compete
 * with it for the connection and the processor, may start. Other pages draw their first screen without the copy's
 * months, so they hold nothing back.
 */
export function journalListShown(): void {
  if (listShown) return;
  listShown = true;
  for (const resume of waitingForList) resume();
  waitingForList.clear();
}

function afterJournalList(): Promise<void> {
  if (listShown || window.location.pathname !== paths.journal) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(done, LIST_WAIT_MS);
    function done() {
      window.clearTimeout(timer);
      waitingForList.delete(done);
      resolve();
    }
    waitingForList.add(done);
  });
}

/**
 * Keeps the device's copy of the journal current while the journal is open and the server can be reached: once after
 * it opens (and its list is drawn, when it opens on the journal), again when the connection comes back, and again each
 * time the writes made here have all reached the server (the months they changed are fetched anew). Each round starts
 * once the browser is idle. A round stops when the writer signs out or the connection goes.
 */
export function useJournalCopyFill(): void {
  const userId = useAuth().user?.id ?? null;
  const allowed = usePersonalDataAllowed();
  const online = useConnectionState() !== 'offline';
  const [round, setRound] = useState(0);

  useEffect(() => {
    let waited = unsentWrites.count();
    return unsentWrites.subscribe(() => {
      const now = unsentWrites.count();
      if (waited > 0 && now === 0) setRound((n) => n + 1);
      waited = now;
    });
  }, []);

  useEffect(() => {
    if (!userId || !allowed || !online) return;
    const stop = new AbortController();
    const timer = window.setTimeout(() => {
      afterJournalList()
        .then(() => fillJournalCopy(userId, stop.signal))
        .catch(() => {
          // Stopped, offline or refused: the next round (a reconnect, a sent write, the next start) goes on from here.
        });
    }, FILL_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      stop.abort();
    };
  }, [userId, allowed, online, round]);
}
