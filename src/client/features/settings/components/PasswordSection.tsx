import { useId, useState, type FormEvent } from 'react';
import { meetsPasswordRules } from '../../../../shared/auth-schemas';
import { SETTINGS_PASSWORD_INPUT_MIN } from '../../../../shared/limits';
import { AUTH_MESSAGES, SETTINGS_MESSAGES } from '../../../../shared/messages';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { PasswordChecklist } from '../../../ui/PasswordChecklist';
import { PasswordField } from '../../../ui/PasswordField';
import { useToast } from '../../../ui/toast-context';
import { useChangePassword } from '../api';

function changeFailureMessage(error: unknown): string {
  if (isApiError(error, 'wrong-current-password')) return AUTH_MESSAGES['wrong-current-password'];
  if (isApiError(error, 'password-requirements')) return AUTH_MESSAGES['password-requirements'];
  if (isApiError(error, 'too-many-requests')) return AUTH_MESSAGES['too-many-requests'];
  return SETTINGS_MESSAGES.passwordFailed;
}

export function PasswordSection({ email }: { email: string }) {
  const toast = useToast();
  const changePassword = useChangePassword();
  const checklistId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const ready =
    currentPassword.length >= SETTINGS_PASSWORD_INPUT_MIN &&
    newPassword.length >= SETTINGS_PASSWORD_INPUT_MIN &&
    meetsPasswordRules(newPassword);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          toast.success(SETTINGS_MESSAGES.passwordUpdated);
        },
        onError: (failure) => toast.error(changeFailureMessage(failure)),
      },
    );
  }

  return (
    <section className="card settings-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <form className="form" onSubmit={handleSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Current Password"
          purpose="current"
          minLength={SETTINGS_PASSWORD_INPUT_MIN}
          value={currentPassword}
          onChange={setCurrentPassword}
        />
        <PasswordField
          label="New Password"
          purpose="new"
          minLength={SETTINGS_PASSWORD_INPUT_MIN}
          describedBy={checklistId}
          value={newPassword}
          onChange={setNewPassword}
        />
        <PasswordChecklist id={checklistId} password={newPassword} />
        <div className="form-actions">
          <Button type="submit" busy={changePassword.isPending} disabled={!ready}>
            Update Password
          </Button>
        </div>
      </form>
    </section>
  );
}
