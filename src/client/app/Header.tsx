import { Link, useLocation } from 'react-router';
import { useAuth } from '../lib/session/auth-context';
import { todayKey } from '../lib/today';
import { AccountMenu } from './AccountMenu';
import { BrandMark } from './BrandMark';
import { ConnectionStatus } from './ConnectionStatus';
import { journalDayPath, paths } from './paths';

export function Header() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const brandTarget = user ? journalDayPath(todayKey()) : paths.home;
  const showSignIn = !isLoading && !user && pathname !== paths.login;

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to={brandTarget} className="brand">
          <BrandMark />
          <span className="brand-name">Gratitude Journal</span>
        </Link>
        <ConnectionStatus />
        {(user || showSignIn) && (
          <nav className="header-nav" aria-label="Account">
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Link to={paths.login} className="btn btn-on-header">
                Sign In
              </Link>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
