import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX, RESET_PASSWORD_TTL_MS, SETTINGS_PASSWORD_INPUT_MIN } from '../../shared/limits';
import type { Config } from '../config';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { createProfileIfMissing } from '../profile/repository';
import { hashPassword, verifyPassword } from './password-hash';

/** The header our server sets to the client's address, the only one better-auth is told to read. */
export const CLIENT_IP_HEADER = 'x-journal-client-ip';

export interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Queues the reset email; better-auth made and stored the token. */
  sendResetPassword: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
}

export function createBetterAuth({ config, db, dialect, sendResetPassword }: AuthDeps) {
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
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_MS / 1000,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendResetPassword(user, token),
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
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfileIfMissing(db, {
              uid: user.id,
              email: user.email,
              displayName: user.name,
              createdAt: user.createdAt,
            });
          },
        },
      },
    },
    logger: { disabled: true },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
