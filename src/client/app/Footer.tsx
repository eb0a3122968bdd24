import { useAuth } from '../lib/session/auth-context';
import { ThemeSwatches } from './ThemeSwatches';

export function Footer() {
  const { user } = useAuth();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        {user?.emailVerified && <p className="closing-line">Stay grateful. Stay optimistic. Transform your life.</p>}
        <ThemeSwatches />
      </div>
    </footer>
  );
}
