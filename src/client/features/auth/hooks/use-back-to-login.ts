import { useLocation, useNavigate } from 'react-router';
import { readNavigationState } from '../../../lib/navigation-state';
import { paths } from '../../../lib/paths';

/** Back to the sign-in mode with a green notice, keeping where the visitor was heading and the email just used. */
export function useBackToLogin(): (message: string, email: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (message, email) => {
    const { from } = readNavigationState(location.state);
    navigate(paths.login, { replace: true, state: { message, from, email: email.trim() || undefined } });
  };
}

/** The email typed in the mode before, to start this one's field with. */
export function useCarriedEmail(): string {
  const location = useLocation();
  return readNavigationState(location.state).email ?? '';
}
