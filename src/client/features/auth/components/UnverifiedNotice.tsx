import { useState } from 'react';
import { AUTH_MESSAGES, NOTICES } from '../../../../shared/messages';
import { Button } from '../../../ui/Button';
import { useSendVerification } from '../api';

type Outcome = 'sent' | 'failed' | null;

const OUTCOMES = {
  asked: { tone: 'warning', role: 'alert', text: AUTH_MESSAGES['email-not-verified'] },
  sent: { tone: 'success', role: 'status', text: NOTICES.verificationSent },
  failed: { tone: 'error', role: 'alert', text: NOTICES.verificationFailed },
} as const;

/**
 * A sign-in refused for an unverified address: one notice that says so and offers 'Resend verification email', and
 * then says, in its place, whether the email went (one notice at a time, however often it is pressed).
 */
export function UnverifiedNotice({ email }: { email: string }) {
  const send = useSendVerification();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const shown = OUTCOMES[outcome ?? 'asked'];

  function resend() {
    setOutcome(null);
    send.mutate(email, {
      onSuccess: () => setOutcome('sent'),
      onError: () => setOutcome('failed'),
    });
  }

  return (
    <div className={`notice notice-${shown.tone}`}>
      {/* A new paragraph for each message, so that each is announced as it appears. */}
      <p key={outcome ?? 'asked'} role={shown.role}>
        {shown.text}
      </p>
      <div className="resend">
        <Button variant="secondary" busy={send.isPending} onClick={resend}>
          Resend verification email
        </Button>
      </div>
    </div>
  );
}
