import { createContext, useContext, type ReactNode } from 'react';
import type { SessionUser } from '../../shared/profile-schemas';
import { AppLink, usePathname } from '../lib/links';
import { journalDayPath, paths } from '../lib/paths';
import { useAuth } from '../lib/session/auth-context';
import { todayKey } from '../lib/today';
import { BrandMark } from './BrandMark';
import { ConnectionStatus } from './ConnectionStatus';

/**
 * The account menu, which the app gives the header (App.tsx). The landing page's light start gives none: nobody is
 * signed in there, and the menu's code (sign-out, the journal's unsent writes) is not the landing page's to fetch.
 */
export const AccountMenuContext = createContext<((user: SessionUser) => ReactNode) | null>(null);

export function Header() {
  const { user, isLoading } = useAuth();
  const accountMenu = useContext(AccountMenuContext);
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
        {((user && accountMenu) || showSignIn) && (
          <nav className="header-nav" aria-label="Account">
            {user && accountMenu ? (
              accountMenu(user)
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
