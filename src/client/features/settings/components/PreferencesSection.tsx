import type { ProfileUpdate } from '../../../../shared/profile-schemas';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { Switch } from '../../../ui/Switch';
import { useToast } from '../../../ui/toast-context';
import { useUpdateProfile } from '../api';

type Preferences = NonNullable<ProfileUpdate['preferences']>;

export interface PreferencesSectionProps {
  showMemorySection: boolean;
  /** Whether past days can get an entry and past entries can be edited (docs/product.md §5). */
  writePastDays?: boolean;
  /** Whether the calendars show each day's first photo as its tile (docs/product.md §16). */
  calendarPhotos?: boolean;
}

export function PreferencesSection({
  showMemorySection,
  writePastDays = false,
  calendarPhotos = false,
}: PreferencesSectionProps) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  // While saving, show where the switch is going rather than where it was.
  const saving = updateProfile.isPending ? updateProfile.variables.preferences : undefined;
  const memoryChecked = saving?.showMemorySection ?? showMemorySection;
  const pastDaysChecked = saving?.writePastDays ?? writePastDays;
  const photosChecked = saving?.calendarPhotos ?? calendarPhotos;

  function change(preferences: Preferences) {
    updateProfile.mutate(
      { preferences },
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
        checked={memoryChecked}
        disabled={updateProfile.isPending}
        onChange={(next) => change({ showMemorySection: next })}
      />
      <Switch
        label="Write and edit past days"
        description="Add entries to days you missed and edit earlier ones; each says when it was written"
        checked={pastDaysChecked}
        disabled={updateProfile.isPending}
        onChange={(next) => change({ writePastDays: next })}
      />
      <Switch
        label="Photo of the day in the calendar"
        description="Show each day's first photo as its tile in the month's calendar and your year at a glance"
        checked={photosChecked}
        disabled={updateProfile.isPending}
        onChange={(next) => change({ calendarPhotos: next })}
      />
    </section>
  );
}
