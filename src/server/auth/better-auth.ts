import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX, SETTINGS_PASSWORD_INPUT_MIN } from '../../shared/limits';
import type { Config } from '../config';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { hashPassword, verifyPassword } from './password-hash';

/** The header our server sets to the client's address, the only one better-auth is told to read. */
export const CLIENT_IP_HEADER = 'x-journal-client-ip';

export interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * better-auth keeps the sessions: sign-in, the session cookie, sign-out and password change. Sign-up and the
 * emailed links are ours (AuthService), so each email is queued in the same transaction as the change that
 * causes it (docs/decisions/002).
 */
export function createBetterAuth({ config, db, dialect }: AuthDeps) {
  return betterAuth({
    appName: 'Gratitude Journal',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: { db, type: dialect },
    telemetry: { enabled: false },
    // Limits live in our database (login_attempt, resend_throttle), shared by every process.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: SETTINGS_PASSWORD_INPUT_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    logger: { disabled: true },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
