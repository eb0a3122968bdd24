import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from '../logger';
import type { Database, MailQueueTable, MailTemplate } from '../db/schema';
import type { MailTransport, OutgoingMail } from './transport';

const BATCH_SIZE = 10;
/**
 * A claimed message is retried by any process once this lease has passed without it being deleted. The worker
 * renews it while the transport has the message (a slow SMTP server), so only a process that stopped lets it lapse.
 */
const CLAIM_LEASE_MS = 60_000;
const RENEW_EVERY_MS = CLAIM_LEASE_MS / 4;
/**
 * Sends of one email whose outcome was never recorded (the process stopped after handing it to the transport) that it
 * may have: the first, and one more try with the same Message-ID. Then it is given up.
 */
const MAX_INTERRUPTED_SENDS = 2;
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
      message_id: randomUUID(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A queued email's tries so far and its last error; undefined once it is sent (a sent row is deleted). */
export function findQueuedMail(db: Kysely<Database>, id: number) {
  return db.selectFrom('mail_queue').select(['attempts', 'last_error']).where('id', '=', id).executeTakeFirst();
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
  /** How often the claim on an email being sent is renewed; a quarter of the lease unless a test says otherwise. */
  renewEveryMs?: number;
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
  private readonly renewEveryMs: number;

  constructor(deps: MailWorkerDeps) {
    this.db = deps.db;
    this.transport = deps.transport;
    this.logger = deps.logger;
    this.now = deps.now;
    this.compose = deps.compose;
    this.onSent = deps.onSent ?? (() => undefined);
    this.renewEveryMs = deps.renewEveryMs ?? RENEW_EVERY_MS;
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
      const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
      const claimed = await this.db
        .updateTable('mail_queue')
        .set({ next_attempt_at: lease })
        .where('id', '=', row.id)
        .where('next_attempt_at', '=', row.next_attempt_at)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      await this.sendClaimed(row, now, lease);
    }
    return due.length;
  }

  /**
   * Sends one email this process has claimed until `lease`. The row is marked (`sending_at`) before the transport
   * has the email and deleted once it has taken it, and its claim is renewed in between: so another process takes
   * it over only after this one stopped, and then knows, from the mark, that the email may have gone. It tries once
   * more, with the same Message-ID (receiving servers and mail programs can tell the copy), and gives up on an email
   * whose one more try was interrupted too. A failure the transport reports is no such case: the server did not take
   * the email, and it is tried again later with backoff.
   */
  private async sendClaimed(row: Selectable<MailQueueTable>, now: Date, lease: string): Promise<void> {
    const interrupted = row.sending_at !== null;
    const interruptedSends = row.interrupted_sends + (interrupted ? 1 : 0);
    if (interrupted) this.logger.warn('mail.send_interrupted', { mailId: row.id, interruptedSends });
    if (interruptedSends >= MAX_INTERRUPTED_SENDS) {
      await this.db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
      this.logger.error('mail.abandoned', { mailId: row.id, template: row.template, interruptedSends });
      return;
    }
    const claim = { lease };
    let mail: OutgoingMail | null;
    try {
      mail = row.template
        ? await this.compose(row.template, row.recipient, now, new Date(row.created_at))
        : { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body };
    } catch (error) {
      await this.recordFailure(row, claim.lease, error);
      return;
    }
    // A sent email is deleted at once: its body held a link, and nothing reads it again.
    if (!mail) {
      await this.db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
      return;
    }
    const messageId = row.message_id ?? randomUUID();
    const marked = await this.db
      .updateTable('mail_queue')
      .set({ sending_at: this.now().toISOString(), message_id: messageId, interrupted_sends: interruptedSends })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', claim.lease)
      .executeTakeFirst();
    if (marked.numUpdatedRows !== 1n) return;

    let renewing = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(() => this.renewClaim(row.id, claim));
    }, this.renewEveryMs);
    timer.unref();
    let file: string | undefined;
    try {
      ({ file } = await this.transport.send({ ...mail, messageId }));
    } catch (error) {
      clearInterval(timer);
      await renewing;
      await this.recordFailure(row, claim.lease, error);
      return;
    } finally {
      clearInterval(timer);
    }
    await renewing;
    // Should this fail (the database gone), the row stays marked: whoever takes it up knows the email may have gone.
    await this.db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
    this.logger.info('mail.sent', { mailId: row.id, transport: this.transport.kind });
    this.onSent(mail, file);
  }

  /** Moves the claim on a row being sent on by a lease, as long as it is still this process's own. */
  private async renewClaim(id: number, claim: { lease: string }): Promise<void> {
    const lease = new Date(this.now().getTime() + CLAIM_LEASE_MS).toISOString();
    try {
      const renewed = await this.db
        .updateTable('mail_queue')
        .set({ next_attempt_at: lease })
        .where('id', '=', id)
        .where('next_attempt_at', '=', claim.lease)
        .executeTakeFirst();
      if (renewed.numUpdatedRows === 1n) claim.lease = lease;
      else this.logger.warn('mail.claim_lost', { mailId: id });
    } catch (error) {
      this.logger.warn('mail.claim_renewal_failed', { mailId: id, error: errorName(error) });
    }
  }

  /** A send that failed: tried again after a backoff, with the mark cleared, as the transport did not take it. */
  private async recordFailure(row: Selectable<MailQueueTable>, lease: string, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    await this.db
      .updateTable('mail_queue')
      .set({
        attempts,
        sending_at: null,
        last_error: errorName(error),
        next_attempt_at: new Date(this.now().getTime() + backoffMs(attempts)).toISOString(),
      })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', lease)
      .execute();
    this.logger.warn('mail.send_failed', { mailId: row.id, attempts, error: errorName(error) });
  }
}

function errorName(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'unknown error';
}
