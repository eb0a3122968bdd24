import type { Kysely } from 'kysely';
import type { Logger } from '../logger';
import type { Database, MailTemplate } from '../db/schema';
import type { MailTransport, OutgoingMail } from './transport';

const BATCH_SIZE = 10;
/** A claimed message is retried by any process once this lease has passed without it being marked sent. */
const CLAIM_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;
const POLL_INTERVAL_MS = 2_000;

/**
 * Queues an email with a link as its template and address only, in the caller's transaction. The worker asks the
 * composer for the message, link included, just before it sends it: the link is never stored, and the composer
 * may decide then that there is nothing to send (no such account, or already verified). Returns the row's id.
 */
export async function enqueueTemplate(
  db: Kysely<Database>,
  template: MailTemplate,
  recipient: string,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('mail_queue')
    .values({
      recipient,
      subject: '',
      text_body: '',
      html_body: '',
      created_at: now.toISOString(),
      next_attempt_at: now.toISOString(),
      sent_at: null,
      last_error: null,
      template,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes the email a template stands for, or null when there is none to send. `queuedAt` is when it was queued: a
 * reminder queued on a day that is over is not sent.
 */
export type MailComposer = (
  template: MailTemplate,
  recipient: string,
  now: Date,
  queuedAt: Date,
) => Promise<OutgoingMail | null>;

export interface MailWorkerDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  logger: Logger;
  now: () => Date;
  compose: MailComposer;
  /** Told of every email sent; the development console prints its link. */
  onSent?: (mail: OutgoingMail, file: string | undefined) => void;
}

function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Sends queued mail, retrying with exponential backoff. Safe to run in every server process at once. */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private soon: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  private readonly db: Kysely<Database>;
  private readonly transport: MailTransport;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly compose: MailComposer;
  private readonly onSent: (mail: OutgoingMail, file: string | undefined) => void;

  constructor(deps: MailWorkerDeps) {
    this.db = deps.db;
    this.transport = deps.transport;
    this.logger = deps.logger;
    this.now = deps.now;
    this.compose = deps.compose;
    this.onSent = deps.onSent ?? (() => undefined);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /**
   * Runs a pass once the current request has answered. A request that queues mail does not wait for it, and
   * what sending costs (composing, a database read, the transport) never adds to that request's time: a request
   * for an address with an account takes as long as one for an address without.
   */
  kickSoon(): void {
    if (this.soon) return;
    this.soon = new Promise((resolve) =>
      setImmediate(() => {
        this.soon = undefined;
        this.kick();
        resolve();
      }),
    );
  }

  /** Waits for the pass in progress, and one about to start; used at shutdown and by tests. */
  async idle(): Promise<void> {
    while (this.soon || this.running) await (this.soon ?? this.running);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const sent = await this.sendDueBatch();
        if (sent < BATCH_SIZE || this.stopped) return;
      }
    } catch (error) {
      this.logger.error('mail.queue_failed', { error: errorName(error) });
    }
  }

  private async sendDueBatch(): Promise<number> {
    const now = this.now();
    const due = await this.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();
    for (const row of due) {
      const claimed = await this.db
        .updateTable('mail_queue')
        .set({ next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
        .where('id', '=', row.id)
        .where('next_attempt_at', '=', row.next_attempt_at)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      try {
        const mail = row.template
          ? await this.compose(row.template, row.recipient, now, new Date(row.created_at))
          : { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body };
        // A sent email is deleted at once: its body held a link, and nothing reads it again.
        if (!mail) {
          await this.db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
          continue;
        }
        const { file } = await this.transport.send(mail);
        await this.db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
        this.logger.info('mail.sent', { mailId: row.id, transport: this.transport.kind });
        this.onSent(mail, file);
      } catch (error) {
        const attempts = row.attempts + 1;
        await this.db
          .updateTable('mail_queue')
          .set({
            attempts,
            last_error: errorName(error),
            next_attempt_at: new Date(this.now().getTime() + backoffMs(attempts)).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        this.logger.warn('mail.send_failed', { mailId: row.id, attempts, error: errorName(error) });
      }
    }
    return due.length;
  }
}

function errorName(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'unknown error';
}
