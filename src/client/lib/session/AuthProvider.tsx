import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { Profile, SessionResponse } from '../../../shared/profile-schemas';
import { ApiError, isNetworkFailure } from '../api';
import { STORAGE_KEYS } from '../constants';
import { storage } from '../storage';
import { applyTheme } from '../theme';
import { SIGNED_OUT, fetchSession, postSignOut, sessionQueryKey, type SessionState } from './api';
import { AuthContext, type AuthContextValue } from './auth-context';
import { isSignOutPending, readLastSession, rememberSession, setSignOutPending } from './last-session';

/** Queries that hold nothing personal and survive a sign-out. */
const KEPT_ON_SIGN_OUT = new Set<unknown>([sessionQueryKey[0]]);

/** Nothing of one user may be shown to the next: not in memory, and not in the offline cache. */
/** The service worker's cache of the journal's photos (vite.config.ts, runtimeCaching). */
const PHOTO_CACHE = 'journal-photos';

function forgetPersonalData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_ON_SIGN_OUT.has(query.queryKey[0]) });
  void import('../persistence/query-persistence').then((persistence) => persistence.clearPersistedQueries());
  void import('../persistence/journal-copy').then((copy) => copy.forgetJournalCopies());
  // An unsaved entry's text (features/journal/writing/entry-draft.ts).
  storage.remove(STORAGE_KEYS.entryDraft);
  // The photos the journal showed, kept for offline reading.
  if (typeof caches !== 'undefined') void caches.delete(PHOTO_CACHE).catch(() => undefined);
}

/**
 * Makes `next` the session of this device. When the user changes (another account, or none), whatever was
 * cached for the previous one goes first.
 */
function adoptSession(queryClient: QueryClient, next: SessionResponse, previousUserId: string | null): void {
  if ((next.user?.id ?? null) !== previousUserId) forgetPersonalData(queryClient);
  void rememberSession(next);
}

/** No answer, or the server failing (5xx): the session is unknown, not ended. */
function sessionUnknown(error: unknown): boolean {
  return isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500);
}

/** Tells the server about a sign-out made offline; false while it still cannot be reached. */
async function finishPendingSignOut(): Promise<boolean> {
  if (!(await isSignOutPending())) return true;
  try {
    await postSignOut();
  } catch (error) {
    // Any answer but none at all (a 401 for a cookie already gone, say) means the server has no session for us.
    if (sessionUnknown(error)) return false;
  }
  await setSignOutPending(false);
  return true;
}

/**
 * Who is signed in. The session is asked for once at start-up and then kept in the query cache, which
 * sign-in, sign-out and profile updates write to directly. When the server cannot be reached, the last
 * session it confirmed on this device stands in, so the journal opens offline; only a real answer
 * ({user: null}) signs the user out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Counts the sign-ins and sign-outs made here. An answer about the session asked for before one of them (the one
  // asked for when the connection comes back, say) speaks of a session this device no longer has: it must neither
  // undo the sign-out nor be remembered for offline starts.
  const changesHere = useRef(0);
  // Draws this provider again at once when the device signs in or out. The query cache tells React of the new
  // session only in a later task, and a navigation made straight after (home, after a sign-out) would be drawn with
  // the old one: the landing page, still seeing a verified user, would send them back to the journal.
  const [, drawChange] = useReducer((count: number) => count + 1, 0);
  const session = useQuery<SessionState>({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      const asked = changesHere.current;
      const outdated = () => changesHere.current !== asked;
      const current = () => queryClient.getQueryData<SessionState>(sessionQueryKey) ?? SIGNED_OUT;
      if (!(await finishPendingSignOut())) return outdated() ? current() : SIGNED_OUT;
      const last = await readLastSession();
      try {
        const confirmed = await fetchSession();
        if (outdated()) return current();
        adoptSession(queryClient, confirmed, last?.user?.id ?? null);
        return confirmed;
      } catch (error) {
        if (outdated()) return current();
        if (last && sessionUnknown(error)) return last;
        console.warn('Could not load the session; continuing signed out', error);
        return SIGNED_OUT;
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    networkMode: 'always',
    refetchOnWindowFocus: false,
    // Back online after an offline start: ask the server whether the remembered session still holds.
    refetchOnReconnect: 'always',
  });

  const user = session.data?.user ?? null;
  const profile = session.data?.profile ?? null;
  const isLoading = session.isPending;

  useEffect(() => {
    if (isLoading) return;
    if (user) storage.set(STORAGE_KEYS.userId, user.id);
    else storage.remove(STORAGE_KEYS.userId);
  }, [isLoading, user]);

  const savedTheme = profile?.theme ?? null;
  useEffect(() => {
    if (savedTheme) applyTheme(savedTheme);
  }, [savedTheme]);

  const setSession = useCallback(
    (next: SessionResponse) => {
      const previousUserId = queryClient.getQueryData<SessionState>(sessionQueryKey)?.user?.id ?? null;
      // A new sign-in replaced the old cookie: a sign-out still pending for it must not end this session.
      void setSignOutPending(false);
      changesHere.current += 1;
      adoptSession(queryClient, next, previousUserId);
      queryClient.setQueryData<SessionState>(sessionQueryKey, next);
      drawChange();
    },
    [queryClient],
  );

  const setProfile = useCallback(
    (next: Profile) => {
      const updated = queryClient.setQueryData<SessionState>(sessionQueryKey, (old) =>
        old?.user ? { user: { ...old.user, displayName: next.displayName }, profile: next } : old,
      );
      if (updated?.user) void rememberSession(updated);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await postSignOut();
    } catch (error) {
      console.warn('Sign-out request failed; clearing the local session anyway', error);
      // Sent again, before anything else, once the server can be reached.
      if (sessionUnknown(error)) await setSignOutPending(true);
    }
    changesHere.current += 1;
    forgetPersonalData(queryClient);
    void rememberSession(SIGNED_OUT);
    queryClient.setQueryData<SessionState>(sessionQueryKey, { ...SIGNED_OUT, endedHere: true });
    storage.remove(STORAGE_KEYS.userId);
    drawChange();
  }, [queryClient]);

  const acknowledgeSignOut = useCallback(
    () =>
      queryClient.setQueryData<SessionState>(sessionQueryKey, (old) =>
        old?.endedHere ? { user: old.user, profile: old.profile } : old,
      ),
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      profile,
      isLoading,
      signedOut: session.data?.endedHere === true,
      setSession,
      setProfile,
      signOut,
      acknowledgeSignOut,
    }),
    [user, profile, isLoading, session.data?.endedHere, setSession, setProfile, signOut, acknowledgeSignOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
