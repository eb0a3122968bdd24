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

export type EmailActionKind = 'verifyEmail' | 'resetPassword';

export function hashCode(code: string): string {
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

export async function latestEmailActionAt(db: Db, userId: string, kind: EmailActionKind) {
  const row = await db
    .selectFrom('email_action')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

export type ResendDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The resend cooldown of SPEC §4, kept by the server: one email per cooldown, and a longer wait once someone
 * has asked too early.
 */
export async function claimResend(
  db: Db,
  userId: string,
  now: Date,
  cooldownMs: number,
  penaltyMs: number,
): Promise<ResendDecision> {
  const row = await db
    .selectFrom('resend_throttle')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const nowMs = now.getTime();
  if (row) {
    const blockedUntil = row.blocked_until ? new Date(row.blocked_until).getTime() : 0;
    const coolUntil = new Date(row.last_sent_at).getTime() + cooldownMs;
    if (nowMs < blockedUntil || nowMs < coolUntil) {
      const until = Math.max(blockedUntil, nowMs + penaltyMs);
      await db
        .updateTable('resend_throttle')
        .set({ blocked_until: new Date(until).toISOString() })
        .where('user_id', '=', userId)
        .execute();
      return { allowed: false, retryAfterSeconds: Math.ceil((until - nowMs) / 1000) };
    }
  }
  await db
    .insertInto('resend_throttle')
    .values({ user_id: userId, last_sent_at: now.toISOString(), blocked_until: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_sent_at: now.toISOString(), blocked_until: null }))
    .execute();
  return { allowed: true };
}

export async function deleteOtherSessions(db: Db, userId: string, keepToken: string | undefined) {
  let query = db.deleteFrom('session').where('userId', '=', userId);
  if (keepToken) query = query.where('token', '!=', keepToken);
  await query.execute();
}
