import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate } from '../../../shared/profile-schemas';
import { api } from '../../lib/api';
import { patchProfile } from '../../lib/session/api';
import { useAuth } from '../../lib/session/auth-context';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Saves part of the profile and writes the answer into the session, so every screen sees it at once. */
export function useUpdateProfile() {
  const { setProfile } = useAuth();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => patchProfile(update),
    onSuccess: (profile) => setProfile(profile),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ ok: true }>('/api/auth/change-password', input),
  });
}

/** Removes the account and everything written in it (DELETE /api/account), behind the current password. */
export function removeAccount(password: string): Promise<unknown> {
  return api.delete('/api/account', { password });
}
