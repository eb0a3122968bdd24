import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/** The site-wide notice while sign-ups are closed, unless ANNOUNCEMENT says otherwise. */
export const CLOSED_ANNOUNCEMENT =
  'Gratitude Journal is no longer accepting new customers while we prepare an improved version.';

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** A period such as 30m, 24h or 7d, in milliseconds; at least a minute. */
const durationSchema = z
  .string()
  .regex(/^\d+(m|h|d)$/, 'must be a number and a unit: m, h or d, for example 24h')
  .transform((value) => Number(value.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as 'm' | 'h' | 'd'])
  .refine((ms) => ms >= 60_000, 'must be at least 1m');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Every environment variable the server reads; `.env.example` lists the same ones (config.test.ts). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number, for example 3000' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalText.pipe(
    z.url({ error: 'must be an absolute http(s) URL, for example https://journal.example.com' }).optional(),
  ),
  DATABASE_URL: optionalText,
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: optionalText.pipe(
    z.url({ error: 'must be a URL such as smtp://user:pass@mail.example.com:587' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Gratitude Journal <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: optionalText,
  // Unset, the landing page plays the walkthrough this server hosts itself (public/demo).
  DEMO_VIDEO_ID: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id').optional()),
  // Unset, it follows SIGNUPS; set, even to nothing, it is what the banner says.
  ANNOUNCEMENT: z.string().optional(),
  SIGNUPS: z.enum(SIGNUP_MODES, { error: 'must be open, invite or closed' }).default('open'),
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  BACKUP_DIR: optionalText,
  BACKUP_EVERY: durationSchema.prefault('24h'),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number, for example 7' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(7),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  DEV_ORIGIN: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an origin such as http://localhost:5173' }).optional(),
  ),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  READ_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes, for example 32 (0 turns the cache off)' })
    .min(0, 'must be 0 or more')
    .max(4096, 'must be at most 4096')
    .default(32),
  IMPORT_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes, for example 50' })
    .min(1, 'must be at least 1')
    .max(1024, 'must be at most 1024')
    .default(50),
  MEDIA_QUOTA_MB: z.coerce
    .number({ error: 'must be a number of megabytes, for example 1024' })
    .min(1, 'must be at least 1')
    .max(1_048_576, 'must be at most 1048576')
    .default(1024),
  MEDIA_MAX_UPLOAD_MB: z.coerce
    .number({ error: 'must be a number of megabytes, for example 20' })
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(20),
  // Unset, SUPPORT_EMAIL (as mailto:) or an https: APP_URL; with neither, reminders go by email only.
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .refine(isContactAddress, {
        error:
          'must be a mailto: address or an https: address where the push services can reach you, for example mailto:admin@journal.example.com (Apple refuses any other)',
      })
      .optional(),
  ),
  // Both or neither; unset, the first server to start makes a pair and keeps it in the database for every process.
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z.string().refine((key) => base64urlBytes(key)?.length === 65 && key.startsWith('B'), {
      error: 'must be an uncompressed P-256 public key in base64url (87 characters), as `npx web-push generate-vapid-keys` prints',
    }).optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z.string().refine((key) => base64urlBytes(key)?.length === 32, {
      error: 'must be a P-256 private key in base64url (43 characters), as `npx web-push generate-vapid-keys` prints',
    }).optional(),
  ),
  PUSH_SERVICE_HOSTS: optionalText.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter((host) => host !== ''))
      .refine((hosts) => hosts.every(isHostAndPort), {
        error: 'must be host names, each with an optional :port, separated by commas, for example push.example.com,push2.example.com:8443',
      })
      .optional(),
  ),
});

