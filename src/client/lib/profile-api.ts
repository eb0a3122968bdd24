import type { Profile, ProfileUpdate } from '../../shared/profile-schemas';
import { api } from './api';

export function patchProfile(update: ProfileUpdate): Promise<Profile> {
  return api.patch<Profile>('/api/profile', update);
}
