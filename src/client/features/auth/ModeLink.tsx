import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath, type LoginMode } from '../../app/paths';
import { readNavigationState } from '../../lib/navigation-state';

/** Switches the login screen's mode, keeping where the visitor was heading (and dropping any notice). */
export function ModeLink({ mode, children }: { mode: LoginMode; children: ReactNode }) {
  const location = useLocation();
  const { from } = readNavigationState(location.state);
  return (
    <Link to={loginPath(mode)} state={from ? { from } : undefined} className="text-link">
      {children}
    </Link>
  );
}
