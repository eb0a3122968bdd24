import type { SessionResponse } from '../../../shared/profile-schemas';
import { api } from '../api';

/** The cached session. `endedHere` marks a sign-out done in this tab, so guards send the user home. */
export interface SessionState extends SessionResponse {
  endedHere?: boolean;
}

export const sessionQueryKey = ['session'] as const;

export const SIGNED_OUT: SessionState = { user: null, profile: null };

export function fetchSession(): Promise<SessionResponse> {
  return api.get<SessionResponse>('/api/auth/session');
}

export function postSignOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out');
}
