import { useState } from 'react';
import { NOTICES } from '../../../shared/messages';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useSendVerification } from './api';

type Outcome = 'sent' | 'failed' | null;

/** The 'Resend verification email' action offered when a sign-in is refused for an unverified address. */
export function ResendVerification({ email }: { email: string }) {
  const send = useSendVerification();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function resend() {
    setOutcome(null);
    send.mutate(email, {
      onSuccess: () => setOutcome('sent'),
      onError: () => setOutcome('failed'),
    });
  }

  return (
    <div className="resend">
      <Button variant="secondary" busy={send.isPending} onClick={resend}>
        Resend verification email
      </Button>
      {outcome === 'sent' && <Notice tone="success">{NOTICES.verificationSent}</Notice>}
      {outcome === 'failed' && <Notice tone="error">{NOTICES.verificationFailed}</Notice>}
    </div>
  );
}
