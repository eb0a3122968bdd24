import type { Profile, ProfileUpdate, SessionResponse } from '../../../shared/profile-schemas';
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

/** Saves part of the profile (PATCH /api/profile); the answer is the whole profile. */
export function patchProfile(update: ProfileUpdate): Promise<Profile> {
  return api.patch<Profile>('/api/profile', update);
}
