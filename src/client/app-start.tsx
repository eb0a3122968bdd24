import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/router';
import { queriesFollowConnection } from './lib/connection/queries-follow-connection';
import { STORAGE_KEYS } from './lib/constants';
import { canHydrate } from './lib/page-made-ahead';
import { startPageServices } from './lib/page-services';
import { replayEarlyInput, replayOnceHydrated } from './lib/early-input';
import { storage } from './lib/storage';

// zod would probe for eval (to compile faster parsers); the CSP forbids eval, so tell it not to try. zod reads
// this global when it first loads (in a later chunk), so the setting costs the first screen nothing.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

/**
 * Starts the app in the page's #root: takes over the page made ahead of time when its markup is what the app's first
 * render draws here, draws the app afresh otherwise. main.tsx calls it; so does the landing page's light start
 * (landing-start.tsx) when it hands the page over, with its own root once it has one: the app is then drawn into that
 * root, in place of what it shows, in one commit.
 */
export function startApp(container: HTMLElement, root?: Root): void {
  startPageServices();
  queriesFollowConnection();

  const pageReady = preloadPage(window.location.pathname, window.location.search);
  // A device someone is signed in on opens their journal from its own copy: the code that reads it comes at once.
  if (storage.get(STORAGE_KEYS.userId)) void import('./lib/persistence/query-persistence');

  const hydrate = !root && canHydrate(container);
  if (hydrate) {
    // What was typed, sent or pressed on the page before the app took it over is done again once its content is
    // React's; then the page's mark goes.
    replayOnceHydrated(() => replayEarlyInput(container));
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
  else startTransition(() => (root ?? createRoot(container)).render(app));
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
