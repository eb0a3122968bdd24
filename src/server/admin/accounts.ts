import type { AuthService } from '../auth/service';
import { createInvite } from '../auth/invites';
import {
  type AuthUser,
  disableAccount,
  enableAccount,
  findUserByEmail,
  isAccountDisabled,
  markEmailVerified,
} from '../auth/repository';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { countEntries } from '../journal/repository';
import { enqueueTemplate, findQueuedMail, MailWorker } from '../mail/queue';
import { createTransport, type MailTransport } from '../mail/transport';
import { isReminderTemplate, ReminderService } from '../reminders/service';
import { listAccounts } from './repository';

/** One account as the operator sees it: never a word of what the person wrote, only how many entries. */
export interface AccountSummary {
  email: string;
  createdAt: Date | null;
  verified: boolean;
  disabledAt: Date | null;
  /** When the newest session still kept began: sign-out and expiry delete sessions, so null says none is left. */
  lastSignInAt: Date | null;
  entries: number;
  /** How many photos the account keeps, unattached uploads included, and their bytes. */
  photos: number;
  photoBytes: number;
}

export type ResendResult =
  | { outcome: 'sent'; transport: MailTransport['kind'] }
  | { outcome: 'sending-elsewhere' }
  | { outcome: 'failed'; error: string };

export class AdminError extends Error {
  override name = 'AdminError';
}

/** better-auth keeps dates natively on PostgreSQL and as ISO text on SQLite. */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * What the operator can do to accounts (docs/product.md §12; `npm run admin`, admin/cli.ts). The same rules as the
 * server's, on the same database: a change here is seen by every server process on its next request.
 */
export class AccountAdmin {
  private auth: AuthService | undefined;

  constructor(
    private readonly config: Config,
    private readonly database: DatabaseHandle,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The server's account rules, for the commands that need them: loaded then, as they bring better-auth along. */
  private async authService(): Promise<AuthService> {
    if (!this.auth) {
      const { AuthService } = await import('../auth/service');
      this.auth = new AuthService({
        config: this.config,
        db: this.database.db,
        dialect: this.database.dialect,
        now: this.now,
        mailQueued: () => undefined,
      });
    }
    return this.auth;
  }

  /** Every account, oldest first. */
  async listAccounts(): Promise<AccountSummary[]> {
    const rows = await listAccounts(this.database.db);
    return rows.map((row) => ({
      email: row.email,
      createdAt: toDate(row.createdAt),
      verified: Boolean(row.emailVerified),
      disabledAt: toDate(row.disabledAt),
      lastSignInAt: toDate(row.lastSignInAt),
      entries: Number(row.entries ?? 0),
      photos: Number(row.photos ?? 0),
      photoBytes: Number(row.photoBytes ?? 0),
    }));
  }

  /** A new invite code, good for `uses` sign-ups within `days` days, and the link that fills it in. */
  async createInvite(uses: number, days: number): Promise<{ code: string; link: string; expiresAt: Date }> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + days * 86_400_000);
    const code = await createInvite(this.database.db, { uses, expiresAt, now });
    const link = `${this.config.appUrl}/login?mode=signup&invite=${encodeURIComponent(code)}`;
    return { code, link, expiresAt };
  }

  /** Stops the account signing in and ends its sessions at once; false when it was disabled already. */
  async disable(email: string): Promise<boolean> {
    const user = await this.account(email);
    return disableAccount(this.database.db, user.id, this.now());
  }

  /** Lets the account sign in again; false when it was not disabled. */
  async enable(email: string): Promise<boolean> {
    const user = await this.account(email);
    return enableAccount(this.database.db, user.id);
  }

  /** Deletes the account and all of its data in one transaction, as Settings' Delete Account does. */
  async remove(email: string): Promise<{ entries: number }> {
    const user = await this.account(email);
    const entries = await countEntries(this.database.db, user.id);
    await (await this.authService()).removeAccount(user);
    return { entries };
  }

  /** Marks the address verified; false when it was already. */
  async verify(email: string): Promise<boolean> {
    const user = await this.account(email);
    if (user.emailVerified) return false;
    await markEmailVerified(this.database.db, this.database.dialect, user.id, this.now());
    return true;
  }

  /**
   * Queues a new verification email and sends it now, through the same queue and composer as the server's (a fresh
   * single-use link, made as it is sent). Not limited by the per-address cooldown: the operator asked for it.
   */
  async resendVerification(email: string): Promise<ResendResult> {
    const user = await this.account(email);
    if (user.emailVerified) throw new AdminError(`${user.email} is already verified: no email is needed.`);
    if (await isAccountDisabled(this.database.db, user.id)) {
      throw new AdminError(`${user.email} is disabled: enable it first (npm run admin -- enable ${user.email}).`);
    }
    const auth = await this.authService();
    const reminders = new ReminderService({ config: this.config, database: this.database, now: this.now });
    const id = await enqueueTemplate(this.database.db, 'verifyEmail', user.email, this.now());
    const transport = createTransport(this.config.mail);
    const worker = new MailWorker({
      db: this.database.db,
      transport,
      // The command reports the outcome itself, from the queue's row.
      logger: createLogger('silent'),
      now: this.now,
      // Whatever else waits in the queue goes too, as the server would send it: a reminder with its own composer.
      compose: (template, recipient, at, queuedAt) =>
        isReminderTemplate(template)
          ? reminders.composeMail(template, recipient, at, queuedAt)
          : auth.composeMail(template, recipient, at),
    });
    try {
      worker.kick();
      await worker.idle();
    } finally {
      await worker.stop();
      transport.close();
    }
    const left = await findQueuedMail(this.database.db, id);
    if (!left) return { outcome: 'sent', transport: transport.kind };
    if (left.attempts > 0) return { outcome: 'failed', error: left.last_error ?? 'unknown error' };
    // A running server's worker took it first and is sending it.
    return { outcome: 'sending-elsewhere' };
  }

  private async account(email: string): Promise<AuthUser> {
    const user = await findUserByEmail(this.database.db, email);
    if (!user) throw new AdminError(`No account with the email address ${email}.`);
    return user;
  }
}
