import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SIGN_OUT_MESSAGES } from '../../../../../shared/messages';
import { useConnectionState } from '../../../../lib/connection/connection-state';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { unsentWrites, useUnsentWriteCount } from '../unsent-writes';

export interface SignOutDialogProps {
  /** Closes the dialog; the user stays signed in. */
  onCancel: () => void;
  /** Signs out (the dialog goes with the account menu). */
  onSignOut: () => Promise<void>;
}

/**
 * Sign Out. With journal changes still waiting to be sent it asks first: signing out keeps them on this device for
 * the same user (docs/decisions/007-offline-writes.md), so they would arrive only at the next sign-in here. It says
 * so, and offers to send them first. Once nothing waits (at once, when nothing did), it signs out by itself.
 */
export function SignOutDialog({ onCancel, onSignOut }: SignOutDialogProps) {
  const count = useUnsentWriteCount();
  const [asking] = useState(count > 0);
  const connection = useConnectionState();
  const [waiting, setWaiting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // The queue empties a moment before the sign-out ends: the words keep the last count rather than say "0 changes".
  const [shownCount, setShownCount] = useState(count);
  if (count > 0 && count !== shownCount) setShownCount(count);

  const started = useRef(false);

  function signOut() {
    if (started.current) return;
    started.current = true;
    setSigningOut(true);
    void onSignOut();
  }

  const signOutOnceSent = useEffectEvent(signOut);
  useEffect(() => {
    if (count === 0) signOutOnceSent();
  }, [count]);

  function waitForSending() {
    setWaiting(true);
    unsentWrites.sendNow();
  }

  if (!asking) return null;

  let status = '';
  if (waiting) status = connection === 'offline' ? SIGN_OUT_MESSAGES.waitingForConnection : SIGN_OUT_MESSAGES.sending;

  // In <body>, not in the header: the header's colours (its focus ring among them) are not the dialog's.
  return createPortal(
    <Dialog
      open
      title={SIGN_OUT_MESSAGES.title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {SIGN_OUT_MESSAGES.cancel}
          </Button>
          <Button variant="secondary" busy={signingOut && !waiting} onClick={signOut}>
            {SIGN_OUT_MESSAGES.signOutAnyway}
          </Button>
          <Button busy={waiting} onClick={waitForSending}>
            {SIGN_OUT_MESSAGES.signOutOnceSent}
          </Button>
        </>
      }
    >
      <p>{SIGN_OUT_MESSAGES.unsent(shownCount)}</p>
      {/* Always there, so that screen readers hear it when it starts to speak. */}
      <p className="dialog-status" role="status">
        {status}
      </p>
    </Dialog>,
    document.body,
  );
}
