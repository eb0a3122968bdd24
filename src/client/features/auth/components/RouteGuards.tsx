import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { STORAGE_KEYS } from '../../../lib/constants';
import { returnTarget } from '../../../lib/navigation-state';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../lib/session/auth-context';
import { storage } from '../../../lib/storage';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { VerifyGate } from './VerifyGate';

/** Protected screens: signed-out visitors go to /login (remembering where they were going), unverified
 * users see the Verify Your Email screen. `loading` shows while the session is being read (the screen's frame). */
export function RequireVerifiedUser({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  // The screen behind the session check is the heaviest render of a start: it is drawn as a transition, in slices
  // between which the browser answers taps and paints, while the frame or Loading... stays on screen.
  const { user, isLoading, signedOut } = useDeferredValue(useAuth());
  const location = useLocation();

  if (isLoading) return loading ?? <LoadingScreen />;
  if (!user) {
    // Someone who just signed out is on their way home, not to the login screen.
    if (signedOut) return <Navigate to={paths.home} replace />;
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  if (!user.emailVerified) return <VerifyGate email={user.email} />;
  return children;
}

/** Screens for visitors (landing, login): a verified user is sent on to where they were going. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading, signedOut, acknowledgeSignOut } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (signedOut) acknowledgeSignOut();
  }, [signedOut, acknowledgeSignOut]);

  // A browser that has never signed in here sees the page at once; one that has waits to know where to go.
  if (isLoading) return storage.get(STORAGE_KEYS.userId) ? <LoadingScreen /> : children;
  if (user?.emailVerified) return <Navigate to={returnTarget(location.state, paths.journal)} replace />;
  return children;
}
