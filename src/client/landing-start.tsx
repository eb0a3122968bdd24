/**
 * The landing page's light start (docs/decisions/023). A first visitor's phone has the landing page from its HTML;
 * what it waits for before the page answers taps is this: React and the landing page's own parts, without the router,
 * the data layer or the rest of the app, which it never needs here. Its links are plain ones and load the next page,
 * made ahead of time like this one, where the whole app starts.
 *
 * The page is handed to the whole app instead (app-start.tsx) when its markup cannot be taken over as it is (someone
 * is signed in on this device, who is on their way to the journal) and when the server says someone is signed in.
 */
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PlainNavigation } from './app/links';
import { PageLayout } from './app/PageLayout';
import { LandingPage } from './features/landing/LandingPage';
import { probeServer } from './lib/api';
import { watchConnection } from './lib/connection/watch-connection';
import { replayEarlyInput, replayOnceHydrated } from './lib/early-input';
import { canHydrate } from './lib/page-made-ahead';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import { AuthContext, type AuthContextValue } from './lib/session/auth-context';
import { fetchSession } from './lib/session/session-api';
import { applyTheme, readStoredTheme } from './lib/theme';
import { ToastProvider } from './ui/ToastProvider';

/** The whole app takes the page: the light start's own content, if any, goes with the app's first commit. */
function handOver(container: HTMLElement, root?: Root): void {
  void import('./app-start').then(({ startApp }) => {
    root?.unmount();
    startApp(container);
  });
}

const nothing = () => undefined;

/**
 * A visitor: until the server has said nobody is signed in, the header offers no Sign In, as the page was made. What
 * only a signed-in user can do never happens here: the page is the app's by then.
 */
function visitor(isLoading: boolean): AuthContextValue {
  return {
    user: null,
    profile: null,
    isLoading,
    signedOut: false,
    acknowledgeSignOut: nothing,
    setSession: nothing,
    setProfile: nothing,
    signOut: () => Promise.resolve(),
  };
}

function LandingStart({ onSignedIn }: { onSignedIn: () => void }) {
  const [auth, setAuth] = useState(() => visitor(true));
  useEffect(() => {
    let active = true;
    fetchSession()
      .then((session) => {
        if (!active) return;
        if (session.user) onSignedIn();
        else setAuth(visitor(false));
      })
      // No answer (offline, or the server failing): nobody this device knows of is signed in, so a visitor it is.
      .catch(() => {
        if (active) setAuth(visitor(false));
      });
    return () => {
      active = false;
    };
  }, [onSignedIn]);

  return (
    <PlainNavigation pathname={window.location.pathname}>
      <AuthContext.Provider value={auth}>
        <ToastProvider>
          <PageLayout>
            <LandingPage />
          </PageLayout>
        </ToastProvider>
      </AuthContext.Provider>
    </PlainNavigation>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (canHydrate(container)) {
  // /theme-boot.js has already painted the remembered theme; this keeps the app's own record of it in step.
  applyTheme(readStoredTheme());
  watchConnection(probeServer);
  registerServiceWorkerWhenIdle();
  // What was typed or pressed before the page was taken over is done again once its content is React's.
  replayOnceHydrated(() => replayEarlyInput(container));
  let root: Root | undefined;
  const signedIn = () => handOver(container, root);
  // In a transition, as the app's own start: React takes the markup over in slices and the page answers meanwhile.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <LandingStart onSignedIn={signedIn} />
      </StrictMode>,
    );
  });
} else {
  handOver(container);
}
