import { useId, useState, type FormEvent } from 'react';
import { meetsPasswordRules } from '../../../../shared/auth-schemas';
import { MAX_DISPLAY_NAME_LENGTH } from '../../../../shared/limits';
import { AUTH_MESSAGES, NOTICES } from '../../../../shared/messages';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { PasswordChecklist } from '../../../ui/PasswordChecklist';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { useSignUp } from '../api';
import { useBackToLogin, useCarriedEmail } from '../hooks/use-back-to-login';
import { EmailField } from './EmailField';
import { ModeLink } from './ModeLink';

export interface SignupFormProps {
  /** SIGNUPS=invite: the form asks for the invite code too. */
  inviteRequired: boolean;
  /** The code from an invite link (?invite=), filled in. */
  initialInvite: string;
}

export function SignupForm({ inviteRequired, initialInvite }: SignupFormProps) {
  const backToLogin = useBackToLogin();
  const signUp = useSignUp();
  const checklistId = useId();
  const [name, setName] = useState('');
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(initialInvite.trim());
  const [error, setError] = useState<string | null>(null);
  const passwordOk = meetsPasswordRules(password);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!passwordOk) {
      setError(AUTH_MESSAGES['password-requirements']);
      return;
    }
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password, ...(inviteRequired ? { inviteCode: inviteCode.trim() } : {}) },
      {
        onSuccess: () => backToLogin(NOTICES.accountCreated, email),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <form className="form" onSubmit={handleSubmit}>
        {inviteRequired && (
          <TextField
            label="Invite code"
            name="inviteCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={200}
            hint="Sign-ups here are by invitation: the code is in the invitation you were sent."
            value={inviteCode}
            onChange={(event) => setInviteCode(event.target.value)}
          />
        )}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          characterLimit={MAX_DISPLAY_NAME_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Password" purpose="new" describedBy={checklistId} value={password} onChange={setPassword} />
        <PasswordChecklist id={checklistId} password={password} />
        <Button type="submit" block busy={signUp.isPending} disabled={!passwordOk}>
          Create Account
        </Button>
      </form>
      <p className="auth-switch">
        <ModeLink mode="login" email={email}>Already have an account? Sign in</ModeLink>
      </p>
    </>
  );
}
