import type { QueryClient } from '@tanstack/react-query';

/** Where a sign-in goes once it succeeds: the address's path and query. */
export interface SignInTarget {
  pathname: string;
  search: string;
}

/**
 * What the app can start ahead of a signed-in page while the writer signs in: on the tap, the page's code (the server
 * checks the password meanwhile, and the phone's network and processor are otherwise idle); once the session is
 * there, the data of the page's first screen, before the page has rendered and asked for it. Each part of the app
 * that has such work says so here (app/router.tsx, app/AppProviders.tsx), so the sign-in form needs none of its code.
 */
interface Warmup {
  tapped?: (target: SignInTarget, queryClient: QueryClient) => void;
  signedIn?: (target: SignInTarget, queryClient: QueryClient) => void;
}

const warmups: Warmup[] = [];

export function warmUpForSignIn(warmup: Warmup): void {
  warmups.push(warmup);
}

export function signInTapped(target: SignInTarget, queryClient: QueryClient): void {
  for (const warmup of warmups) warmup.tapped?.(target, queryClient);
}

export function signedIn(target: SignInTarget, queryClient: QueryClient): void {
  for (const warmup of warmups) warmup.signedIn?.(target, queryClient);
}
