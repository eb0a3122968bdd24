import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { paths } from '../../app/paths';
import { errorMessage, isApiError } from '../../lib/api';
import { useSignupMode } from '../../lib/app-config';
import { returnTarget } from '../../lib/navigation-state';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { EmailField } from './EmailField';
import { useSignIn } from './api';
import { ModeLink } from './ModeLink';
import { ResendVerification } from './ResendVerification';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [disabled, setDisabled] = useState(false);
  const signupsClosed = useSignupMode() === 'closed';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setUnverifiedEmail(null);
    setDisabled(false);
    const address = email.trim();
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: () => navigate(returnTarget(location.state, paths.journal), { replace: true }),
        onError: (failure) => {
          if (isApiError(failure, 'email-not-verified')) setUnverifiedEmail(address);
          else setError(errorMessage(failure));
          setDisabled(isApiError(failure, 'account-disabled'));
        },
      },
    );
  }

  return (
    <>
      {error && !disabled && <Notice tone="error">{error}</Notice>}
      {error && disabled && (
        // The account was disabled by the operator: the way to them goes with the message.
        <div className="notice notice-error">
          <p role="alert">{error}</p>
          <p>
            <Link to={paths.contact} className="text-link">
              Contact Support
            </Link>
          </p>
        </div>
      )}
      {unverifiedEmail && (
        <div className="notice notice-warning">
          <p role="alert">{AUTH_MESSAGES['email-not-verified']}</p>
          <ResendVerification email={unverifiedEmail} />
        </div>
      )}
      <form className="form" onSubmit={handleSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Password" purpose="current" name="password" value={password} onChange={setPassword} />
        <p className="form-aside">
          <ModeLink mode="reset">Forgot password?</ModeLink>
        </p>
        <Button type="submit" block busy={signIn.isPending}>
          Sign In
        </Button>
      </form>
      {!signupsClosed && (
        <p className="auth-switch">
          <ModeLink mode="signup">Need an account? Sign up</ModeLink>
        </p>
      )}
    </>
  );
}
