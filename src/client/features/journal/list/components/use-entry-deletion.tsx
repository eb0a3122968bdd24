import { type RefObject, useState } from 'react';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../../shared/messages';
import { ConfirmDialog } from '../../../../ui/Dialog';
import { useToast } from '../../../../ui/toast-context';
import { useDeleteEntry } from '../../sync/entry-writes';

/**
 * Deleting an entry from a list, after asking: `ask` opens the confirmation, `dialog` is it, to be placed in the
 * list, and `deletingId` is the entry being deleted. Once it is gone (or gone from the device, to be deleted on
 * the server when it can be reached), the focus moves to `focusAfter`: the card and its buttons are gone, and the
 * list's heading is the nearest sensible place.
 */
export function useEntryDeletion(focusAfter: RefObject<HTMLElement | null>) {
  const toast = useToast();
  const removal = useDeleteEntry();
  const [pendingDelete, setPendingDelete] = useState<JournalEntry | null>(null);

  function confirmDelete() {
    const entry = pendingDelete;
    setPendingDelete(null);
    if (!entry) return;
    removal.mutate(entry.id, {
      onSuccess: (result) => {
        toast.success(result === 'sent' ? JOURNAL_MESSAGES.deleted : OFFLINE_MESSAGES.deletedOnDevice);
        focusAfter.current?.focus();
      },
      onError: () => toast.error(JOURNAL_MESSAGES.deleteFailed),
    });
  }

  const dialog = (
    <ConfirmDialog
      open={pendingDelete !== null}
      title="Delete this entry?"
      message="This entry will be permanently removed. This can't be undone."
      cancelLabel="Cancel"
      confirmLabel="Delete"
      destructive
      onCancel={() => setPendingDelete(null)}
      onConfirm={confirmDelete}
    />
  );
  return { ask: setPendingDelete, deletingId: removal.isPending ? removal.variables : null, dialog };
}
