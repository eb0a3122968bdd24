import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

function toAuthUser(row: { id: string; name: string; email: string; emailVerified: boolean | number }): AuthUser {
  return { id: row.id, name: row.name, email: row.email, emailVerified: Boolean(row.emailVerified) };
}

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toAuthUser(row);
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | undefined> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toAuthUser(row);
}

/** better-auth's tables keep dates and booleans natively on PostgreSQL, as text and 0/1 on SQLite. */
function authDate(dialect: Dialect, date: Date): Date | string {
  return dialect === 'postgres' ? date : date.toISOString();
}

function authBoolean(dialect: Dialect, value: boolean): boolean | number {
  return dialect === 'postgres' ? value : Number(value);
}

/**
 * Creates an unverified user with an email-and-password account, the rows better-auth signs in against. A second
 * account for the same address fails on the unique email index.
 */
export async function createCredentialUser(
  db: Db,
  dialect: Dialect,
  input: { name: string; email: string; passwordHash: string; now: Date },
): Promise<AuthUser> {
  const id = randomUUID();
  const at = authDate(dialect, input.now);
  await db
    .insertInto('user')
    .values({
      id,
      name: input.name,
      email: input.email,
      emailVerified: authBoolean(dialect, false),
      image: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db
    .insertInto('account')
    .values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: input.passwordHash,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return { id, name: input.name, email: input.email, emailVerified: false };
}

/** The hash of the user's password, if they have a password account. */
export async function findCredentialPassword(db: Db, userId: string): Promise<string | null | undefined> {
  const account = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return account?.password;
}

export async function setCredentialPassword(db: Db, dialect: Dialect, userId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('account')
    .set({ password: passwordHash, updatedAt: authDate(dialect, now) })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute();
}

/** Signs the user out everywhere: every session row goes, so every cookie stops working at once. */
export async function deleteSessions(db: Db, userId: string) {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}

/** Whether the operator has disabled the account (docs/product.md §11). */
export async function isAccountDisabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('profile').select('disabled_at').where('uid', '=', userId).executeTakeFirst();
  return Boolean(row?.disabled_at);
}

/**
 * Marks the account disabled and ends every session of it, in one transaction. The session query sees the mark too
 * (auth/session.ts), so a session begun at the same moment ends as well. Its data stays. False when it already was.
 */
export async function disableAccount(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('profile')
      .set({ disabled_at: now.toISOString() })
      .where('uid', '=', userId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    await deleteSessions(trx, userId);
    return marked.numUpdatedRows === 1n;
  });
}

/** Lets a disabled account sign in again; false when it was not disabled. */
export async function enableAccount(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('profile')
    .set({ disabled_at: null })
    .where('uid', '=', userId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Deletes the user and everything of theirs: reminder settings, every entry and its counts (its words' and hours' too), email
 * codes, queued emails, the address's cooldowns (by their keys), sign-in count and password checks, sessions, the password account, the profile and
 * the user. Run it in one transaction.
 */
export async function deleteUserAndData(db: Transaction<Database>, user: AuthUser, throttleKeys: string[]): Promise<void> {
  await db.deleteFrom('reminder').where('user_id', '=', user.id).execute();
  await db.deleteFrom('photo').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_entry').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_day').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_month').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_word').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_word_total').where('user_id', '=', user.id).execute();
  await db.deleteFrom('journal_hour').where('user_id', '=', user.id).execute();
  await db.deleteFrom('email_action').where('user_id', '=', user.id).execute();
  await db.deleteFrom('mail_queue').where('recipient', '=', user.email).execute();
  await db.deleteFrom('email_throttle').where('key', 'in', throttleKeys).execute();
  await db.deleteFrom('login_attempt').where('email', '=', user.email).execute();
  await db.deleteFrom('password_check').where('user_id', '=', user.id).execute();
  await db.deleteFrom('session').where('userId', '=', user.id).execute();
  await db.deleteFrom('account').where('userId', '=', user.id).execute();
  await db.deleteFrom('profile').where('uid', '=', user.id).execute();
  await db.deleteFrom('user').where('id', '=', user.id).execute();
}

export async function markEmailVerified(db: Db, dialect: Dialect, userId: string, now: Date) {
  await db
    .updateTable('user')
    .set({ emailVerified: authBoolean(dialect, true), updatedAt: authDate(dialect, now) })
    .where('id', '=', userId)
    .execute();
}

