import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { APIError } from 'better-auth/api';
import {
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MS,
  PASSWORD_MAX,
  RESEND_COOLDOWN_S,
  RESEND_PENALTY_S,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from '../../shared/limits';
import type { ActionMode } from '../../shared/auth-schemas';
import type { Config } from '../config';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { authError, HttpError } from '../http/errors';
import { enqueueTemplate } from '../mail/queue';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import type { OutgoingMail } from '../mail/transport';
import { createProfileIfMissing } from '../profile/repository';
import { confineAuthContext } from './async-context';
import type { BetterAuth } from './better-auth';
import { isInviteUsable, takeInviteUse } from './invites';
import { hashPassword, verifyPassword } from './password-hash';
import {
  type AuthUser,
  claimSend,
  clearLoginAttempts,
  clearPasswordChecks,
  consumeAllEmailActions,
  consumeEmailAction,
  createCredentialUser,
  createEmailAction,
  deleteSessions,
  deleteUserAndData,
  findCredentialPassword,
  findEmailAction,
  findUserByEmail,
  findUserById,
  findVerificationLink,
  isAccountDisabled,
  markEmailVerified,
  recordLoginAttempt,
  recordPasswordCheck,
  recordSend,
  sendCooldownSeconds,
  setCredentialPassword,
} from './repository';

/**
 * What an address may be sent without signing in, each with its own cooldown: a verification email asked for
 * with 'Resend', a password-reset email, and the verification email a sign-in sends unasked (no penalty).
 */
type SendPurpose = 'verifyEmail' | 'resetPassword' | 'verifyOnSignIn';

export interface AuthServiceDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  /** Tells the mail worker that a message is waiting. */
  mailQueued: () => void;
}

export interface SignedIn {
  user: AuthUser;
  setCookies: string[];
}

/**
 * A 429 for a count of failed password checks over its limit, saying when it may be tried again: the end of the
 * count's window, as `retryAt` in the body (the sign-in form shows the time) and in seconds as Retry-After. The count
 * is per address whether or not it has an account, so the answer tells nothing about one.
 */
function limitReached(code: 'too-many-login-attempts' | 'too-many-requests', windowStartedAt: Date, now: Date): HttpError {
  const retryAt = new Date(windowStartedAt.getTime() + LOGIN_WINDOW_MS);
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, code, authError(429, code).message, { 'retry-after': String(retryAfterSeconds) }, {
    retryAt: retryAt.toISOString(),
  });
}

/** The account rules of docs/product.md §4 and §5, on top of better-auth. Handlers call this; it never sees Hono. */
export class AuthService {
  private auth: BetterAuth | undefined;

  constructor(private readonly deps: AuthServiceDeps) {}

  /** better-auth needs our mail callback and we need better-auth: the app wires the two once at start. */
  attach(auth: BetterAuth): void {
    this.auth = auth;
  }

  /** better-auth's endpoints, once its call state is confined to its own calls (auth/async-context.ts). */
  private async betterAuthApi(): Promise<BetterAuth['api']> {
    if (!this.auth) throw new Error('AuthService used before better-auth was attached');
    await confineAuthContext();
    return this.auth.api;
  }

  /** SIGNUPS=closed refuses every sign-up, before its body is even read. */
  refuseClosedSignUps(): void {
    if (this.deps.config.signups === 'closed') throw authError(403, 'signups-closed');
  }

  /**
   * Creates the user, their password account and profile, and queues the verification email in one
   * transaction: either all of it is stored or none, so no account ever waits for an email that was never
   * queued. The password is hashed first, outside the transaction, so the database is not held while it runs.
   *
   * With SIGNUPS=invite the code is checked first, so that without a good one the answer says nothing about any
   * address, and one of its uses is taken inside the transaction: a sign-up that fails gives it back, and of two
   * sign-ups racing for the last use exactly one gets it (docs/decisions/015).
   */
  async signUp(input: { name: string; email: string; password: string; inviteCode?: string | undefined }): Promise<void> {
    const { db, dialect } = this.deps;
    this.refuseClosedSignUps();
    const inviteCode = this.deps.config.signups === 'invite' ? input.inviteCode : undefined;
    if (this.deps.config.signups === 'invite') {
      if (!inviteCode) throw authError(400, 'invite-required');
      if (!(await isInviteUsable(db, inviteCode, this.deps.now()))) throw authError(400, 'invalid-invite');
    }
    if (await findUserByEmail(db, input.email)) throw authError(409, 'email-already-in-use');
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.now();
    const account = { name: input.name, email: input.email, passwordHash, now };
    try {
      await db.transaction().execute(async (trx) => {
        if (inviteCode !== undefined && !(await takeInviteUse(trx, inviteCode, now))) {
          throw authError(400, 'invalid-invite');
        }
        const user = await createCredentialUser(trx, dialect, account);
        await createProfileIfMissing(trx, { uid: user.id, email: user.email, displayName: user.name, createdAt: now });
        await enqueueTemplate(trx, 'verifyEmail', user.email, now);
        await recordSend(trx, this.throttleKey('verifyOnSignIn', user.email), now);
      });
    } catch (error) {
      // A concurrent sign-up for the same address lost the race on the unique email index.
      if (isUniqueViolation(error)) throw authError(409, 'email-already-in-use');
      throw error;
    }
    this.deps.mailQueued();
  }

