import { useMutation, useQuery } from '@tanstack/react-query';
import type { ActionMode } from '../../../shared/auth-schemas';
import type { SessionResponse } from '../../../shared/profile-schemas';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/session/auth-context';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Sent only while SIGNUPS=invite. */
  inviteCode?: string;
}

export const authApi = {
  signIn: (input: SignInInput) => api.post<SessionResponse>('/api/auth/sign-in', input),
  signUp: (input: SignUpInput) => api.post<{ ok: true }>('/api/auth/sign-up', input),
  sendVerification: (email: string) =>
    api.post<{ ok: true; retryAfterSeconds: number }>('/api/auth/send-verification', { email }),
  verificationCooldown: (email: string) =>
    api.post<{ retryAfterSeconds: number }>('/api/auth/verification-cooldown', { email }),
  requestPasswordReset: (email: string) => api.post<{ ok: true }>('/api/auth/request-password-reset', { email }),
  checkActionCode: (mode: ActionMode, oobCode: string) =>
    api.post<{ email: string }>('/api/auth/check-action', { mode, oobCode }),
  verifyEmail: (oobCode: string) =>
    api.post<{ ok: true; alreadyVerified: boolean }>('/api/auth/verify-email', { oobCode }),
  resetPassword: (oobCode: string, newPassword: string) =>
    api.post<{ ok: true }>('/api/auth/reset-password', { oobCode, newPassword }),
};

/** `onSignedIn` runs as the session arrives, before the app draws the signed-in page (lib/sign-in-warmup.ts). */
export function useSignIn(onSignedIn?: () => void) {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: authApi.signIn,
    onSuccess: (session) => {
      onSignedIn?.();
      setSession(session);
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: authApi.signUp });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: authApi.requestPasswordReset });
}

export function useSendVerification() {
  return useMutation({ mutationFn: authApi.sendVerification });
}

export function useResetPassword(oobCode: string) {
  return useMutation({ mutationFn: (newPassword: string) => authApi.resetPassword(oobCode, newPassword) });
}

/**
 * Email action codes are single-use, so each is sent exactly once per page: the query cache dedupes the
 * request (React's strict mode mounts twice) and never retries or refetches it.
 */
const onceOptions = {
  retry: false,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export function useApplyVerifyEmailCode(oobCode: string) {
  return useQuery({
    queryKey: ['email-action', 'verifyEmail', oobCode],
    queryFn: () => authApi.verifyEmail(oobCode),
    ...onceOptions,
  });
}

export function useCheckResetCode(oobCode: string) {
  return useQuery({
    queryKey: ['email-action', 'resetPassword', oobCode],
    queryFn: () => authApi.checkActionCode('resetPassword', oobCode),
    ...onceOptions,
  });
}
