import type { Kysely } from 'kysely';
import { LOGIN_WINDOW_MS, RESEND_COOLDOWN_S, RESEND_PENALTY_S, VERIFY_EMAIL_KEPT_MS } from '../../shared/limits';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';

/** How often each process prunes. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** How long an upload waits to be saved with an entry. */
export const UNATTACHED_PHOTO_KEPT_MS = 24 * 60 * 60 * 1000;

export interface Pruned {
  loginAttempts: number;
  passwordChecks: number;
  emailActions: number;
  emailThrottles: number;
  sentMail: number;
  sessions: number;
  invites: number;
  photos: number;
}

/**
 * Deletes the rows that have served their purpose and would otherwise only grow: sign-in counts and counts of
 * password checks whose window has passed, reset codes that were used or have expired, verification codes a month after they expired, address cooldowns that have run out, mail already sent,
 * expired sessions, invite codes that have expired or have no use left, and photos uploaded a day ago and never saved with an entry. Each is one DELETE of rows that nothing reads any more, so it is safe to run in every process
 * at once, at any time: a row one process deleted is simply not there for the other.
 */
async function pruneExpired(db: Kysely<Database>, dialect: Dialect, now: Date): Promise<Pruned> {
  const nowIso = now.toISOString();
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

  const loginAttempts = await db
    .deleteFrom('login_attempt')
    .where('window_started_at', '<=', new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .executeTakeFirst();
  const passwordChecks = await db
    .deleteFrom('password_check')
    .where('window_started_at', '<=', new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .executeTakeFirst();
  // A verification code is kept a month past its expiry, used or not, so that its link opened again can say the
  // address is verified (AuthService.verifyEmail); a reset code goes once used or expired.
  const verifyKeptUntil = new Date(now.getTime() - VERIFY_EMAIL_KEPT_MS).toISOString();
  const emailActions = await db
    .deleteFrom('email_action')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'resetPassword'), eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', nowIso)])]),
        eb('expires_at', '<=', verifyKeptUntil),
      ]),
    )
    .executeTakeFirst();
  // A cooldown row matters until both its cooldown and any penalty have passed; the penalty is the longer.
  const throttleGone = new Date(now.getTime() - Math.max(RESEND_COOLDOWN_S, RESEND_PENALTY_S) * 1000).toISOString();
  const emailThrottles = await db
    .deleteFrom('email_throttle')
    .where('last_sent_at', '<=', throttleGone)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
    .executeTakeFirst();
  const sentMail = await db.deleteFrom('mail_queue').where('sent_at', 'is not', null).executeTakeFirst();
  // better-auth keeps dates natively on PostgreSQL and as ISO text on SQLite.
  const sessions = await db
    .deleteFrom('session')
    .where('expiresAt', '<=', dialect === 'postgres' ? now : nowIso)
    .executeTakeFirst();
  const invites = await db
    .deleteFrom('invite')
    .where((eb) => eb.or([eb('uses_left', '<=', 0), eb('expires_at', '<=', nowIso)]))
    .executeTakeFirst();

  // An upload no entry's save attached within a day was left behind (a form closed unsaved): it goes, bytes and all.
  const photos = await db
    .deleteFrom('photo')
    .where('entry_id', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - UNATTACHED_PHOTO_KEPT_MS).toISOString())
    .executeTakeFirst();

  return {
    loginAttempts: count(loginAttempts),
    passwordChecks: count(passwordChecks),
    emailActions: count(emailActions),
    emailThrottles: count(emailThrottles),
    sentMail: count(sentMail),
    sessions: count(sessions),
    invites: count(invites),
    photos: count(photos),
  };
}

/**
 * Runs pruneExpired every hour in each server process. The first run comes at a random point of the first hour,
 * so processes started together do not all prune at the same moment.
 */
export class Pruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  start(): void {
    const first = Math.floor(Math.random() * PRUNE_INTERVAL_MS);
    this.timer = setTimeout(() => {
      this.run();
      this.timer = setInterval(() => this.run(), PRUNE_INTERVAL_MS);
      this.timer.unref();
    }, first);
    this.timer.unref();
  }

  /** One pass now, unless one is already running; failures are logged and tried again at the next pass. */
  run(): Promise<void> {
    this.running ??= pruneExpired(this.db, this.dialect, this.now())
      .then((pruned) => this.logger.info('maintenance.pruned', { ...pruned }))
      .catch((error: unknown) =>
        this.logger.warn('maintenance.prune_failed', { error: error instanceof Error ? error.name : 'unknown' }),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running;
  }
}
