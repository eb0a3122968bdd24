/**
 * The landing page's light start (docs/decisions/023). A first visitor's phone has the landing page from its HTML;
 * what it waits for before the page answers taps is this: React and the landing page's own parts, without the router,
 * the data layer or the rest of the app, which it never needs here. Its links are plain ones and load the next page,
 * made ahead of time like this one, where the whole app starts.
 *
 * The page is handed to the whole app instead (app-start.tsx) when its markup cannot be taken over as it is (someone
 * is signed in on this device, who is on their way to the journal) and when the server says someone is signed in.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { LandingStart } from './app/LandingStart';
import { replayEarlyInput, replayOnceHydrated } from './lib/early-input';
import { canHydrate } from './lib/page-made-ahead';
import { startPageServices } from './lib/page-services';

/** The whole app takes the page; into the light start's root, if it has one, where it replaces what is shown. */
function handOver(container: HTMLElement, root?: Root): void {
  void import('./app-start').then(({ startApp }) => startApp(container, root));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (canHydrate(container)) {
  startPageServices();
  // What was typed or pressed before the page was taken over is done again once its content is React's.
  replayOnceHydrated(() => replayEarlyInput(container));
  let root: Root | undefined;
  const signedIn = () => handOver(container, root);
  // In a transition, as the app's own start: React takes the markup over in slices and the page answers meanwhile.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <LandingStart pathname={window.location.pathname} onSignedIn={signedIn} />
      </StrictMode>,
    );
  });
} else {
  handOver(container);
}
