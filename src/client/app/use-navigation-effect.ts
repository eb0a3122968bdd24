import { useEffect, useRef } from 'react';

/**
 * Runs `effect` each time the app shows another page (`page` changes: the parts of the address that make a new page),
 * and not for the page the app starts on, which the browser has already placed (a page made ahead of time may have
 * been scrolled or focused before the app took it over). The cleanup `effect` returns runs at the next change.
 */
export function useNavigationEffect(effect: () => void | (() => void), page: string): void {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return undefined;
    shown.current = page;
    return effect();
    // Only a new page runs it, whatever the effect closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
}
