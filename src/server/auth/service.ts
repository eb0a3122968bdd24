import type { Kysely } from 'kysely';
import { APIError } from 'better-auth/api';
import {
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MS,
  RESEND_COOLDOWN_S,
  RESEND_PENALTY_S,
  VERIFY_EMAIL_TTL_MS,
} from '../../shared/limits';
import type { ActionMode } from '../../shared/auth-schemas';
import type { Config } from '../config';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { authError, HttpError } from '../http/errors';
import { enqueueMail } from '../mail/queue';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import type { BetterAuth } from './better-auth';
import {
  type AuthUser,
  claimResend,
  consumeEmailAction,
  createEmailAction,
  findEmailAction,
  findUserByEmail,
  findUserById,
  latestEmailActionAt,
  markEmailVerified,
  recordLoginAttempt,
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

  private get betterAuth(): BetterAuth {
    if (!this.auth) throw new Error('AuthService used before better-auth was attached');
    return this.auth;
  }

  async signUp(input: { name: string; email: string; password: string }): Promise<void> {
    if (await findUserByEmail(this.deps.db, input.email)) throw authError(409, 'email-already-in-use');
    const result = await this.betterAuth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
    });
    // A concurrent sign-up for the same address wins the unique index; better-auth then answers with a
    // stand-in user that does not exist in our database.
    const created = await findUserById(this.deps.db, result.user.id);
    if (!created) throw authError(409, 'email-already-in-use');
    await this.queueVerificationEmail(created);
  }

  async signIn(input: { email: string; password: string }, headers: Headers): Promise<SignedIn> {
    const { attempts } = await recordLoginAttempt(this.deps.db, input.email, this.deps.now(), LOGIN_WINDOW_MS);
    if (attempts > LOGIN_MAX_ATTEMPTS) throw authError(429, 'too-many-login-attempts');
    try {
      const { headers: responseHeaders, response } = await this.betterAuth.api.signInEmail({
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
    const { headers: responseHeaders } = await this.betterAuth.api.signOut({ headers, returnHeaders: true });
    return responseHeaders.getSetCookie();
  }

  async currentSession(headers: Headers): Promise<{ user: AuthUser; token: string; setCookies: string[] } | null> {
    const { headers: responseHeaders, response } = await this.betterAuth.api.getSession({
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
    await this.queueVerificationEmail(user);
  }

  async checkActionCode(mode: ActionMode, code: string): Promise<{ email: string }> {
    if (mode === 'verifyEmail') {
      const action = await findEmailAction(this.deps.db, 'verifyEmail', code, this.deps.now());
      if (!action) throw authError(400, 'expired-verify-code');
      return { email: action.email };
    }
    const context = await this.betterAuth.$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${code}`);
    if (!verification || new Date(verification.expiresAt) <= this.deps.now()) {
      throw authError(400, 'expired-reset-code');
    }
    const user = await findUserById(this.deps.db, verification.value);
    if (!user) throw authError(400, 'expired-reset-code');
    return { email: user.email };
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

  async requestPasswordReset(email: string): Promise<void> {
    await this.betterAuth.api.requestPasswordReset({ body: { email } });
  }

  async resetPassword(code: string, newPassword: string): Promise<void> {
    try {
      await this.betterAuth.api.resetPassword({ body: { token: code, newPassword } });
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'INVALID_TOKEN') throw authError(400, 'expired-reset-code');
      if (error instanceof APIError) throw authError(400, 'reset-failed');
      throw error;
    }
  }

  async changePassword(headers: Headers, currentPassword: string, newPassword: string): Promise<string[]> {
    try {
      const { headers: responseHeaders } = await this.betterAuth.api.changePassword({
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

  /** Called by better-auth with the stored, single-use reset token. */
  async queueResetEmail(user: { id: string; email: string; name: string }, token: string): Promise<void> {
    const link = this.actionLink('resetPassword', token);
    await enqueueMail(this.deps.db, resetPasswordMail(user.email, user.name, link), this.deps.now());
    this.deps.mailQueued();
  }

  private async sendVerificationAfterSignIn(user: AuthUser): Promise<void> {
    const last = await latestEmailActionAt(this.deps.db, user.id, 'verifyEmail');
    const now = this.deps.now();
    if (last && now.getTime() - last.getTime() < RESEND_COOLDOWN_S * 1000) return;
    await this.queueVerificationEmail(user);
  }

  private async queueVerificationEmail(user: AuthUser): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const code = await createEmailAction(trx, {
        kind: 'verifyEmail',
        userId: user.id,
        email: user.email,
        now,
        ttlMs: VERIFY_EMAIL_TTL_MS,
      });
      await enqueueMail(trx, verificationMail(user.email, user.name, this.actionLink('verifyEmail', code)), now);
    });
    this.deps.mailQueued();
  }

  private actionLink(mode: ActionMode, code: string): string {
    const params = new URLSearchParams({ mode, oobCode: code });
    return `${this.deps.config.appUrl}/verify-email?${params.toString()}`;
  }
}
