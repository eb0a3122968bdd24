import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { guestPages, paths } from './app/paths';
import { preloadPage } from './app/router';
import { probeServer } from './lib/api';
import { STORAGE_KEYS } from './lib/constants';
import { replayEarlyInput, replayOnceHydrated } from './lib/early-input';
import { reloadOnNextNavigation } from './lib/app-update';
import { watchConnection } from './lib/connection/watch-connection';
import { storage } from './lib/storage';
import { applyTheme, readStoredTheme } from './lib/theme';
import 'virtual:theme-colors.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

// zod would probe for eval (to compile faster parsers); the CSP forbids eval, so tell it not to try. zod reads
// this global when it first loads (in a later chunk), so the setting costs the first screen nothing.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

// /theme-boot.js has already painted the remembered theme; this keeps the app's own record of it in step.
applyTheme(readStoredTheme());
watchConnection(probeServer);

// The service worker keeps the app shell for offline starts; a new version takes over on its own and is loaded
// at the next navigation. Its code loads, and it registers, once the page has loaded and the browser is idle: its
// install fetches the whole app, which must not compete with this page's own code and first render.
function registerServiceWorker(): void {
  import('virtual:pwa-register')
    .then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onNeedReload: reloadOnNextNavigation,
        onRegisterError: (error: unknown) => {
          console.warn('The app could not be installed for offline use', error);
          if (!navigator.onLine) registerOnceOnline();
        },
      }),
    )
    .catch(registerOnceOnline);
}
/** The connection went before the worker's code or script could be fetched: it is installed once it is back. */
function registerOnceOnline(): void {
  window.addEventListener('online', registerServiceWorker, { once: true });
}
function registerWhenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(registerServiceWorker, { timeout: 5000 });
  else setTimeout(registerServiceWorker, 1000);
}
if (document.readyState === 'complete') registerWhenIdle();
else window.addEventListener('load', registerWhenIdle, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const pageReady = preloadPage(window.location.pathname, window.location.search);
// A device someone is signed in on opens their journal from its own copy: the code that reads it comes at once.
if (storage.get(STORAGE_KEYS.userId)) void import('./lib/persistence/query-persistence');

/**
 * Whether the page's ready-made markup (src/client/prerender.tsx) is what the app's first render draws here, so React
 * can take it over as it is: the markup was made for this address, for a visitor nobody has signed in as on this
 * device, and with no state carried from another screen (a notice, an email typed before).
 */
function canHydrate(root: HTMLElement): boolean {
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

const hydrate = canHydrate(container);
if (hydrate) {
  // What was typed, sent or pressed on the page before the app took it over is done again once its content is
  // React's; then the page's mark goes.
  replayOnceHydrated(() => replayEarlyInput(container));
}

/**
 * The markup is replaced by the app's first commit, and its mark goes with it, not before: until then it keeps
 * hidden what must not show (layout.css): a guest page on a device signed in here, which is about to open the
 * journal, or the sign-in page made for another mode than the address asks for.
 */
function DropPageMark({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    root.removeAttribute('data-prerendered');
  }, [root]);
  return null;
}
const app = (
  <StrictMode>
    {!hydrate && <DropPageMark root={container} />}
    <App />
  </StrictMode>
);

// As a transition, the first render, or the taking over of the page's markup, yields to the browser every few
// milliseconds instead of holding the main thread until the whole page is built, so taps and scrolls are answered
// while the app starts. Outside a transition React hydrates a page in one go.
//
// A page made ahead of time whose markup holds lazily loaded parts (About, the sign-up form) is taken over once their
// code is here (start-app.js fetched it with the rest): a part that had to wait for its code would be taken over
// later, and drawn afresh instead, what was typed into it lost, should anything above it change first. The journal's
// frame is the first screen's own code, so it is taken over while the journal's code is still on its way.
if (hydrate) void pageReady.then(() => startTransition(() => void hydrateRoot(container, app)));
else startTransition(() => void createRoot(container).render(app));
