import { STORAGE_KEYS } from './constants';
import { guestPages, paths } from './paths';
import { storage } from './storage';

/**
 * Whether the page's ready-made markup (src/client/prerender.tsx) is what the app's first render draws here, so React
 * can take it over as it is: the markup was made for this address, for a visitor nobody has signed in as on this
 * device, and with no state carried from another screen (a notice, an email typed before).
 */
export function canHydrate(root: HTMLElement): boolean {
  const page = root.dataset.prerendered;
  if (page === undefined) return false;
  const { pathname, search } = window.location;
  // The sign-in page's markup is made for each of its modes that has a page (src/server/http/prerendered-pages.ts),
  // so there the query string must match too; the others draw the same whatever their query.
  if (page !== (pathname === paths.login ? `${pathname}${search}` : pathname)) return false;
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'usr' in state && state.usr != null) return false;
  return !(guestPages.has(pathname) && storage.get(STORAGE_KEYS.userId));
}
