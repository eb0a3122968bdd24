import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationContext } from './links';

/** The app's links (AppLink) inside its router: the router's own, and its location. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useMemo(() => ({ Link, pathname }), [pathname]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}
