import { JOURNAL_MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api';

export interface LoadErrorMessages {
  toast: string;
  inline: string;
}

/**
 * The words for a failed journal load (SPEC §8): 403 is the permission-denied case, 503 the database
 * still being set up (failed-precondition), anything else the general failure.
 */
export function loadErrorMessages(error: unknown): LoadErrorMessages {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    return { toast: JOURNAL_MESSAGES.loadPermissionToast, inline: JOURNAL_MESSAGES.loadPermissionInline };
  }
  if (status === 503) {
    return {
      toast: JOURNAL_MESSAGES.loadFailedPreconditionToast,
      inline: JOURNAL_MESSAGES.loadFailedPreconditionInline,
    };
  }
  return { toast: JOURNAL_MESSAGES.loadFailedToast, inline: JOURNAL_MESSAGES.loadFailedInline };
}
