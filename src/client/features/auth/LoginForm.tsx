import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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
import { UnverifiedNotice } from './UnverifiedNotice';
import { useCarriedEmail } from './use-back-to-login';

/** Sign-in mode. `message` is the green notice passed along (after sign-up, say): shown until a notice of its own. */
export function LoginForm({ message }: { message?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
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
      {message && !error && !unverifiedEmail && <Notice tone="success">{message}</Notice>}
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
      {unverifiedEmail && <UnverifiedNotice key={unverifiedEmail} email={unverifiedEmail} />}
      <form className="form" onSubmit={handleSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Password" purpose="current" name="password" value={password} onChange={setPassword} />
        <p className="form-aside">
          <ModeLink mode="reset" email={email}>Forgot password?</ModeLink>
        </p>
        <Button type="submit" block busy={signIn.isPending}>
          Sign In
        </Button>
      </form>
      {!signupsClosed && (
        <p className="auth-switch">
          <ModeLink mode="signup" email={email}>Need an account? Sign up</ModeLink>
        </p>
      )}
    </>
  );
}
