import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Profile } from '../../shared/profile-schemas';
import { type PromptChoice, readPromptChoice } from '../../shared/prompts';
import { isThemeName } from '../../shared/themes';
import type { Database, ProfileTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

function toProfile(row: Selectable<ProfileTable>): Profile {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    createdAt: row.created_at,
    showMemorySection: Boolean(row.show_memory_section),
    writePastDays: Boolean(row.past_days),
    calendarPhotos: Boolean(row.calendar_photos),
    theme: isThemeName(row.theme) ? row.theme : null,
    welcomeSeen: row.welcome_seen_at !== null,
    prompts: storedChoice(row.prompts),
  };
}

function storedChoice(stored: string | null): PromptChoice {
  if (stored === null) return { set: 'own' };
  try {
    return readPromptChoice(JSON.parse(stored));
  } catch {
    return { set: 'own' };
  }
}

/** Creates the profile only if none exists (docs/product.md §4), so a second call never overwrites settings. */
export async function createProfileIfMissing(
  db: Db,
  input: { uid: string; email: string; displayName: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('profile')
    .values({
      uid: input.uid,
      email: input.email,
      display_name: input.displayName,
      created_at: input.createdAt.toISOString(),
      show_memory_section: 0,
      theme: null,
      welcome_seen_at: null,
    })
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute();
}

export async function findProfile(db: Db, uid: string): Promise<Profile | undefined> {
  const row = await db.selectFrom('profile').selectAll().where('uid', '=', uid).executeTakeFirst();
  return row && toProfile(row);
}

/** Marks the welcome as seen, at `at`, unless it was already: the first time is kept. */
export async function markWelcomeSeen(db: Db, uid: string, at: Date): Promise<void> {
  await db
    .updateTable('profile')
    .set({ welcome_seen_at: at.toISOString() })
    .where('uid', '=', uid)
    .where('welcome_seen_at', 'is', null)
    .execute();
}

export async function updateProfile(
  db: Db,
  uid: string,
  changes: {
    displayName?: string;
    theme?: string;
    showMemorySection?: boolean;
    writePastDays?: boolean;
    calendarPhotos?: boolean;
    prompts?: PromptChoice;
  },
): Promise<void> {
  const set: Partial<{
    display_name: string;
    theme: string;
    show_memory_section: number;
    past_days: number;
    calendar_photos: number;
    prompts: string | null;
  }> = {};
  // The app's own set is kept as null, as every writer's is until they choose.
  if (changes.prompts !== undefined) set.prompts = changes.prompts.set === 'own' ? null : JSON.stringify(changes.prompts);
  if (changes.displayName !== undefined) set.display_name = changes.displayName;
  if (changes.theme !== undefined) set.theme = changes.theme;
  if (changes.showMemorySection !== undefined) set.show_memory_section = changes.showMemorySection ? 1 : 0;
  if (changes.writePastDays !== undefined) set.past_days = changes.writePastDays ? 1 : 0;
  if (changes.calendarPhotos !== undefined) set.calendar_photos = changes.calendarPhotos ? 1 : 0;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('profile').set(set).where('uid', '=', uid).execute();
}