/** A mailto: address or an https: URL on a public-looking host: what Apple's push service accepts as a VAPID subject. */
function isContactAddress(value: string): boolean {
  if (value.startsWith('mailto:')) return z.email().safeParse(value.slice('mailto:'.length)).success;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.includes('.') && !/^(localhost|127\.|\[)/.test(url.hostname);
}

const HOST_AND_PORT = /^(?=.{1,253}(:|$))[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

function isHostAndPort(value: string): boolean {
  if (!HOST_AND_PORT.test(value)) return false;
  const port = value.split(':')[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The bytes of a base64url text without padding, or undefined when it is not one. */
export function base64urlBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  // Only the canonical spelling: the same bytes written back give the same text.
  return bytes.toString('base64url') === value ? bytes : undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The journal's public address: APP_URL, or http://localhost:PORT when it is unset. */
  appUrl: string;
  /**
   * Whether APP_URL names the address. Unset, the journal is one on this machine, at http://localhost:PORT, which a
   * browser may as well open as 127.0.0.1 or [::1] (http/security.ts takes writes from those too).
   */
  appUrlSet: boolean;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  authSecret: string;
  dataDir: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** A hosted (YouTube) video for the landing page's demo; undefined plays the built-in walkthrough. */
  demoVideoId: string | undefined;
  /** The site-wide banner's text; empty for none. */
  announcement: string;
  /** Who may create an account: anyone, people with an invite code, or nobody. */
  signups: SignupMode;
  /** The address the About page's contact section gives, if the operator gives one. */
  supportEmail: string | undefined;
  /** Scheduled backups: where, how often (ms) and how many to keep; undefined when BACKUP_DIR is not set. */
  backups: { dir: string; everyMs: number; keep: number } | undefined;
  trustProxy: boolean;
  /** A second origin trusted for state-changing API calls: Vite's dev server, set by `npm run dev` only. */
  devOrigin: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Memory for cached journal answers (journal/read-cache.ts); 0 turns the cache off. */
  readCacheBytes: number;
  /** The largest file an import accepts, in bytes (journal/import). */
  importMaxBytes: number;
  /** Photos (photos/): what one person's may take together, and the largest one upload, in bytes. */
  media: { quotaBytes: number; maxUploadBytes: number };
  /**
   * Web Push (reminders/push.ts): the contact address the push services see, undefined when there is none (then
   * reminders go by email only); the key pair when the environment gives it (otherwise the database keeps one); the
   * push services' hosts accepted besides the browsers' own, as `host` or `host:port`.
   */
  push: {
    subject: string | undefined;
    keys: { publicKey: string; privateKey: string } | undefined;
    extraHosts: string[];
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The variables as the schema reads them: an empty or blank one is unset, as `PORT= npm start`, a blank line of
 * .env or compose's `${VAR:-}` give it (an empty PORT would otherwise be port 0). ANNOUNCEMENT alone tells empty
 * from unset: set to nothing, it hides the banner.
 */
function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const set: NodeJS.ProcessEnv = {};
  for (const name of Object.keys(envSchema.shape)) {
    const value = env[name];
    if (value !== undefined && (name === 'ANNOUNCEMENT' || value.trim() !== '')) set[name] = value;
  }
  return set;
}

/** The settings as the environment gives them, AUTH_SECRET too if it is set: reading them writes nothing. */
export type Settings = Omit<Config, 'authSecret'> & { authSecret: string | undefined };

/** Parses the environment once, at boot. A wrong value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(env);
  return { ...settings, authSecret: settings.authSecret ?? localSecret(settings.dataDir) };
}

/**
 * The settings without making anything: loadConfig but for the local secret, which the tools that work beside the
 * server (npm run admin) must find rather than make (existingLocalSecret).
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = envSchema.safeParse(setVariables(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = resolve(vars.DATA_DIR);
  const databaseUrl = vars.DATABASE_URL ?? join(dataDir, 'journal.db');
  const database: Config['database'] = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', path: databaseUrl === ':memory:' ? databaseUrl : resolve(databaseUrl) };

  if (vars.NODE_ENV === 'production' && !vars.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: is required when NODE_ENV=production (try: openssl rand -hex 32)',
    );
  }
  const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  if ((vars.VAPID_PUBLIC_KEY === undefined) !== (vars.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${vars.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: is required with ${vars.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} (set both, or neither to have the server make a pair)`,
    );
  }
  const fallbackSubject = vars.SUPPORT_EMAIL ? `mailto:${vars.SUPPORT_EMAIL}` : isContactAddress(appUrl) ? appUrl : undefined;
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    appUrl,
    appUrlSet: vars.APP_URL !== undefined,
    database,
    authSecret: vars.AUTH_SECRET,
    dataDir,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      outboxDir: resolve(vars.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox')),
    },
    demoVideoId: vars.DEMO_VIDEO_ID,
    announcement: vars.ANNOUNCEMENT ?? (vars.SIGNUPS === 'closed' ? CLOSED_ANNOUNCEMENT : ''),
    signups: vars.SIGNUPS,
    supportEmail: vars.SUPPORT_EMAIL,
    backups: vars.BACKUP_DIR
      ? { dir: resolve(vars.BACKUP_DIR), everyMs: vars.BACKUP_EVERY, keep: vars.BACKUP_KEEP }
      : undefined,
    trustProxy: vars.TRUST_PROXY,
    devOrigin: vars.DEV_ORIGIN === undefined ? undefined : new URL(vars.DEV_ORIGIN).origin,
    logLevel: vars.LOG_LEVEL,
    readCacheBytes: Math.round(vars.READ_CACHE_MB * 1024 * 1024),
    importMaxBytes: Math.round(vars.IMPORT_MAX_MB * 1024 * 1024),
    media: {
      quotaBytes: Math.round(vars.MEDIA_QUOTA_MB * 1024 * 1024),
      maxUploadBytes: Math.round(vars.MEDIA_MAX_UPLOAD_MB * 1024 * 1024),
    },
    push: {
      subject: vars.VAPID_SUBJECT ?? fallbackSubject,
      keys:
        vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
          ? { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY }
          : undefined,
      extraHosts: vars.PUSH_SERVICE_HOSTS ?? [],
    },
  };
}

/** Where the secret made outside production is kept: beside the data. */
function localSecretFile(dataDir: string): string {
  return join(dataDir, 'auth-secret');
}

/** The local secret a server has made in DATA_DIR, if one has. */
export function existingLocalSecret(dataDir: string): string | undefined {
  const file = localSecretFile(dataDir);
  // An empty file is no secret: signing with an empty key would let anyone make a cookie.
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/** Outside production the secret is generated on first boot and kept beside the data, readable by us only. */
function localSecret(dataDir: string): string {
  const existing = existingLocalSecret(dataDir);
  if (existing !== undefined) return existing;
  const file = localSecretFile(dataDir);
  makePrivateDir(dirname(file));
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}
