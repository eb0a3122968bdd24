import type { Kysely } from 'kysely';
import { type Config, SIGNUP_MODES, type SignupMode } from '../config';
import type { Database } from '../db/schema';

/** What a server recorded of its settings as it started (migration 016). */
export interface RecordedServer {
  /** The address its links use: APP_URL, or http://localhost:PORT. */
  appUrl: string;
  /** Whether APP_URL gave the address: without it, the address opens on the server's machine only. */
  appUrlSet: boolean;
  signups: SignupMode;
  startedAt: Date;
}

const isSignupMode = (value: string): value is SignupMode => SIGNUP_MODES.some((mode) => mode === value);

/** Records the starting server's address and sign-up mode, in place of those of the one that started before it. */
export async function recordServerSettings(
  db: Kysely<Database>,
  config: Pick<Config, 'appUrl' | 'appUrlSet' | 'signups'>,
  now: Date,
): Promise<void> {
  const values = {
    app_url: config.appUrl,
    app_url_set: config.appUrlSet ? 1 : 0,
    signups: config.signups,
    started_at: now.toISOString(),
  };
  await db
    .insertInto('server_settings')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/**
 * Every account, oldest first, as the operator's list shows it: the address, when it was made, whether it is
 * verified or disabled, when its newest kept session began, how many entries it holds (never their text), and how many
 * photos and the bytes they take (never a photo).
 */
export function listAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.uid', 'user.id')
    .select((eb) => [
      'user.email',
      'user.createdAt',
      'user.emailVerified',
      'profile.disabled_at as disabledAt',
      'profile.entry_count as entries',
      eb
        .selectFrom('session')
        .select((inner) => inner.fn.max('session.createdAt').as('newest'))
        .whereRef('session.userId', '=', 'user.id')
        .as('lastSignInAt'),
      eb
        .selectFrom('photo')
        .select((inner) => inner.fn.countAll<number>().as('photos'))
        .whereRef('photo.user_id', '=', 'user.id')
        .as('photos'),
      eb
        .selectFrom('photo')
        .select((inner) => inner.fn.sum<number | null>('photo.bytes').as('photoBytes'))
        .whereRef('photo.user_id', '=', 'user.id')
        .as('photoBytes'),
    ])
    .orderBy('user.createdAt')
    .orderBy('user.email')
    .execute();
}

/** The settings the last server to start recorded; undefined when none has started on this database. */
export async function readServerSettings(db: Kysely<Database>): Promise<RecordedServer | undefined> {
  const row = await db.selectFrom('server_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  // A mode this version does not know (a row edited by hand) is no record to rely on.
  if (!row || !isSignupMode(row.signups)) return undefined;
  return {
    appUrl: row.app_url,
    appUrlSet: row.app_url_set === 1,
    signups: row.signups,
    startedAt: new Date(row.started_at),
  };
}
