/**
 * Wraps a fetch handler so that the responses finished during one turn of the event loop are handed to Node
 * together, at the end of that turn, instead of one at a time as each finishes.
 *
 * Under load Node reads many requests in one turn. Answered one by one, each response is written between two
 * requests' work, and each write wakes the client on its own: on loopback (the reverse proxy in front of us, or the
 * load generator of `npm run bench`) that wake-up is paid inside our write. Written back to back, the first wakes the
 * client and the rest find it awake. A response waits at most for the requests that were already read with it; an
 * idle server answers after one `setImmediate`. Decision 011 has the figures.
 */
export function batchResponses<Args extends unknown[]>(
  fetch: (...args: Args) => Response | Promise<Response>,
): (...args: Args) => Promise<Response> {
  let finished: (() => void)[] = [];
  const releaseAll = () => {
    const ready = finished;
    finished = [];
    for (const release of ready) release();
  };
  return async (...args) => {
    const response = await fetch(...args);
    await new Promise<void>((release) => {
      if (finished.push(release) === 1) setImmediate(releaseAll);
    });
    return response;
  };
}
