import { useEffect, useState } from 'react';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { useAuth, usePersonalDataAllowed } from '../../../lib/session/auth-context';
import { unsentWrites } from '../sync/unsent-writes';
import { fillJournalCopy } from './fill';

/** How long after the journal opens the copy starts to fill: the first screen's work comes first. */
const FILL_AFTER_MS = 2000;

/**
 * Keeps the device's copy of the journal current while the journal is open and the server can be reached: once after
 * it opens, again when the connection comes back, and again each time the writes made here have all reached the
 * server (the months they changed are fetched anew). A round stops when the writer signs out or the connection goes.
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
      fillJournalCopy(userId, stop.signal).catch(() => {
        // Stopped, offline or refused: the next round (a reconnect, a sent write, the next start) goes on from here.
      });
    }, FILL_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      stop.abort();
    };
  }, [userId, allowed, online, round]);
}