export async function updateUserName(db: Db, dialect: Dialect, userId: string, name: string, now: Date) {
  await db
    .updateTable('user')
    .set({ name, updatedAt: authDate(dialect, now) })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts a sign-in attempt for an email in a fixed window and returns the count so far. One upsert, so
 * concurrent attempts in any number of server processes are all counted.
 */
export async function recordLoginAttempt(db: Db, email: string, now: Date, windowMs: number) {
  const nowIso = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('login_attempt')
    .values({ email, window_started_at: nowIso, attempts: 1 })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet((eb) => ({
        attempts: eb
          .case()
          .when('login_attempt.window_started_at', '<=', windowOpenedAfter)
          .then(1)
          .else(eb('login_attempt.attempts', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('login_attempt.window_started_at', '<=', windowOpenedAfter)
          .then(nowIso)
          .else(eb.ref('login_attempt.window_started_at'))
          .end(),
      })),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { attempts: row.attempts, windowStartedAt: new Date(row.window_started_at) };
}

/**
 * Counts a password check of a signed-in person (Delete Account, Change Password) in a fixed window, per account, and
 * returns the count so far: like recordLoginAttempt, one upsert, but a count of its own, so that these checks never
 * touch the sign-in limit.
 */
export async function recordPasswordCheck(db: Db, userId: string, now: Date, windowMs: number) {
  const nowIso = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('password_check')
    .values({ user_id: userId, window_started_at: nowIso, attempts: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        attempts: eb
          .case()
          .when('password_check.window_started_at', '<=', windowOpenedAfter)
          .then(1)
          .else(eb('password_check.attempts', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('password_check.window_started_at', '<=', windowOpenedAfter)
          .then(nowIso)
          .else(eb.ref('password_check.window_started_at'))
          .end(),
      })),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { attempts: row.attempts, windowStartedAt: new Date(row.window_started_at) };
}

/** Forgets an account's wrong password checks: after a right one. */
export async function clearPasswordChecks(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_check').where('user_id', '=', userId).execute();
}

export type EmailActionKind = 'verifyEmail' | 'resetPassword';

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Creates a single-use code; only its hash is stored, so the table cannot be used to act for anyone. */
export async function createEmailAction(
  db: Db,
  input: { kind: EmailActionKind; userId: string; email: string; now: Date; ttlMs: number },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('email_action')
    .values({
      code_hash: hashCode(code),
      kind: input.kind,
      user_id: input.userId,
      email: input.email,
      created_at: input.now.toISOString(),
      expires_at: new Date(input.now.getTime() + input.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return code;
}

/** An unused, unexpired code of this kind, or undefined. */
export async function findEmailAction(db: Db, kind: EmailActionKind, code: string, now: Date) {
  return db
    .selectFrom('email_action')
    .select(['user_id as userId', 'email'])
    .where('code_hash', '=', hashCode(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/**
 * The verification code with this hash, whether used or expired, as long as it is kept (the pruner deletes it a month
 * after it expires), with the account it was sent to and whether that account is verified now. Undefined for a code
 * never made, and for one whose account is gone: an account deleted takes its codes with it.
 */
export async function findVerificationLink(db: Db, code: string) {
  const row = await db
    .selectFrom('email_action')
    .innerJoin('user', 'user.id', 'email_action.user_id')
    .select(['email_action.user_id as userId', 'user.emailVerified as emailVerified'])
    .where('email_action.code_hash', '=', hashCode(code))
    .where('email_action.kind', '=', 'verifyEmail')
    .whereRef('user.email', '=', 'email_action.email')
    .executeTakeFirst();
  return row && { userId: row.userId, emailVerified: Boolean(row.emailVerified) };
}

/** Marks a code used; true only for the one caller that used it. */
export async function consumeEmailAction(db: Db, kind: EmailActionKind, code: string, now: Date) {
  const result = await db
    .updateTable('email_action')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', hashCode(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks every unused code of this kind for the user as used: after a reset, older reset links stop working. */
export async function consumeAllEmailActions(db: Db, userId: string, kind: EmailActionKind, now: Date) {
  await db
    .updateTable('email_action')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

export type SendDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The cooldown of an email asked for by address: one per cooldown, and a longer wait (the penalty) once someone
 * has asked too early. The claim is one conditional upsert, so of any number of requests at once, in any number
 * of processes, exactly one is allowed.
 */
export async function claimSend(
  db: Db,
  key: string,
  now: Date,
  cooldownMs: number,
  penaltyMs: number,
): Promise<SendDecision> {
  const nowIso = now.toISOString();
  const claimed = await db
    .insertInto('email_throttle')
    .values({ key, last_sent_at: nowIso, blocked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ last_sent_at: nowIso, blocked_until: null })
        .where('email_throttle.last_sent_at', '<=', new Date(now.getTime() - cooldownMs).toISOString())
        .where((eb) =>
          eb.or([eb('email_throttle.blocked_until', 'is', null), eb('email_throttle.blocked_until', '<=', nowIso)]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (claimed) return { allowed: true };
  const until = new Date(now.getTime() + penaltyMs).toISOString();
  const row = await db
    .updateTable('email_throttle')
    .set((eb) => ({
      blocked_until: eb
        .case()
        .when(eb.and([eb('blocked_until', 'is not', null), eb('blocked_until', '>', until)]))
        .then(eb.ref('blocked_until'))
        .else(until)
        .end(),
    }))
    .where('key', '=', key)
    .returning('blocked_until')
    .executeTakeFirst();
  const blockedUntil = row?.blocked_until ? new Date(row.blocked_until).getTime() : now.getTime() + penaltyMs;
  return { allowed: false, retryAfterSeconds: Math.ceil((blockedUntil - now.getTime()) / 1000) };
}

/** Seconds until claimSend would allow a send for this key; 0 when it would now. Reads only. */
export async function sendCooldownSeconds(db: Db, key: string, now: Date, cooldownMs: number): Promise<number> {
  const row = await db
    .selectFrom('email_throttle')
    .select(['last_sent_at', 'blocked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return 0;
  const coolUntil = new Date(row.last_sent_at).getTime() + cooldownMs;
  const blockedUntil = row.blocked_until ? new Date(row.blocked_until).getTime() : 0;
  return Math.max(0, Math.ceil((Math.max(coolUntil, blockedUntil) - now.getTime()) / 1000));
}

/** Notes a send for this key without asking, as a sign-up's verification email does. */
export async function recordSend(db: Db, key: string, now: Date): Promise<void> {
  await db
    .insertInto('email_throttle')
    .values({ key, last_sent_at: now.toISOString(), blocked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ last_sent_at: now.toISOString() }))
    .execute();
}

/** Forgets an address's failed sign-ins: after a successful sign-in or a password reset. */
export async function clearLoginAttempts(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempt').where('email', '=', email).execute();
}
