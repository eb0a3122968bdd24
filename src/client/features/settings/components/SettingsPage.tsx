import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../lib/session/auth-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeleteAccountSection } from './DeleteAccountSection';
import { OfflineCopySection } from './OfflineCopySection';
import { PasswordSection } from './PasswordSection';
import { PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { PromptsSection } from './PromptsSection';

/** The sections other features bring to the page, in its order; app/SettingsRoute.tsx hands them over. */
export interface SettingsSections {
  reminders: ReactNode;
  /** The writer's tags, with renaming and merging. */
  tags?: ReactNode;
  data: ReactNode;
  journalImport: ReactNode;
}

/** /settings (protected): profile, preferences, reminders, password, the journal's download and import. */
export function SettingsPage({ reminders, tags, data, journalImport }: SettingsSections) {
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
      <PreferencesSection
        showMemorySection={profile?.showMemorySection ?? false}
        writePastDays={profile?.writePastDays === true}
        calendarPhotos={profile?.calendarPhotos === true}
      />
      <PromptsSection
        prompts={profile?.prompts ?? { set: 'own' }}
        showMemorySection={profile?.showMemorySection ?? false}
      />
      {reminders}
      {tags}
      <PasswordSection email={user.email} />
      {data}
      {journalImport}
      <OfflineCopySection userId={user.id} />
      <DeleteAccountSection userId={user.id} />
    </div>
  );
}
