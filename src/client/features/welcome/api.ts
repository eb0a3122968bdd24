import { useCallback, useEffect } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { useConnectionState } from '../../lib/connection/connection-state';
import { useAuth } from '../../lib/session/auth-context';
import { patchProfile } from '../../lib/session/api';
import { storage } from '../../lib/storage';

/** Whether this device finished or skipped the welcome of the account signed in now. */
export function seenOnThisDevice(userId: string): boolean {
  return storage.get(STORAGE_KEYS.welcomeSeenHere) === userId;
}

/**
 * Marks the welcome as seen: on this device at once, then on the server with the profile (PATCH /api/profile), so that
 * no other device of the account shows it. Offline, the server hears of it when the connection is back
 * (useSendWelcomeMark).
 */
export function useMarkWelcomeSeen(): () => void {
  const { user, setProfile } = useAuth();
  const userId = user?.id;
  return useCallback(() => {
    if (!userId) return;
    storage.set(STORAGE_KEYS.welcomeSeenHere, userId);
    patchProfile({ welcomeSeen: true }).then(setProfile, () => undefined);
  }, [userId, setProfile]);
}

/** Sends the mark this device kept while offline, once the server can be reached and has not heard of it. */
export function useSendWelcomeMark(): void {
  const { user, profile, setProfile } = useAuth();
  const online = useConnectionState() === 'online';
  const waiting = Boolean(user && profile?.welcomeSeen === false && seenOnThisDevice(user.id));
  useEffect(() => {
    if (!online || !waiting) return;
    patchProfile({ welcomeSeen: true }).then(setProfile, () => undefined);
  }, [online, waiting, setProfile]);
}
