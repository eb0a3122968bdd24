import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, type To, useLocation, useNavigate } from 'react-router';
import { LOGIN_LIMIT_MESSAGES } from '../../../../shared/messages';
import { ApiError, errorMessage, isApiError } from '../../../lib/api';
import { useSignupMode } from '../../../lib/app-config';
import { returnTarget } from '../../../lib/navigation-state';
import { paths } from '../../../lib/paths';
import { type SignInTarget, signedIn } from '../../../lib/sign-in-warmup';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { PasswordField } from '../../../ui/PasswordField';
import { useSignIn } from '../api';
import { useCarriedEmail } from '../hooks/use-back-to-login';
import { EmailField } from './EmailField';
import { ModeLink } from './ModeLink';
import { UnverifiedNotice } from './UnverifiedNotice';

/** The time on this device's clock, "2:32 PM", of the first whole minute at or after `at`: trying then works. */
function clockTime(at: Date): string {
  const minute = 60_000;
  const rounded = new Date(Math.ceil(at.getTime() / minute) * minute);
  // "8:10 AM" stays on one line.
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(rounded).replace(/ /g, '\u00a0');
}

/** Where a sign-in leads, as a path and a query (read in the browser only: the page is also made ahead of time). */
function signInTarget(to: To): SignInTarget {
  if (typeof to === 'string') return new URL(to, window.location.origin);
  return { pathname: to.pathname ?? paths.journal, search: to.search ?? '' };
}

/** Sign-in mode. `message` is the green notice passed along (after sign-up, say): shown until a notice of its own. */
export function LoginForm({ message }: { message?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const to = returnTarget(location.state, paths.journal);
  // As the session arrives, before the form's own success (it may have left the screen by then, taken away by the
  // session, and a mutate's callbacks are not called once it has).
  const signIn = useSignIn(() => signedIn(signInTarget(to), queryClient));
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [disabled, setDisabled] = useState(false);
  const [retryAt, setRetryAt] = useState<Date | null>(null);
  const signupsClosed = useSignupMode() === 'closed';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setUnverifiedEmail(null);
    setDisabled(false);
    setRetryAt(null);
    const address = email.trim();
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: () => navigate(to, { replace: true }),
        onError: (failure) => {
          if (isApiError(failure, 'email-not-verified')) setUnverifiedEmail(address);
          else setError(errorMessage(failure));
          setDisabled(isApiError(failure, 'account-disabled'));
          if (failure instanceof ApiError && failure.code === 'too-many-login-attempts') setRetryAt(failure.retryAt);
        },
      },
    );
  }

  return (
    <>
      {message && !error && !unverifiedEmail && <Notice tone="success">{message}</Notice>}
      {error && !disabled && !retryAt && <Notice tone="error">{error}</Notice>}
      {error && retryAt && (
        // Too many attempts: when the count lets this address try again, and the reset that clears it now.
        <div className="notice notice-error">
          <p role="alert">
            {error} {LOGIN_LIMIT_MESSAGES.tryAgainAt(clockTime(retryAt))}
          </p>
          <p>
            <ModeLink mode="reset" email={email}>
              {LOGIN_LIMIT_MESSAGES.resetLink}
            </ModeLink>
          </p>
        </div>
      )}
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
