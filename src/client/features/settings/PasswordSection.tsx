import { useState, type FormEvent } from 'react';
import { SETTINGS_PASSWORD_INPUT_MIN } from '../../../shared/limits';
import { SETTINGS_MESSAGES } from '../../../shared/messages';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast-context';
import { useChangePassword } from './api';

export function PasswordSection({ email }: { email: string }) {
  const toast = useToast();
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const ready =
    currentPassword.length >= SETTINGS_PASSWORD_INPUT_MIN && newPassword.length >= SETTINGS_PASSWORD_INPUT_MIN;

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
        onError: () => toast.error(SETTINGS_MESSAGES.passwordFailed),
      },
    );
  }

  return (
    <section className="card settings-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <form className="form" onSubmit={handleSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current Password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          minLength={SETTINGS_PASSWORD_INPUT_MIN}
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <TextField
          label="New Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          minLength={SETTINGS_PASSWORD_INPUT_MIN}
          required
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={changePassword.isPending} disabled={!ready}>
            Update Password
          </Button>
        </div>
      </form>
    </section>
  );
}
