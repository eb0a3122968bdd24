import { useId, useState, type FormEvent } from 'react';
import { meetsPasswordRules } from '../../../../shared/auth-schemas';
import { RESET_PASSWORD_MIN } from '../../../../shared/limits';
import { AUTH_MESSAGES, NOTICES } from '../../../../shared/messages';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { PasswordChecklist } from '../../../ui/PasswordChecklist';
import { PasswordField } from '../../../ui/PasswordField';
import { useCheckResetCode, useResetPassword } from '../api';
import { useRedirectToLoginAfterSuccess } from '../hooks/use-redirect-after';
import { ActionError } from './ActionError';

function resetFailureMessage(error: unknown): string {
  if (isApiError(error, 'expired-reset-code')) return AUTH_MESSAGES['expired-reset-code'];
  if (isApiError(error, 'network-request-failed')) return AUTH_MESSAGES['network-request-failed'];
  return AUTH_MESSAGES['reset-failed'];
}

/** A refusal of the password itself: the form stays, with the reason, so another can be chosen. */
function passwordRefusal(error: unknown): string | null {
  if (isApiError(error, 'reset-password-too-short')) return AUTH_MESSAGES['reset-password-too-short'];
  if (isApiError(error, 'password-requirements')) return AUTH_MESSAGES['password-requirements'];
  return null;
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
  const refusal = reset.isError ? passwordRefusal(reset.error) : null;
  if (reset.isError && !refusal) return <ActionError message={resetFailureMessage(reset.error)} />;
  if (reset.isSuccess) return <Notice tone="success">{NOTICES.passwordReset}</Notice>;
  return (
    <NewPasswordForm
      email={check.data.email}
      busy={reset.isPending}
      refusal={refusal}
      onSubmit={(password) => reset.mutate(password)}
    />
  );
}

interface NewPasswordFormProps {
  email: string;
  busy: boolean;
  /** The server's reason for refusing the last password sent, if it refused it. */
  refusal: string | null;
  onSubmit: (password: string) => void;
}

function NewPasswordForm({ email, busy, refusal, onSubmit }: NewPasswordFormProps) {
  const checklistId = useId();
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
    if (!meetsPasswordRules(password)) {
      setError(AUTH_MESSAGES['password-requirements']);
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
      {(error ?? refusal) && <Notice tone="error">{error ?? refusal}</Notice>}
      <form className="form" onSubmit={handleSubmit}>
        {/* A hidden username lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New Password"
          purpose="new"
          describedBy={checklistId}
          value={password}
          onChange={setPassword}
        />
        <PasswordChecklist id={checklistId} password={password} />
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
