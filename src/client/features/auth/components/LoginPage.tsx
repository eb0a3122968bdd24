import { Link, useLocation, useSearchParams } from 'react-router';
import { useSignupMode } from '../../../lib/app-config';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { readNavigationState } from '../../../lib/navigation-state';
import { paths, type LoginMode } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClassName } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { useCarriedEmail } from '../hooks/use-back-to-login';
import { LoginForm } from './LoginForm';
import { ModeLink } from './ModeLink';
import { ResetRequestForm } from './ResetRequestForm';

// Sign-up carries the password rules (and their schema library), which signing in does not need.
const signupForm = lazyWithPreload(() => import('./SignupForm').then((module) => module.SignupForm));
const SignupForm = signupForm.Component;
export const preloadSignupForm = signupForm.preload;

const SCREENS: Record<LoginMode, { title: string; heading: string; intro: string }> = {
  login: {
    title: 'Sign In',
    heading: 'Welcome Back',
    intro: 'Sign in to continue your gratitude practice.',
  },
  signup: {
    title: 'Create Account',
    heading: 'Create Your Account',
    intro: 'A few quiet minutes a day to notice what is good.',
  },
  reset: {
    title: 'Reset Password',
    heading: 'Reset Password',
    intro: "Enter your email and we'll send you a link to choose a new password.",
  },
};

/** Sign-up mode while SIGNUPS=closed: no form, the notice and where to turn instead. */
const CLOSED_SCREEN = {
  title: 'Sign-ups Closed',
  heading: 'Sign-ups Are Closed',
  intro: 'No new accounts are being made here at the moment. If you would like one, please contact support.',
};

function SignupsClosed() {
  const email = useCarriedEmail();
  return (
    <>
      <Link to={paths.contact} className={buttonClassName('secondary', 'btn-block')}>
        Contact Support
      </Link>
      <p className="auth-switch">
        <ModeLink mode="login" email={email}>
          Already have an account? Sign in
        </ModeLink>
      </p>
    </>
  );
}

function modeFrom(value: string | null): LoginMode {
  return value === 'signup' || value === 'reset' ? value : 'login';
}

/** /login: one card, three modes chosen by ?mode= so that each has its own address and the Back button works. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const mode = modeFrom(searchParams.get('mode'));
  const signups = useSignupMode();
  const closed = mode === 'signup' && signups === 'closed';
  const screen = closed ? CLOSED_SCREEN : SCREENS[mode];
  const { message } = readNavigationState(location.state);
  usePageTitle(screen.title);

  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="auth-heading">
        <h1 id="auth-heading">{screen.heading}</h1>
        <p className="lead">{screen.intro}</p>
        {/* In sign-in mode the form shows it, in place of any notice of its own: one notice at a time. */}
        {message && mode !== 'login' && <Notice tone="success">{message}</Notice>}
        {mode === 'login' && <LoginForm message={message} />}
        {closed && <SignupsClosed />}
        {/* No Suspense boundary of its own: a switch from another mode, a transition, keeps that mode on screen until
            the form's code is here. (On the sign-up page made ahead of time, app-start.tsx has it before taking over.) */}
        {mode === 'signup' && !closed && (
          <SignupForm inviteRequired={signups === 'invite'} initialInvite={searchParams.get('invite') ?? ''} />
        )}
        {mode === 'reset' && <ResetRequestForm />}
      </section>
    </div>
  );
}
