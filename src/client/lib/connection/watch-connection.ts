import { connection } from './connection-state';

/** While offline, the first probe of the server comes after this long, then each wait doubles up to the max. */
export const FIRST_PROBE_DELAY_MS = 2_000;
export const MAX_PROBE_DELAY_MS = 15_000;

/**
 * Keeps the connection state current between requests:
 * - the browser's own offline event counts as a failure, and its online event triggers a probe;
 * - while offline, the server is probed (after 2 s, then less and less often, at least every 15 s), so a
 *   dropped answer or a server that comes back is noticed even when the browser never lost its network.
 * A page watches once (lib/page-services.ts).
 */
export function watchConnection(probe: () => Promise<unknown>): void {
  let probeTimer: number | undefined;
  function probeAfter(delay: number): void {
    window.clearTimeout(probeTimer);
    probeTimer = window.setTimeout(() => {
      void probe().then(() => {
        if (connection.state() === 'offline') probeAfter(Math.min(delay * 2, MAX_PROBE_DELAY_MS));
      });
    }, delay);
  }
  connection.subscribe((state) => {
    if (state === 'offline') probeAfter(FIRST_PROBE_DELAY_MS);
    else window.clearTimeout(probeTimer);
  });

  window.addEventListener('offline', () => connection.reportFailure());
  window.addEventListener('online', () => void probe());
  if (!navigator.onLine) connection.reportFailure();
}
