import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ANCHOR_SCROLL_DELAY_MS } from '../../../lib/constants';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function elementForHash(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * A hash in the address (on arrival, or from a link such as the header menu's 'Contact Support') scrolls its
 * section to the top smoothly, after ANCHOR_SCROLL_DELAY_MS so the page has laid out first. Focus moves to
 * the section too, so keyboard and screen reader users continue from there.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      const target = elementForHash(hash);
      if (!target) return;
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      target.focus({ preventScroll: true });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}
