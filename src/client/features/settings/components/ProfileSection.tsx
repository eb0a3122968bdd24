import { useState, type FormEvent } from 'react';
import { MAX_DISPLAY_NAME_LENGTH } from '../../../../shared/limits';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast-context';
import { useUpdateProfile } from '../api';

export function ProfileSection({ displayName }: { displayName: string }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const [name, setName] = useState(displayName);
  const blank = name.trim() === '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return;
    updateProfile.mutate(
      { displayName: name.trim() },
      {
        onSuccess: (profile) => {
          setName(profile.displayName);
          toast.success(SETTINGS_MESSAGES.profileUpdated);
        },
        onError: () => toast.error(SETTINGS_MESSAGES.profileFailed),
      },
    );
  }

  return (
    <section className="card settings-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Update Profile</h2>
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="Display Name"
          name="displayName"
          autoComplete="name"
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          characterLimit={MAX_DISPLAY_NAME_LENGTH}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={updateProfile.isPending} disabled={blank}>
            Update Profile
          </Button>
        </div>
      </form>
    </section>
  );
}
