import type { Kysely } from 'kysely';
import type { Logger } from '../logger';
import type { Database } from '../db/schema';
import type { MailTransport, OutgoingMail } from './transport';

const BATCH_SIZE = 10;
/** A claimed message is retried by any process once this lease has passed without it being marked sent. */
const CLAIM_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;
const POLL_INTERVAL_MS = 2_000;

/** Queues a message in the caller's transaction, so it exists exactly when the change that caused it does. */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, now: Date): Promise<void> {
  await db
    .insertInto('mail_queue')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: now.toISOString(),
      next_attempt_at: now.toISOString(),
      sent_at: null,
      last_error: null,
    })
    .execute();
}

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Sends queued mail, retrying with exponential backoff. Safe to run in every server process at once. */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly now: () => Date,
    private readonly onSent: (mail: OutgoingMail, file: string | undefined) => void = () => undefined,
  ) {}

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

  /** Waits for the pass in progress; used at shutdown and by tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
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
      const mail = { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body };
      try {
        const { file } = await this.transport.send(mail);
        await this.db
          .updateTable('mail_queue')
          .set({ sent_at: this.now().toISOString(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
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
