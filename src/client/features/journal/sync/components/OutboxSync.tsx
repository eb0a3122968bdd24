import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { JOURNAL_MESSAGES } from '../../../../../shared/messages';
import { useAuth } from '../../../../lib/session/auth-context';
import { useToast } from '../../../../ui/toast-context';
import { saveFailureMessage } from '../../writing/entry-content';
import { startSync } from '../entry-writes';
import { syncedMessage, type PendingWrite } from '../outbox';

// Sign Out's question about waiting changes comes in the outbox's download: wherever a change waits, it is here.
export { SignOutDialog } from './SignOutDialog';

const FAILURE_MESSAGES: Record<PendingWrite['kind'], string> = {
  create: JOURNAL_MESSAGES.saveFailed,
  update: JOURNAL_MESSAGES.updateFailed,
  delete: JOURNAL_MESSAGES.deleteFailed,
};

/**
 * Sends the signed-in user's queued journal writes whenever it can, from anywhere in the app. It says so when the
 * server refuses one that was queued earlier (its screen may be long gone), and, once, when writes that had to wait
 * have reached the server ('2 entries synced'): in the tab that sent them, which alone knows.
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

  const reportSynced = useEffectEvent((writes: readonly PendingWrite[]) => {
    const message = syncedMessage(writes);
    if (message) toast.success(message);
  });

  useEffect(() => {
    if (!userId) return;
    return startSync(userId, queryClient, {
      refused: (write, error) => reportRefusal(write, error),
      deliveredAfterWaiting: (writes) => reportSynced(writes),
    });
  }, [userId, queryClient]);

  return null;
}
