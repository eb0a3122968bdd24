import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { seenOnThisDevice, useMarkWelcomeSeen, useSendWelcomeMark } from '../features/welcome/api';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { paths } from '../lib/paths';
import { useAuth } from '../lib/session/auth-context';
import { useDeviceValue } from '../lib/use-device-value';

const tour = lazyWithPreload(() => import('./WelcomeTour').then((module) => module.WelcomeTour));
const WelcomeTour = tour.Component;

/**
 * Opens the welcome on the journal (docs/product.md §4): after the first sign-in of an account, until it is finished
 * or skipped on any device, and again whenever About's link asks for it (`?welcome`). Its code loads only then.
 */
export function WelcomeGate() {
  const { user, profile } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const markSeen = useMarkWelcomeSeen();
  useSendWelcomeMark();
  const [closed, setClosed] = useState(false);
  // While React takes over a page made ahead of time, nothing is known of the device: the welcome waits a render.
  const seenHere = useDeviceValue(() => (user ? seenOnThisDevice(user.id) : false), true);

  const onJournal = location.pathname === paths.journal;
  const asked = onJournal && new URLSearchParams(location.search).has('welcome');
  const firstTime = onJournal && user?.emailVerified === true && profile?.welcomeSeen === false && !seenHere;
  if (!asked && (closed || !firstTime)) return null;

  function end() {
    markSeen();
    setClosed(true);
    if (asked) {
      const params = new URLSearchParams(location.search);
      params.delete('welcome');
      const rest = params.toString();
      void navigate(`${paths.journal}${rest ? `?${rest}` : ''}`, { replace: true });
    }
  }

  return (
    <Suspense fallback={null}>
      <WelcomeTour onEnd={end} />
    </Suspense>
  );
}
