import { useEffect, useState } from 'react';
import { LandingPage } from '../features/landing/components/LandingPage';
import { PlainNavigation } from '../lib/links';
import { fetchSession } from '../lib/session/api';
import { AuthContext, type AuthContextValue } from '../lib/session/auth-context';
import { ToastProvider } from '../ui/ToastProvider';
import { PageLayout } from './PageLayout';

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

/**
 * The landing page as its light start draws it (src/client/landing-start.tsx): the markup the app draws at `/`, with
 * plain links, a visitor's session and no data layer. `onSignedIn`: the server says someone is signed in after all.
 */
export function LandingStart({ pathname, onSignedIn }: { pathname: string; onSignedIn: () => void }) {
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
    <PlainNavigation pathname={pathname}>
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