  /**
   * Signs in with the per-email limit of failed attempts. Every attempt is counted before the password is
   * checked, in one upsert, so attempts made at once in any number of processes are all counted; a right password
   * then clears the count, so only the failed ones add up.
   */
  async signIn(input: { email: string; password: string }, headers: Headers): Promise<SignedIn> {
    const now = this.deps.now();
    const { attempts, windowStartedAt } = await recordLoginAttempt(this.deps.db, input.email, now, LOGIN_WINDOW_MS);
    if (attempts > LOGIN_MAX_ATTEMPTS) throw limitReached('too-many-login-attempts', windowStartedAt, now);
    // Longer than any password we accept, so it cannot be right; refused without hashing it, but counted like any.
    if (input.password.length > PASSWORD_MAX) throw authError(401, 'invalid-credential');
    const api = await this.betterAuthApi();
    try {
      const { headers: responseHeaders, response } = await api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers,
        returnHeaders: true,
      });
      const user = await findUserById(this.deps.db, response.user.id);
      if (!user) throw authError(401, 'invalid-credential');
      await clearLoginAttempts(this.deps.db, input.email);
      // Read after the session was made: a disable that lands meanwhile either shows here or deletes the session.
      if (await isAccountDisabled(this.deps.db, user.id)) {
        await deleteSessions(this.deps.db, user.id);
        throw authError(403, 'account-disabled');
      }
      return { user, setCookies: responseHeaders.getSetCookie() };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
        // The password was right: not a failed attempt.
        await clearLoginAttempts(this.deps.db, input.email);
        const user = await findUserByEmail(this.deps.db, input.email);
        if (user && (await isAccountDisabled(this.deps.db, user.id))) throw authError(403, 'account-disabled');
        await this.sendVerificationAfterSignIn(input.email);
        throw authError(403, 'email-not-verified');
      }
      if (error.statusCode === 401 || error.statusCode === 400) throw authError(401, 'invalid-credential');
      throw error;
    }
  }

  async signOut(headers: Headers): Promise<string[]> {
    const api = await this.betterAuthApi();
    const { headers: responseHeaders } = await api.signOut({ headers, returnHeaders: true });
    return responseHeaders.getSetCookie();
  }

  async currentSession(headers: Headers): Promise<{ user: AuthUser; token: string; setCookies: string[] } | null> {
    const api = await this.betterAuthApi();
    const { headers: responseHeaders, response } = await api.getSession({
      headers,
      returnHeaders: true,
    });
    if (!response) return null;
    const { user, session } = response;
    // Disabling deletes the account's sessions; this covers one begun at that very moment.
    if (await isAccountDisabled(this.deps.db, user.id)) return null;
    return {
      user: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified },
      token: session.token,
      setCookies: responseHeaders.getSetCookie(),
    };
  }

  /**
   * The 'Resend verification email' action. The cooldown is kept per address, and the same statements run
   * whether the address has an unverified account, a verified one or none: the answer, and the time it takes,
   * tell nothing about it. The worker finds out when it composes the email (composeMail).
   */
  async resendVerification(email: string): Promise<{ retryAfterSeconds: number }> {
    await this.claimAndQueue('verifyEmail', email);
    return { retryAfterSeconds: RESEND_COOLDOWN_S };
  }

  /** Seconds until 'Resend' may send to this address again: the verify screen shows it after a reload too. */
  async verificationCooldown(email: string): Promise<{ retryAfterSeconds: number }> {
    const key = this.throttleKey('verifyEmail', email);
    return { retryAfterSeconds: await sendCooldownSeconds(this.deps.db, key, this.deps.now(), RESEND_COOLDOWN_S * 1000) };
  }

  /** Checks an emailed code without using it: the reset page shows which address it is for. */
  async checkActionCode(mode: ActionMode, code: string): Promise<{ email: string }> {
    const action = await findEmailAction(this.deps.db, mode, code, this.deps.now());
    if (!action) throw authError(400, mode === 'verifyEmail' ? 'expired-verify-code' : 'expired-reset-code');
    return { email: action.email };
  }

  /**
   * Uses a verification code: marks its address verified. A real code of an address that is verified by now (this
   * link opened again, or an older link after a newer one was used) answers `alreadyVerified`, so the page can say
   * so instead of calling the link invalid; that takes the code itself, so it tells nothing about any other address.
   * Any other code (made up, of another kind, expired before the address was verified) is refused.
   */
  async verifyEmail(code: string): Promise<{ alreadyVerified: boolean }> {
    const now = this.deps.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const link = await findVerificationLink(trx, code);
      if (!link) throw authError(400, 'expired-verify-code');
      const used = await consumeEmailAction(trx, 'verifyEmail', code, now);
      if (link.emailVerified) return { alreadyVerified: true };
      if (!used) throw authError(400, 'expired-verify-code');
      await markEmailVerified(trx, this.deps.dialect, link.userId, now);
      return { alreadyVerified: false };
    });
  }

  /**
   * Queues a password-reset email, with the same per-address cooldown as a verification resend. As there, the
   * same statements run for an address with an account and one without, so neither the answer nor its timing
   * tells them apart; the reset code is made only when the email is composed (composeMail).
   */
  async requestPasswordReset(email: string): Promise<void> {
    await this.claimAndQueue('resetPassword', email);
  }

  /**
   * Uses a reset code: sets the new password, ends every session of the account, and makes every other reset
   * link of the account void, all at once.
   */
  async resetPassword(code: string, newPassword: string): Promise<void> {
    const { db, dialect } = this.deps;
    const action = await findEmailAction(db, 'resetPassword', code, this.deps.now());
    if (!action) throw authError(400, 'expired-reset-code');
    const passwordHash = await hashPassword(newPassword);
    const now = this.deps.now();
    await db.transaction().execute(async (trx) => {
      if (!(await consumeEmailAction(trx, 'resetPassword', code, now))) throw authError(400, 'expired-reset-code');
      await consumeAllEmailActions(trx, action.userId, 'resetPassword', now);
      await setCredentialPassword(trx, dialect, action.userId, passwordHash, now);
      await deleteSessions(trx, action.userId);
      await clearLoginAttempts(trx, action.email);
    });
  }

  /**
   * Deletes the signed-in user's account and everything of theirs, once the password proves it is them: the user,
   * sessions, password account, profile, every entry and its counts, email codes, queued emails and the address's
   * cooldowns and sign-in count, in one transaction. Wrong passwords count toward the account's limit of password
   * checks, never the sign-in limit (checkPasswordLimit). The address can sign up again afterwards, as a new account.
   */
  async deleteAccount(user: AuthUser, password: string): Promise<void> {
    await this.checkPasswordLimit(user.id);
    const hash = await findCredentialPassword(this.deps.db, user.id);
    const matches = hash && password.length <= PASSWORD_MAX ? await verifyPassword({ hash, password }) : false;
    if (!matches) throw authError(400, 'wrong-current-password');
    await this.removeAccount(user);
  }

  /**
   * Removes the account and everything of it in one transaction, without asking for the password: behind it, for the
   * user (deleteAccount); on the operator's command (admin/cli.ts).
   */
  async removeAccount(user: AuthUser): Promise<void> {
    const throttleKeys = (['verifyEmail', 'resetPassword', 'verifyOnSignIn'] as const).map((purpose) =>
      this.throttleKey(purpose, user.email),
    );
    await this.deps.db.transaction().execute((trx) => deleteUserAndData(trx, user, throttleKeys));
  }

  /**
   * Changes the password of the signed-in user, who proves it with the current one. The other sessions end, and
   * every reset link still outstanding for the account stops working: whoever could read that mailbox must not
   * be able to undo the change.
   */
  async changePassword(user: AuthUser, headers: Headers, currentPassword: string, newPassword: string): Promise<string[]> {
    await this.checkPasswordLimit(user.id);
    const api = await this.betterAuthApi();
    try {
      const { headers: responseHeaders, response } = await api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      await consumeAllEmailActions(this.deps.db, response.user.id, 'resetPassword', this.deps.now());
      await clearPasswordChecks(this.deps.db, response.user.id);
      return responseHeaders.getSetCookie();
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 401) throw authError(401, 'no-user');
      if (error instanceof APIError) throw authError(400, 'wrong-current-password');
      throw error;
    }
  }

  /**
   * Counts a password check of a signed-in person (Delete Account, Change Password) before the password is looked
   * at, as sign-in counts its attempts, and refuses the sixth in the window, even a right one: whoever holds a session
   * cannot guess the password through these checks. The count is the account's own, apart from the sign-in limit, so
   * that such a session cannot lock the owner out of signing in either. A right password in Change Password clears
   * it; a right one in Delete Account deletes it with the account.
   */
  private async checkPasswordLimit(userId: string): Promise<void> {
    const now = this.deps.now();
    const { attempts, windowStartedAt } = await recordPasswordCheck(this.deps.db, userId, now, LOGIN_WINDOW_MS);
    if (attempts > LOGIN_MAX_ATTEMPTS) throw limitReached('too-many-requests', windowStartedAt, now);
  }

  /**
   * Writes the email a queued template stands for, just before it is sent, with a fresh single-use code (only
   * its hash is stored). Null when there is nothing to send: no account at that address, a disabled one, or, for a
   * verification email, one that is verified by now.
   */
  async composeMail(template: ActionMode, recipient: string, now: Date): Promise<OutgoingMail | null> {
    const user = await findUserByEmail(this.deps.db, recipient);
    if (!user || (template === 'verifyEmail' && user.emailVerified)) return null;
    if (await isAccountDisabled(this.deps.db, user.id)) return null;
    const ttlMs = template === 'verifyEmail' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
    const code = await createEmailAction(this.deps.db, { kind: template, userId: user.id, email: user.email, now, ttlMs });
    const link = this.actionLink(template, code);
    return template === 'verifyEmail' ? verificationMail(user.email, link) : resetPasswordMail(user.email, link);
  }

  /** A sign-in refused for an unverified address sends a fresh link, unless one went out within the cooldown. */
  private async sendVerificationAfterSignIn(email: string): Promise<void> {
    const now = this.deps.now();
    const allowed = await this.deps.db.transaction().execute(async (trx) => {
      const decision = await claimSend(trx, this.throttleKey('verifyOnSignIn', email), now, RESEND_COOLDOWN_S * 1000, 0);
      if (decision.allowed) await enqueueTemplate(trx, 'verifyEmail', email, now);
      return decision.allowed;
    });
    if (allowed) this.deps.mailQueued();
  }

  /**
   * One email asked for by address, if its cooldown allows: the claim and the queued template commit together.
   * A refusal is a 429 with the wait in Retry-After, for every address alike.
   */
  private async claimAndQueue(purpose: 'verifyEmail' | 'resetPassword', email: string): Promise<void> {
    const now = this.deps.now();
    const decision = await this.deps.db.transaction().execute(async (trx) => {
      const claimed = await claimSend(
        trx,
        this.throttleKey(purpose, email),
        now,
        RESEND_COOLDOWN_S * 1000,
        RESEND_PENALTY_S * 1000,
      );
      if (claimed.allowed) {
        await enqueueTemplate(trx, purpose, email, now);
        if (purpose === 'verifyEmail') await recordSend(trx, this.throttleKey('verifyOnSignIn', email), now);
      }
      return claimed;
    });
    if (!decision.allowed) {
      throw new HttpError(429, 'too-many-requests', authError(429, 'too-many-requests').message, {
        'retry-after': String(decision.retryAfterSeconds),
      });
    }
    this.deps.mailQueued();
  }

  /** The throttle's key for an address: a keyed hash, so the table holds no address that was merely typed. */
  private throttleKey(purpose: SendPurpose, email: string): string {
    const digest = createHmac('sha256', this.deps.config.authSecret).update(email).digest('base64url');
    return `${purpose}:${digest}`;
  }

  private actionLink(mode: ActionMode, code: string): string {
    const params = new URLSearchParams({ mode, oobCode: code });
    return `${this.deps.config.appUrl}/verify-email?${params.toString()}`;
  }
}
