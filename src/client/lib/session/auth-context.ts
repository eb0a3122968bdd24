import { createContext, useContext } from 'react';
import type { Profile, SessionResponse, SessionUser } from '../../../shared/profile-schemas';

export interface AuthContextValue {
  user: SessionUser | null;
  profile: Profile | null;
  /** True until the first answer about the session arrives. */
  isLoading: boolean;
  /**
   * True right after the user signed out in this tab: protected screens then send them home rather than
   * to the login screen. Cleared by acknowledgeSignOut() once home is reached.
   */
  signedOut: boolean;
  acknowledgeSignOut: () => void;
  setSession: (session: SessionResponse) => void;
  setProfile: (profile: Profile) => void;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * Whether a screen may ask the server for the signed-in person's own data (entries, stats, settings): only while a
 * verified user is signed in. A sign-out removes that data from the query cache while the screen showing it is still
 * mounted (the session check takes it away in a later render): without this, the screen's queries would ask again,
 * and the server would refuse each with a 401 that the browser's console reports as an error.
 */
export function usePersonalDataAllowed(): boolean {
  return useAuth().user?.emailVerified === true;
}
