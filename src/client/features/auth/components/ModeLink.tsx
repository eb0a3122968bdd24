import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { readNavigationState } from '../../../lib/navigation-state';
import { loginPath, type LoginMode } from '../../../lib/paths';

/**
 * Switches the login screen's mode, keeping where the visitor was heading and the email typed so far, so it need not
 * be typed again (and dropping any notice).
 */
export function ModeLink({ mode, email, children }: { mode: LoginMode; email: string; children: ReactNode }) {
  const location = useLocation();
  const { from } = readNavigationState(location.state);
  const address = email.trim();
  const state = from || address ? { ...(from ? { from } : {}), ...(address ? { email: address } : {}) } : undefined;
  return (
    <Link to={loginPath(mode)} state={state} className="text-link">
      {children}
    </Link>
  );
}
