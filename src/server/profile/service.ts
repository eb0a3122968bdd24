import type { Kysely } from 'kysely';
import type { Profile, ProfileUpdate } from '../../shared/profile-schemas';
import { updateUserName } from '../auth/repository';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { findProfile, markWelcomeSeen, updateProfile } from './repository';

/**
 * A person's profile: their display name, theme, memory setting, past-days setting and whether they have seen the welcome. The display name is also better-auth's name of
 * the user, so a change of it writes both, together.
 */
export class ProfileService {
  constructor(private readonly deps: { db: Kysely<Database>; dialect: Dialect; now: () => Date }) {}

  /** The user's profile, if there is one. */
  find(userId: string): Promise<Profile | undefined> {
    return findProfile(this.deps.db, userId);
  }

  /** The user's profile; a 404 without one. */
  async read(userId: string): Promise<Profile> {
    const profile = await this.find(userId);
    if (!profile) throw new HttpError(404, 'not-found', 'Profile not found');
    return profile;
  }

  /** Applies the fields given, in one transaction, and answers the profile as stored. */
  async update(userId: string, update: ProfileUpdate): Promise<Profile | undefined> {
    const { db, dialect, now } = this.deps;
    await db.transaction().execute(async (trx) => {
      await updateProfile(trx, userId, {
        displayName: update.displayName,
        theme: update.theme,
        showMemorySection: update.preferences?.showMemorySection,
        writePastDays: update.preferences?.writePastDays,
        calendarPhotos: update.preferences?.calendarPhotos,
        prompts: update.prompts,
      });
      if (update.welcomeSeen === true) await markWelcomeSeen(trx, userId, now());
      if (update.displayName !== undefined) {
        await updateUserName(trx, dialect, userId, update.displayName, now());
      }
    });
    return this.find(userId);
  }
}
