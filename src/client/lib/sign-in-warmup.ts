import type { QueryClient } from '@tanstack/react-query';

/** Where a sign-in goes once it succeeds: the address's path and query. */
export interface SignInTarget {
  pathname: string;
  search: string;
}

/**
 * What the app starts for the signed-in page as soon as the session arrives, all at once and before the page has
 * rendered: its code (in one round, not each part once the part before it has run), and the data of its first screen.
 * Not on the tap on Sign In: on a slow connection the code would then come in the way of the sign-in's own answer.
 * Each part of the app that has such work says so here (app/router.tsx, app/AppProviders.tsx), so the sign-in form
 * needs none of its code.
 */
type Warmup = (target: SignInTarget, queryClient: QueryClient) => void;

const warmups: Warmup[] = [];

export function warmUpForSignIn(warmup: Warmup): void {
  warmups.push(warmup);
}

export function signedIn(target: SignInTarget, queryClient: QueryClient): void {
  for (const warmup of warmups) warmup(target, queryClient);
}
