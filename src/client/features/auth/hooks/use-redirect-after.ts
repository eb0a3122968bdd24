import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { EMAIL_ACTION_REDIRECT_MS } from '../../../lib/constants';
import { paths } from '../../../lib/paths';

/** After an email action succeeds, the page lingers briefly and then goes to /login with the notice. */
export function useRedirectToLoginAfterSuccess(done: boolean, message: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(paths.login, { replace: true, state: { message } }),
      EMAIL_ACTION_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, message, navigate]);
}
