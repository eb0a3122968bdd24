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
