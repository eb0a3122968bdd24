import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationContext, type AppLinkProps } from '../lib/links';

/**
 * The router's link, drawn as the light start's plain one is: without the `data-discover` mark, which only a router
 * that discovers its routes lazily reads, so that both draw the same markup for the page they share.
 */
function RouterLink(props: AppLinkProps) {
  return <Link discover="none" {...props} />;
}

/** The app's links (AppLink) inside its router: the router's own, and its location. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useMemo(() => ({ Link: RouterLink, pathname }), [pathname]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}
