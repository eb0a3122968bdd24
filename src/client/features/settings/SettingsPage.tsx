import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/session/auth-context';
import { usePageTitle } from '../../lib/use-page-title';
import { DataSection } from './DataSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ImportSection } from './ImportSection';
import { PasswordSection } from './PasswordSection';
import { PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { RemindersSection } from './RemindersSection';

/** /settings (protected): profile, preferences, reminders, password, the journal's download and import. */
export function SettingsPage() {
  usePageTitle('Account Settings');
  const { user, profile } = useAuth();
  if (!user) return null;
  const displayName = profile?.displayName ?? user.displayName;

  return (
    <div className="page settings-page">
      <Link to={paths.journal} className="back-link">
        <span aria-hidden="true">←</span> Back to Journal
      </Link>
      <div className="page-heading">
        <h1>Account Settings</h1>
        <p className="muted">
          Signed in as <strong className="break-anywhere">{user.email}</strong>
        </p>
      </div>
      <ProfileSection displayName={displayName} />
      <PreferencesSection showMemorySection={profile?.showMemorySection ?? false} />
      <RemindersSection />
      <PasswordSection email={user.email} />
      <DataSection />
      <ImportSection />
      <DeleteAccountSection userId={user.id} />
    </div>
  );
}
