import { useState, type FormEvent } from 'react';
import { RESET_PASSWORD_MIN } from '../../../shared/limits';
import { AUTH_MESSAGES, NOTICES } from '../../../shared/messages';
import { isApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { ActionError } from './ActionError';
import { useCheckResetCode, useResetPassword } from './api';
import { useRedirectToLoginAfterSuccess } from './use-redirect-after';

function resetFailureMessage(error: unknown): string {
  if (isApiError(error, 'expired-reset-code')) return AUTH_MESSAGES['expired-reset-code'];
  if (isApiError(error, 'network-request-failed')) return AUTH_MESSAGES['network-request-failed'];
  return AUTH_MESSAGES['reset-failed'];
}

export function ResetPasswordAction({ oobCode }: { oobCode: string }) {
  const check = useCheckResetCode(oobCode);
  const reset = useResetPassword(oobCode);
  useRedirectToLoginAfterSuccess(reset.isSuccess, NOTICES.passwordReset);

  if (check.isPending) return <p role="status" className="loading-pulse">Verifying...</p>;
  if (check.isError) {
    const offline = isApiError(check.error, 'network-request-failed');
    return <ActionError message={AUTH_MESSAGES[offline ? 'network-request-failed' : 'expired-reset-code']} />;
  }
  if (reset.isError) return <ActionError message={resetFailureMessage(reset.error)} />;
  if (reset.isSuccess) return <Notice tone="success">{NOTICES.passwordReset}</Notice>;
  return (
    <NewPasswordForm email={check.data.email} busy={reset.isPending} onSubmit={(password) => reset.mutate(password)} />
  );
}

interface NewPasswordFormProps {
  email: string;
  busy: boolean;
  onSubmit: (password: string) => void;
}

function NewPasswordForm({ email, busy, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmation) {
      setError(AUTH_MESSAGES['passwords-do-not-match']);
      return;
    }
    if (password.length < RESET_PASSWORD_MIN) {
      setError(AUTH_MESSAGES['reset-password-too-short']);
      return;
    }
    setError(null);
    onSubmit(password);
  }

  return (
    <>
      <p className="lead">
        Choose a new password for <strong className="break-anywhere">{email}</strong>
      </p>
      {error && <Notice tone="error">{error}</Notice>}
      <form className="form" onSubmit={handleSubmit}>
        {/* A hidden username lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField label="New Password" purpose="new" value={password} onChange={setPassword} />
        <PasswordField
          label="Confirm New Password"
          purpose="new"
          name="confirm-password"
          value={confirmation}
          onChange={setConfirmation}
        />
        <Button type="submit" block busy={busy}>
          Reset Password
        </Button>
      </form>
    </>
  );
}
