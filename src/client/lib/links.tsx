import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';

/**
 * The links of the parts that the landing page's light start draws too (the header, the landing page), and the
 * address they are drawn for. Inside the app they are the router's; the light start runs no router
 * (docs/decisions/023), and its links are plain ones, which load the next page as made ahead of time. This module
 * must not import the router: the light start would then fetch it.
 */
export interface AppLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

export interface Navigation {
  Link: ComponentType<AppLinkProps>;
  pathname: string;
}

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a {...props} href={to} />;
}

export const NavigationContext = createContext<Navigation | null>(null);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('AppLink must be used inside <RouterNavigation> (router-navigation.tsx) or <PlainNavigation>');
  return navigation;
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

/** The path of the page on screen. */
export function usePathname(): string {
  return useNavigation().pathname;
}

/** Where no router runs (the light start): plain links, and the page's own path. */
export function PlainNavigation({ pathname, children }: { pathname: string; children: ReactNode }) {
  const navigation = useMemo(() => ({ Link: PlainLink, pathname }), [pathname]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}
