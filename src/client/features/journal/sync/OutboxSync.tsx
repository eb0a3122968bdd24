import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { JOURNAL_MESSAGES } from '../../../../shared/messages';
import { useAuth } from '../../../lib/session/auth-context';
import { useToast } from '../../../ui/toast-context';
import { saveFailureMessage } from '../writing/entry-content';
import { startSync } from '../writing/entry-writes';
import type { PendingWrite } from './outbox';

// Sign Out's question about waiting changes comes in the outbox's download: wherever a change waits, it is here.
export { SignOutDialog } from './SignOutDialog';

const FAILURE_MESSAGES: Record<PendingWrite['kind'], string> = {
  create: JOURNAL_MESSAGES.saveFailed,
  update: JOURNAL_MESSAGES.updateFailed,
  delete: JOURNAL_MESSAGES.deleteFailed,
};

/**
 * Sends the signed-in user's queued journal writes whenever it can, from anywhere in the app, and says so when
 * the server refuses one that was queued earlier (its screen may be long gone).
 */
export function OutboxSync() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const userId = user?.emailVerified ? user.id : null;

  const reportRefusal = useEffectEvent((write: PendingWrite, error: unknown) => {
    console.warn(`A queued ${write.kind} of a journal entry was refused`, error);
    toast.error(saveFailureMessage(error, FAILURE_MESSAGES[write.kind]));
  });

  useEffect(() => {
    if (!userId) return;
    return startSync(userId, queryClient, (write, error) => reportRefusal(write, error));
  }, [userId, queryClient]);

  return null;
}
