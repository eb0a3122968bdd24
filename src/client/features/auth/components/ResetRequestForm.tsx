import { useState, type FormEvent } from 'react';
import { NOTICES } from '../../../../shared/messages';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { useRequestPasswordReset } from '../api';
import { useBackToLogin, useCarriedEmail } from '../hooks/use-back-to-login';
import { EmailField } from './EmailField';
import { ModeLink } from './ModeLink';

export function ResetRequestForm() {
  const backToLogin = useBackToLogin();
  const requestReset = useRequestPasswordReset();
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    requestReset.mutate(email.trim(), {
      onSuccess: () => backToLogin(NOTICES.resetEmailSent, email),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <form className="form" onSubmit={handleSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" block busy={requestReset.isPending}>
          Send Reset Link
        </Button>
      </form>
      <p className="auth-switch">
        <ModeLink mode="login" email={email}>Back to sign in</ModeLink>
      </p>
    </>
  );
}
