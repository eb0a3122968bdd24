import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { readNavigationState } from '../../lib/navigation-state';

/** Back to the sign-in mode with a green notice, keeping where the visitor was heading. */
export function useBackToLogin(): (message: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (message) => {
    const { from } = readNavigationState(location.state);
    navigate(paths.login, { replace: true, state: { message, from } });
  };
}
