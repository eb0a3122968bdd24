import { useEffect, useState } from 'react';
import { ACTIVE_SECTION_OFFSET_PX } from '../../../lib/constants';
import { activeSectionId } from '../active-section';

/** Puts the section's hash in the address bar without a history entry, a router update or a jump. */
function replaceHash(id: string | undefined): void {
  const hash = id ? `#${id}` : '';
  if (window.location.hash === hash) return;
  const { pathname, search } = window.location;
  // Keep the router's own history state, or its back and forward bookkeeping would be lost.
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
}

function scrolledToEnd(): boolean {
  const { scrollY, innerHeight } = window;
  return scrollY > 0 && scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
}

/**
 * Scroll spy for the About page: which of `ids` the reader is in (the first one while above them all), kept
 * in the URL hash as the reader scrolls. `ids` must keep its identity between renders.
 */
export function useSectionSpy(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);

  useEffect(() => {
    let frame = 0;

    function measure(syncHash: boolean) {
      const positions = ids.map((id) => ({
        id,
        top: document.getElementById(id)?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
      }));
      const current = activeSectionId(positions, ACTIVE_SECTION_OFFSET_PX, scrolledToEnd());
      setActive(current ?? ids[0]);
      if (syncHash) replaceHash(current);
    }

    function schedule(syncHash: boolean) {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure(syncHash);
      });
    }

    const onScroll = () => schedule(true);
    const onResize = () => schedule(false);
    schedule(false);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [ids]);

  return active;
}
