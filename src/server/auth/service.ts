import type { Kysely, Transaction } from 'kysely';
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
import { enqueueMail } from '../mail/queue';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import { createProfileIfMissing } from '../profile/repository';
import { confineAuthContext } from './async-context';
import type { BetterAuth } from './better-auth';
import { hashPassword } from './password-hash';
import {
  type AuthUser,
  claimResend,
  consumeAllEmailActions,
  consumeEmailAction,
  createCredentialUser,
  createEmailAction,
  deleteSessions,
  findEmailAction,
  findUserByEmail,
  findUserById,
  latestEmailActionAt,
  markEmailVerified,
  recordLoginAttempt,
  setCredentialPassword,
} from './repository';

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

/** The account rules of SPEC §4 and §5, on top of better-auth. Handlers call this; it never sees Hono. */
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

  /**
   * Creates the user, their password account and profile, and queues the verification email in one
   * transaction: either all of it is stored or none, so no account ever waits for an email that was never
   * queued. The password is hashed first, outside the transaction, so the database is not held while it runs.
   */
  async signUp(input: { name: string; email: string; password: string }): Promise<void> {
    const { db, dialect } = this.deps;
    if (await findUserByEmail(db, input.email)) throw authError(409, 'email-already-in-use');
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.now();
    try {
      await db.transaction().execute(async (trx) => {
        const user = await createCredentialUser(trx, dialect, { ...input, passwordHash, now });
        await createProfileIfMissing(trx, { uid: user.id, email: user.email, displayName: user.name, createdAt: now });
        await this.queueVerificationEmail(trx, user, now);
      });
    } catch (error) {
      // A concurrent sign-up for the same address lost the race on the unique email index.
      if (isUniqueViolation(error)) throw authError(409, 'email-already-in-use');
      throw error;
    }
    this.deps.mailQueued();
  }

  async signIn(input: { email: string; password: string }, headers: Headers): Promise<SignedIn> {
    const { attempts } = await recordLoginAttempt(this.deps.db, input.email, this.deps.now(), LOGIN_WINDOW_MS);
    if (attempts > LOGIN_MAX_ATTEMPTS) throw authError(429, 'too-many-login-attempts');
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
      return { user, setCookies: responseHeaders.getSetCookie() };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
        const user = await findUserByEmail(this.deps.db, input.email);
        if (user) await this.sendVerificationAfterSignIn(user);
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
    return {
      user: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified },
      token: session.token,
      setCookies: responseHeaders.getSetCookie(),
    };
  }

  /**
   * The 'Resend verification email' action. It answers the same whether or not the address has an account,
   * and keeps the cooldown of SPEC §4 per account.
   */
  async resendVerification(email: string): Promise<void> {
    const user = await findUserByEmail(this.deps.db, email);
    if (!user || user.emailVerified) return;
    const decision = await claimResend(
      this.deps.db,
      user.id,
      this.deps.now(),
      RESEND_COOLDOWN_S * 1000,
      RESEND_PENALTY_S * 1000,
    );
    if (!decision.allowed) {
      throw new HttpError(429, 'too-many-requests', authError(429, 'too-many-requests').message, {
        'retry-after': String(decision.retryAfterSeconds),
      });
    }
    await this.sendVerificationEmail(user);
  }

  /** Checks an emailed code without using it: the reset page shows which address it is for. */
  async checkActionCode(mode: ActionMode, code: string): Promise<{ email: string }> {
    const action = await findEmailAction(this.deps.db, mode, code, this.deps.now());
    if (!action) throw authError(400, mode === 'verifyEmail' ? 'expired-verify-code' : 'expired-reset-code');
    return { email: action.email };
  }

  async verifyEmail(code: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const action = await findEmailAction(trx, 'verifyEmail', code, now);
      if (!action || !(await consumeEmailAction(trx, 'verifyEmail', code, now))) {
        throw authError(400, 'expired-verify-code');
      }
      await markEmailVerified(trx, this.deps.dialect, action.userId, now);
    });
  }

  /**
   * Stores a single-use reset code (only its hash) and queues the email with the link in one transaction. The
   * caller answers the same whether or not the address has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByEmail(this.deps.db, email);
    if (!user) return;
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const code = await createEmailAction(trx, {
        kind: 'resetPassword',
        userId: user.id,
        email: user.email,
        now,
        ttlMs: RESET_PASSWORD_TTL_MS,
      });
      await enqueueMail(trx, resetPasswordMail(user.email, user.name, this.actionLink('resetPassword', code)), now);
    });
    this.deps.mailQueued();
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
    });
  }

  async changePassword(headers: Headers, currentPassword: string, newPassword: string): Promise<string[]> {
    const api = await this.betterAuthApi();
    try {
      const { headers: responseHeaders } = await api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      return responseHeaders.getSetCookie();
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 401) throw authError(401, 'no-user');
      if (error instanceof APIError) throw authError(400, 'wrong-password');
      throw error;
    }
  }

  private async sendVerificationAfterSignIn(user: AuthUser): Promise<void> {
    const last = await latestEmailActionAt(this.deps.db, user.id, 'verifyEmail');
    const now = this.deps.now();
    if (last && now.getTime() - last.getTime() < RESEND_COOLDOWN_S * 1000) return;
    await this.sendVerificationEmail(user);
  }

  private async sendVerificationEmail(user: AuthUser): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.transaction().execute((trx) => this.queueVerificationEmail(trx, user, now));
    this.deps.mailQueued();
  }

  /** A fresh verification code and the email that carries it, in the caller's transaction. */
  private async queueVerificationEmail(trx: Transaction<Database>, user: AuthUser, now: Date): Promise<void> {
    const code = await createEmailAction(trx, {
      kind: 'verifyEmail',
      userId: user.id,
      email: user.email,
      now,
      ttlMs: VERIFY_EMAIL_TTL_MS,
    });
    await enqueueMail(trx, verificationMail(user.email, user.name, this.actionLink('verifyEmail', code)), now);
  }

  private actionLink(mode: ActionMode, code: string): string {
    const params = new URLSearchParams({ mode, oobCode: code });
    return `${this.deps.config.appUrl}/verify-email?${params.toString()}`;
  }
}
