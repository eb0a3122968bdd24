import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';

export function ActionError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="stack">
      <Notice tone="error">{message}</Notice>
      <Button onClick={() => navigate(paths.login)}>Back to Login</Button>
    </div>
  );
}
