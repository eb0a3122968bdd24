import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { LoginMode } from '../../app/paths';
import { readNavigationState } from '../../lib/navigation-state';
import { usePageTitle } from '../../lib/use-page-title';
import { Notice } from '../../ui/Notice';
import { LoginForm } from './LoginForm';
import { ResetRequestForm } from './ResetRequestForm';

// Sign-up carries the password rules (and their schema library), which signing in does not need.
const SignupForm = lazy(() => import('./SignupForm').then((module) => ({ default: module.SignupForm })));

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

function modeFrom(value: string | null): LoginMode {
  return value === 'signup' || value === 'reset' ? value : 'login';
}

/** /login: one card, three modes chosen by ?mode= so that each has its own address and the Back button works. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const mode = modeFrom(searchParams.get('mode'));
  const screen = SCREENS[mode];
  const { message } = readNavigationState(location.state);
  usePageTitle(screen.title);

  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="auth-heading">
        <h1 id="auth-heading">{screen.heading}</h1>
        <p className="lead">{screen.intro}</p>
        {message && <Notice tone="success">{message}</Notice>}
        {mode === 'login' && <LoginForm />}
        {mode === 'signup' && (
          <Suspense
            fallback={
              <p role="status" className="loading-pulse">
                Loading...
              </p>
            }
          >
            <SignupForm />
          </Suspense>
        )}
        {mode === 'reset' && <ResetRequestForm />}
      </section>
    </div>
  );
}
