import { Suspense } from 'react';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { useAuth } from '../lib/session/auth-context';
import { todayKey } from '../lib/today';
import { BrandMark } from './BrandMark';
import { ConnectionStatus } from './ConnectionStatus';
import { AppLink, usePathname } from './links';
import { journalDayPath, paths } from './paths';

// Only someone signed in has the menu: the landing page's light start never draws it, and the app fetches it as it
// starts (app-start.tsx), so it is here by the time anyone is.
const accountMenu = lazyWithPreload(() => import('./AccountMenu').then((module) => module.AccountMenu));
const AccountMenu = accountMenu.Component;
export const preloadAccountMenu = accountMenu.preload;

export function Header() {
  const { user, isLoading } = useAuth();
  const pathname = usePathname();
  const brandTarget = user ? journalDayPath(todayKey()) : paths.home;
  const showSignIn = !isLoading && !user && pathname !== paths.login;

  return (
    <header className="site-header">
      <div className="header-inner">
        <AppLink to={brandTarget} className="brand">
          <BrandMark />
          <span className="brand-name">Gratitude Journal</span>
        </AppLink>
        <ConnectionStatus />
        {(user || showSignIn) && (
          <nav className="header-nav" aria-label="Account">
            {user ? (
              <Suspense fallback={null}>
                <AccountMenu user={user} />
              </Suspense>
            ) : (
              <AppLink to={paths.login} className="btn btn-on-header">
                Sign In
              </AppLink>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
