import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { Switch } from '../../../ui/Switch';
import { useToast } from '../../../ui/toast-context';
import { useUpdateProfile } from '../api';

export function PreferencesSection({ showMemorySection }: { showMemorySection: boolean }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  // While saving, show where the switch is going rather than where it was.
  const checked = updateProfile.isPending
    ? (updateProfile.variables.preferences?.showMemorySection ?? showMemorySection)
    : showMemorySection;

  function toggle(next: boolean) {
    updateProfile.mutate(
      { preferences: { showMemorySection: next } },
      {
        onSuccess: () => toast.success(SETTINGS_MESSAGES.preferencesUpdated),
        onError: () => toast.error(SETTINGS_MESSAGES.preferencesFailed),
      },
    );
  }

  return (
    <section className="card settings-section" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
      <Switch
        label="Memory Section"
        description="Show the memory prompt in your daily entry"
        checked={checked}
        disabled={updateProfile.isPending}
        onChange={toggle}
      />
    </section>
  );
}
