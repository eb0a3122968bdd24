import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, STRONG_PASSWORD, uniqueEmail } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { MailWorker } from './queue';
import { createTransport, type MailTransport } from './transport';

/** The lease a worker holds on an email it is sending (queue.ts), and a little more. */
const PAST_THE_LEASE_MS = 61_000;

/** Waits, a few milliseconds at a time, until `condition` holds; false if it still does not after 10 s. */
async function until(condition: () => boolean | Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); !(await condition()); ) {
    if (Date.now() - started > 10_000) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe.each(DATABASE_KINDS)('the mail queue across processes, on %s', (kind) => {
  let h: Harness;
  let smtp: TestSmtp;
  const opened: { worker: MailWorker; database: DatabaseHandle; transport: MailTransport }[] = [];

  beforeEach(async () => {
    smtp = await startSmtp();
    h = await createHarness(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Journal <hello@journal.test>' });
    // The app's own worker stays out of it: these tests run workers of their own, each as another process would.
    await h.journal.mailWorker.stop();
  });

  afterEach(async () => {
    smtp.release();
    for (const { worker, database, transport } of opened.splice(0)) {
      await worker.stop();
      transport.close();
      await database.close().catch(() => undefined);
    }
    await h.close();
    await smtp.stop();
  });

  /**
   * A mail worker as another server process runs it: its own database connection and its own SMTP transport, the
   * same clock. `afterSend` runs once the SMTP server has accepted an email, before the worker goes on.
   */
  async function processWorker(afterSend?: (database: DatabaseHandle) => Promise<void>) {
    const database = await openDatabase(h.config.database);
    const smtpTransport = createTransport(h.config.mail);
    const transport: MailTransport = {
      kind: smtpTransport.kind,
      close: () => smtpTransport.close(),
      async send(mail) {
        const sent = await smtpTransport.send(mail);
        await afterSend?.(database);
        return sent;
      },
    };
    const worker = new MailWorker({
      db: database.db,
      transport,
      logger: createLogger('debug', (line) => h.logLines.push(line)),
      now: h.clock.now,
      compose: (template, recipient, at) =>
        template === 'reminder' || template === 'monthlyLookBack' ? Promise.resolve(null) : h.journal.auth.composeMail(template, recipient, at),
      renewEveryMs: 20,
    });
    opened.push({ worker, database, transport });
    return worker;
  }

  /** A process that dies the moment the SMTP server has accepted an email: nothing it would write next is written. */
  const crashingWorker = () => processWorker((database) => database.close());

  async function signUp(): Promise<string> {
    const email = uniqueEmail('queue');
    expect((await h.agent().post('/api/auth/sign-up', { name: 'Quinn', email, password: STRONG_PASSWORD })).status).toBe(201);
    return email;
  }

  const deliveredTo = (email: string) =>
    smtp.received.filter((mail) => (Array.isArray(mail.to) ? undefined : mail.to?.text) === email);
  const queued = () => h.database.db.selectFrom('mail_queue').selectAll().execute();

  it('keeps an email being sent to a slow SMTP server from a second process, however long it takes', async () => {
    const email = await signUp();
    const first = await processWorker();
    const second = await processWorker();
    smtp.hold();
    first.kick();
    expect(await until(() => smtp.arrived === 1)).toBe(true);

    // Long past the lease of the first process's claim: it renews it while the SMTP server takes its time, so the
    // second process, looking once it has (or after 10 s), finds nothing to send.
    h.clock.advance(PAST_THE_LEASE_MS);
    await until(async () => (await queued()).every((row) => row.next_attempt_at > h.clock.now().toISOString()));
    second.kick();
    await second.idle();
    expect(smtp.arrived).toBe(1);

    smtp.release();
    await first.idle();
    expect(deliveredTo(email)).toHaveLength(1);
    expect(await queued()).toEqual([]);
    h.clock.advance(PAST_THE_LEASE_MS);
    second.kick();
    await second.idle();
    expect(deliveredTo(email)).toHaveLength(1);
  });

  it('sends an email once more, with the same Message-ID, after a process died between the send and its record', async () => {
    const email = await signUp();
    const dying = await crashingWorker();
    dying.kick();
    await dying.idle();
    expect(deliveredTo(email)).toHaveLength(1);
    // The row is still there, marked as being sent: this process can tell that a send may have happened.
    const [left] = await queued();
    expect(left?.sending_at).not.toBeNull();

    const survivor = await processWorker();
    survivor.kick();
    await survivor.idle();
    // Not while the dead process's claim lasts.
    expect(deliveredTo(email)).toHaveLength(1);
    h.clock.advance(PAST_THE_LEASE_MS);
    survivor.kick();
    await survivor.idle();

    const [original, again] = deliveredTo(email);
    expect(again?.messageId).toMatch(/^<[\w-]+@journal\.test>$/);
    expect(again?.messageId).toBe(original?.messageId);
    expect(again?.subject).toBe('Verify your email for Gratitude Journal');
    expect(await queued()).toEqual([]);
  });

  it('gives an email up when its one more try is interrupted too', async () => {
    const email = await signUp();
    for (let crash = 1; crash <= 2; crash += 1) {
      const dying = await crashingWorker();
      dying.kick();
      await dying.idle();
      h.clock.advance(PAST_THE_LEASE_MS);
    }
    const survivor = await processWorker();
    survivor.kick();
    await survivor.idle();

    const delivered = deliveredTo(email);
    expect(delivered).toHaveLength(2);
    expect(new Set(delivered.map((mail) => mail.messageId)).size).toBe(1);
    expect(await queued()).toEqual([]);
    const abandoned = h.logLines.map((line) => JSON.parse(line) as { event: string }).filter((line) => line.event === 'mail.abandoned');
    expect(abandoned).toHaveLength(1);
    expect(JSON.stringify(abandoned)).not.toContain(email);
  });

  it('keeps the Message-ID across retries after the SMTP server refused, and a new one for each email', async () => {
    const email = await signUp();
    await smtp.stop();
    const worker = await processWorker();
    worker.kick();
    await worker.idle();
    const [failed] = await queued();
    expect(failed?.attempts).toBe(1);
    expect(failed?.sending_at).toBeNull();

    smtp = await startSmtp(smtp.port);
    h.clock.advance(PAST_THE_LEASE_MS);
    worker.kick();
    await worker.idle();
    const other = await signUp();
    worker.kick();
    await worker.idle();
    const [mine] = deliveredTo(email);
    const [theirs] = deliveredTo(other);
    expect(mine?.messageId).toBe(`<${failed?.message_id}@journal.test>`);
    expect(theirs?.messageId).not.toBe(mine?.messageId);
  });
});
