import { useEffect, useId, useState } from 'react';
import { RESEND_COOLDOWN_S, RESEND_PENALTY_S } from '../../../../shared/limits';
import { NOTICES, VERIFY_GATE_MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api';
import { formatSeconds, useCountdown } from '../../../lib/use-countdown';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { authApi, useSendVerification } from '../api';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** Shown instead of a protected screen to a signed-in user whose email is not verified yet. */
export function VerifyGate({ email }: { email: string }) {
  usePageTitle('Verify Your Email');
  const send = useSendVerification();
  const { secondsLeft, start } = useCountdown();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const countdownId = useId();

  // The server keeps the cooldown: a reload shows the wait that is left instead of a button that would earn the
  // longer one. If it cannot be asked, the button stays as it is and the server still decides.
  useEffect(() => {
    let current = true;
    authApi.verificationCooldown(email).then(
      ({ retryAfterSeconds }) => {
        if (current && retryAfterSeconds > 0) start(retryAfterSeconds);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [email, start]);

  function resend() {
    setOutcome(null);
    send.mutate(email, {
      onSuccess: ({ retryAfterSeconds }) => {
        setOutcome({ tone: 'success', message: NOTICES.verificationSent });
        start(retryAfterSeconds || RESEND_COOLDOWN_S);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          setOutcome({ tone: 'error', message: VERIFY_GATE_MESSAGES.tooManyRequests });
          start(RESEND_PENALTY_S);
          return;
        }
        setOutcome({ tone: 'error', message: VERIFY_GATE_MESSAGES.failed });
      },
    });
  }

  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="verify-gate-heading">
        <h1 id="verify-gate-heading">Verify Your Email</h1>
        <p>
          We sent a verification link to <strong className="break-anywhere">{email}</strong>. Open it to
          activate your account.
        </p>
        <p className="muted">Can't find it? Check your spam folder, or send a new link.</p>
        {outcome && <Notice tone={outcome.tone}>{outcome.message}</Notice>}
        <div className="stack">
          <Button
            onClick={resend}
            busy={send.isPending}
            disabled={secondsLeft > 0}
            aria-describedby={secondsLeft > 0 ? countdownId : undefined}
          >
            Resend verification email
          </Button>
          {secondsLeft > 0 && (
            <p id={countdownId} className="muted countdown">
              You can send another email in <span className="tabular">{formatSeconds(secondsLeft)}</span>
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
