import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReminderSettingsInput } from '../../shared/reminder-schemas';
import { quoteForDay } from '../../shared/quotes';
import { createApp, type JournalApp } from '../app';
import { disableAccount } from '../auth/repository';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS, type DatabaseKind } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { startSmtp } from '../test/smtp';
import { dailyQuotes } from './quotes';
import { ReminderScheduler } from './scheduler';
import { ReminderService } from './service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SUBJECT = 'A moment for gratitude today';
const EVERY_DAY: ReminderSettingsInput['days'] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Written into a journal: no reminder may ever contain it. */
const SECRET_TEXT = 'The letter from my grandmother, read aloud at last';

interface Reminder {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header lines by lower-case name, unfolded. */
  headers: Map<string, string>;
}

function unfolded(mail: ParsedMail): Map<string, string> {
  return new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]));
}

/** Every reminder email in the outbox, oldest first. */
async function remindersIn(h: Harness): Promise<Reminder[]> {
  await h.journal.mailWorker.idle();
  let files: string[] = [];
  try {
    files = readdirSync(h.outboxDir).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    files = [];
  }
  const found: Reminder[] = [];
  for (const name of files) {
    const mail = await simpleParser(readFileSync(join(h.outboxDir, name)));
    if (mail.subject !== SUBJECT) continue;
    const to = Array.isArray(mail.to) ? '' : (mail.to?.text ?? '');
    found.push({ to, subject: mail.subject, text: mail.text ?? '', html: mail.html || '', headers: unfolded(mail) });
  }
  return found;
}

describe.each(DATABASE_KINDS)('reminder emails on %s', { timeout: 120_000 }, (kind: DatabaseKind) => {
  let h: Harness;
  let others: { journal: JournalApp; database: DatabaseHandle }[];
  beforeEach(async () => {
    h = await createHarness(kind);
    // Sunday 2026-03-15, 07:00 in New York: an hour before the 08:00 reminders most tests set.
    h.clock.set('2026-03-15T11:00:00.000Z');
    others = [];
  });
  afterEach(async () => {
    for (const other of others) {
      await other.journal.close();
      await other.database.close();
    }
    await h.close();
  });

  /** Another server process on the same database, with the same settings and clock. */
  async function anotherProcess(): Promise<{ journal: JournalApp; database: DatabaseHandle }> {
    const database = await openDatabase(h.config.database);
    const journal = createApp({ config: h.config, database, logger: createLogger('silent'), now: h.clock.now });
    const other = { journal, database };
    others.push(other);
    return other;
  }

  async function person(settings: Partial<ReminderSettingsInput> = {}) {
    const signedUp = await signUpAndVerify(h);
    const res = await signedUp.agent.put('/api/reminders', {
      enabled: true,
      time: '08:00',
      days: EVERY_DAY,
      timeZone: 'America/New_York',
      ...settings,
    });
    expect(res.status).toBe(200);
    return signedUp;
  }

  const mailsTo = async (email: string) => (await remindersIn(h)).filter((mail) => mail.to === email);

  /** Checks that the person's next reminder comes at `moment` and not a minute before, then sends it. */
  async function expectReminderAt(email: string, moment: string): Promise<void> {
    const before = (await mailsTo(email)).length;
    h.clock.set(new Date(Date.parse(moment) - MINUTE));
    await h.journal.reminders.runDue();
    expect(await mailsTo(email), `nothing before ${moment}`).toHaveLength(before);
    h.clock.set(new Date(Date.parse(moment) + 5_000));
    await h.journal.reminders.runDue();
    expect(await mailsTo(email), `one at ${moment}`).toHaveLength(before + 1);
  }

  async function write(agent: Agent, localDate: string): Promise<void> {
    const content = { gratitude: SECRET_TEXT, celebration: '', manifestation: '' };
    expect((await agent.post('/api/entries', { content, localDate })).status).toBe(201);
  }

  it('sends one warm nudge at the person’s time, with the day’s quote, a link to today’s form and a one-click unsubscribe', async () => {
    // 08:00 in New York is 12:00 UTC.
    const { agent, email } = await person();
    await write(agent, '2026-03-14');
    await expectReminderAt(email, '2026-03-15T12:00:00.000Z');

    const [mail] = await mailsTo(email);
    const quote = quoteForDay(dailyQuotes(), '2026-03-15');
    expect(mail?.text).toContain(quote.quote);
    expect(mail?.text).toContain(quote.author);
    expect(mail?.html).toContain('A moment for gratitude');
    expect(mail?.text).toContain('Write today’s entry: http://localhost:3000/journal/new\n');
    const page = /Unsubscribe from reminders: (http:\/\/localhost:3000\/reminders\/unsubscribe\?token=\S+)/.exec(mail?.text ?? '')?.[1];
    expect(page).toBeDefined();
    const token = new URL(page ?? '').searchParams.get('token');
    expect(mail?.headers.get('list-unsubscribe')).toBe(
      `<http://localhost:3000/api/reminders/unsubscribe?token=${encodeURIComponent(token ?? '')}>`,
    );
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Our words and our quote only: nothing the person wrote, not even their name.
    expect(`${mail?.text} ${mail?.html}`).not.toContain('grandmother');
    expect(`${mail?.text} ${mail?.html}`).not.toContain('Test User');

    // Once a day, however often the scheduler looks, and after a change of time later that day too.
    for (const later of [MINUTE, 10 * MINUTE, 5 * HOUR]) {
      h.clock.set(new Date(Date.parse('2026-03-15T12:00:00.000Z') + later));
      await h.journal.reminders.runDue();
    }
    expect((await agent.put('/api/reminders', { enabled: true, time: '20:00', days: EVERY_DAY, timeZone: 'America/New_York' })).json).toMatchObject({
      nextAt: '2026-03-17T00:00:00.000Z',
    });
    h.clock.set('2026-03-16T00:00:30.000Z');
    await h.journal.reminders.runDue();
    expect(await mailsTo(email)).toHaveLength(1);
    await expectReminderAt(email, '2026-03-17T00:00:00.000Z');
    // A new day's email carries that day's quote.
    const [, second] = await mailsTo(email);
    expect(second?.text).toContain(quoteForDay(dailyQuotes(), '2026-03-16').quote);
  });

  it('stays at 08:00 on the person’s clock across New York’s March and November changes', async () => {
    // EST (UTC-5) until Sunday 2026-03-08, EDT (UTC-4) after.
    h.clock.set('2026-03-05T14:00:00.000Z');
    const { email } = await person();
    await expectReminderAt(email, '2026-03-06T13:00:00.000Z');
    await expectReminderAt(email, '2026-03-07T13:00:00.000Z');
    await expectReminderAt(email, '2026-03-08T12:00:00.000Z');
    await expectReminderAt(email, '2026-03-09T12:00:00.000Z');
    // Back to EST on Sunday 2026-11-01. Months later: the reminder due meanwhile is long past, and skipped.
    h.clock.set('2026-10-30T14:00:00.000Z');
    await h.journal.reminders.runDue();
    await expectReminderAt(email, '2026-10-31T12:00:00.000Z');
    await expectReminderAt(email, '2026-11-01T13:00:00.000Z');
    await expectReminderAt(email, '2026-11-02T13:00:00.000Z');
  });

  it('keeps a time inside the skipped hour once on the day of the spring change, and half-hour zones exact', async () => {
    h.clock.set('2026-03-06T12:00:00.000Z');
    const early = await person({ time: '02:30' });
    await expectReminderAt(early.email, '2026-03-07T07:30:00.000Z');
    // 02:30 does not happen on 2026-03-08: the reminder comes at 03:30 EDT, once.
    await expectReminderAt(early.email, '2026-03-08T07:30:00.000Z');
    await expectReminderAt(early.email, '2026-03-09T06:30:00.000Z');

    h.clock.set('2026-03-15T12:00:00.000Z');
    const kolkata = await person({ time: '21:00', timeZone: 'Asia/Kolkata' });
    await expectReminderAt(kolkata.email, '2026-03-15T15:30:00.000Z');
    // Adelaide leaves daylight saving (+10:30) for +9:30 on Sunday 2026-04-05.
    h.clock.set('2026-04-03T00:00:00.000Z');
    const adelaide = await person({ time: '20:00', timeZone: 'Australia/Adelaide' });
    await expectReminderAt(adelaide.email, '2026-04-03T09:30:00.000Z');
    await expectReminderAt(adelaide.email, '2026-04-04T09:30:00.000Z');
    await expectReminderAt(adelaide.email, '2026-04-05T10:30:00.000Z');
  });

  it('sends nothing on a day the person has written, as their own calendar counts days', async () => {
    // At 2026-03-15T12:00Z it is already Monday the 16th, 01:00, in Kiritimati (UTC+14); the reminder is at 08:00.
    h.clock.set('2026-03-15T11:00:00.000Z');
    const wrote = await person({ timeZone: 'Pacific/Kiritimati' });
    const wroteUtcDay = await person({ timeZone: 'Pacific/Kiritimati' });
    await write(wrote.agent, '2026-03-16');
    // Their yesterday, though it is the server's today: not today's entry for them.
    await write(wroteUtcDay.agent, '2026-03-15');
    h.clock.set('2026-03-15T18:00:10.000Z');
    await h.journal.reminders.runDue();
    expect(await mailsTo(wrote.email)).toEqual([]);
    expect(await mailsTo(wroteUtcDay.email)).toHaveLength(1);
    // The skip is for that day only.
    await expectReminderAt(wrote.email, '2026-03-16T18:00:00.000Z');

    // Written after the reminder was queued but before it could be sent: it is not sent.
    const late = await person({ timeZone: 'America/New_York' });
    h.clock.set('2026-03-17T12:00:05.000Z');
    const paused = new ReminderScheduler({ database: h.database, logger: createLogger('silent'), now: h.clock.now, mailQueued: () => undefined });
    expect((await paused.runDue()).queued).toBeGreaterThan(0);
    await write(late.agent, '2026-03-17');
    h.journal.mailWorker.kick();
    expect(await mailsTo(late.email)).toEqual([]);
  });

  it('comes only on the chosen days of the week', async () => {
    // 09:00 in New York, on Monday, Wednesday and Friday.
    const { email } = await person({ time: '09:00', days: ['mon', 'wed', 'fri'] });
    const sentOn: string[] = [];
    for (let day = 15; day <= 28; day += 1) {
      h.clock.set(`2026-03-${day}T13:00:30.000Z`);
      const before = (await mailsTo(email)).length;
      await h.journal.reminders.runDue();
      if ((await mailsTo(email)).length > before) sentOn.push(new Date(`2026-03-${day}T00:00:00Z`).toUTCString().slice(0, 3));
    }
    expect(sentOn).toEqual(['Mon', 'Wed', 'Fri', 'Mon', 'Wed', 'Fri']);
  });

  it('stops after the one-click unsubscribe, and again after the page’s, for that person only', async () => {
    const ada = await person();
    const grace = await person();
    await expectReminderAt(ada.email, '2026-03-15T12:00:00.000Z');
    const [mail] = await mailsTo(ada.email);
    const oneClick = /<(.+)>/.exec(mail?.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    // What a mail program sends (RFC 8058): a POST with this body, no cookie, no Origin.
    const res = await h.journal.app.request(new URL(oneClick).pathname + new URL(oneClick).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await h.journal.reminders.runDue();
    h.clock.set('2026-03-16T12:00:10.000Z');
    await h.journal.reminders.runDue();
    expect(await mailsTo(ada.email)).toHaveLength(1);
    expect(await mailsTo(grace.email)).toHaveLength(2);

    // Turned on again: a new email; the page's link in it, confirmed with its button, turns them off again.
    await ada.agent.put('/api/reminders', { enabled: true, time: '08:00', days: EVERY_DAY, timeZone: 'America/New_York' });
    await expectReminderAt(ada.email, '2026-03-17T12:00:00.000Z');
    const latest = (await mailsTo(ada.email)).at(-1);
    const page = new URL(/Unsubscribe from reminders: (\S+)/.exec(latest?.text ?? '')?.[1] ?? '');
    expect(page.pathname).toBe('/reminders/unsubscribe');
    const confirm = await h.agent().post(`/api/reminders/unsubscribe?token=${encodeURIComponent(page.searchParams.get('token') ?? '')}`);
    expect(confirm.status).toBe(200);
    h.clock.set('2026-03-18T12:00:10.000Z');
    await h.journal.reminders.runDue();
    expect(await mailsTo(ada.email)).toHaveLength(2);
    expect(await mailsTo(grace.email)).toHaveLength(4);
  });

  it('queues each reminder once when two processes look at the same moment', async () => {
    const b = await anotherProcess();
    const people = [];
    for (let n = 0; n < 6; n += 1) people.push(await person());
    // Many more, straight into the database: more than one transaction's worth for the two processes to share.
    const service = new ReminderService({ config: h.config, database: h.database, now: h.clock.now });
    const now = h.clock.now().toISOString();
    const many = Array.from({ length: 520 }, (_, n) => {
      const id = randomUUID();
      return { id, email: `many${n}-${id.slice(0, 8)}@example.com` };
    });
    await h.database.db
      .insertInto('user')
      .values(many.map(({ id, email }) => ({ id, name: 'Many', email, emailVerified: kind === 'postgres' ? true : 1, image: null, createdAt: now, updatedAt: now })))
      .execute();
    await h.database.db
      .insertInto('profile')
      .values(many.map(({ id, email }) => ({ uid: id, email, display_name: 'Many', created_at: now, show_memory_section: 0, theme: null })))
      .execute();
    const settings = { enabled: true, time: '08:00', days: EVERY_DAY, timeZone: 'America/New_York' };
    for (let at = 0; at < many.length; at += 50) {
      await Promise.all(many.slice(at, at + 50).map(({ id }) => service.save(id, settings)));
    }
    const extra = many.map(({ email }) => email);
    h.clock.set('2026-03-15T12:00:05.000Z');
    const [first, second] = await Promise.all([h.journal.reminders.runDue(), b.journal.reminders.runDue()]);
    expect((first?.queued ?? 0) + (second?.queued ?? 0)).toBe(526);
    // Both again, a little later in the same minute: nothing more.
    h.clock.set('2026-03-15T12:00:35.000Z');
    const again = await Promise.all([h.journal.reminders.runDue(), b.journal.reminders.runDue()]);
    expect(again.map((run) => run.queued)).toEqual([0, 0]);

    await b.journal.mailWorker.idle();
    const mails = await remindersIn(h);
    const counts = new Map<string, number>();
    for (const mail of mails) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
    for (const address of [...people.map((p) => p.email), ...extra]) expect(counts.get(address), address).toBe(1);
    expect(mails).toHaveLength(526);
  });

  it('sends a reminder once across a restart in its minute, and the email a stopped process queued', async () => {
    const { email } = await person();
    // The first process claims and queues the reminder, then stops before its mail worker sends anything.
    h.clock.set('2026-03-15T12:00:02.000Z');
    const stopping = new ReminderScheduler({ database: h.database, logger: createLogger('silent'), now: h.clock.now, mailQueued: () => undefined });
    expect((await stopping.runDue()).queued).toBe(1);
    await stopping.stop();
    // The process that starts in its place, the same minute, finds nothing due; its mail worker sends the email.
    const restarted = await anotherProcess();
    h.clock.set('2026-03-15T12:00:40.000Z');
    expect((await restarted.journal.reminders.runDue()).queued).toBe(0);
    restarted.journal.mailWorker.kick();
    await restarted.journal.mailWorker.idle();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('skips a reminder more than an hour late, after downtime, and never sends the missed ones', async () => {
    const onTime = await person();
    const down = await person();
    await expectReminderAt(onTime.email, '2026-03-15T12:00:00.000Z');
    // 59 minutes late still goes.
    h.clock.set('2026-03-16T12:59:00.000Z');
    await h.journal.reminders.runDue();
    expect(await mailsTo(onTime.email)).toHaveLength(2);
    expect(await mailsTo(down.email)).toHaveLength(2);

    // The server is down from before Tuesday's time until Friday afternoon: 61 minutes late and more.
    h.clock.set('2026-03-20T13:01:00.000Z');
    const run = await h.journal.reminders.runDue();
    expect(run).toMatchObject({ queued: 0, late: 2 });
    expect(await mailsTo(down.email)).toHaveLength(2);
    // The next one comes at its time.
    await expectReminderAt(down.email, '2026-03-21T12:00:00.000Z');
    expect(await mailsTo(onTime.email)).toHaveLength(3);
  });

  it('never sends a reminder for a day that is over: found after midnight, or waiting while the mail server was down', async () => {
    // 23:30 in New York is 03:30 UTC the next day.
    const night = await person({ time: '23:30' });
    // Found 40 minutes late, at 00:10: within the hour, but its day is over.
    h.clock.set('2026-03-16T04:10:00.000Z');
    expect(await h.journal.reminders.runDue()).toMatchObject({ queued: 0, late: 1 });
    expect(await mailsTo(night.email)).toEqual([]);

    // Queued on Monday while mail cannot go out (nothing sends it), queued again on Tuesday: only Tuesday's arrives.
    const morning = await person();
    const stuck = new ReminderScheduler({ database: h.database, logger: createLogger('silent'), now: h.clock.now, mailQueued: () => undefined });
    h.clock.set('2026-03-16T12:00:05.000Z');
    expect((await stuck.runDue()).queued).toBe(1);
    h.clock.set('2026-03-17T12:00:05.000Z');
    expect((await stuck.runDue()).queued).toBe(1);
    h.journal.mailWorker.kick();
    const arrived = await mailsTo(morning.email);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.text).toContain(quoteForDay(dailyQuotes(), '2026-03-17').quote);
    expect(await h.database.db.selectFrom('mail_queue').selectAll().where('recipient', '=', morning.email).execute()).toEqual([]);
  });

  it('sends nothing to a disabled account or an unverified address', async () => {
    const disabled = await person();
    const disabledLater = await person();
    const active = await person();
    expect(await disableAccount(h.database.db, disabled.userId, h.clock.now())).toBe(true);
    // An address that is not verified (reminders are set before it is, straight in the database).
    const unverified = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    expect((await h.agent().post('/api/auth/sign-up', { name: 'Una', email: unverified, password: 'Grateful#2026' })).status).toBe(201);
    const unverifiedId = (await h.database.db.selectFrom('user').select('id').where('email', '=', unverified).executeTakeFirstOrThrow()).id;
    await new ReminderService({ config: h.config, database: h.database, now: h.clock.now }).save(unverifiedId, {
      enabled: true,
      time: '08:00',
      days: EVERY_DAY,
      timeZone: 'America/New_York',
    });

    // Disabled after the reminder was queued, before it was sent: not sent either.
    h.clock.set('2026-03-15T12:00:05.000Z');
    const queued = await new ReminderScheduler({ database: h.database, logger: createLogger('silent'), now: h.clock.now, mailQueued: () => undefined }).runDue();
    expect(queued).toMatchObject({ queued: 2, inactive: 2 });
    await disableAccount(h.database.db, disabledLater.userId, h.clock.now());
    h.journal.mailWorker.kick();

    expect(await mailsTo(active.email)).toHaveLength(1);
    expect(await mailsTo(disabled.email)).toEqual([]);
    expect(await mailsTo(disabledLater.email)).toEqual([]);
    expect(await mailsTo(unverified)).toEqual([]);
  });

  it('keeps a reminder while the mail server is down and delivers it, headers and all, when it is back', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    // A process sending over SMTP, on the same database; the reminder's person is set up through the harness.
    const { email } = await person();
    const database = await openDatabase(h.config.database);
    const config = { ...h.config, mail: { ...h.config.mail, smtpUrl: `smtp://127.0.0.1:${port}` } };
    const journal = createApp({ config, database, logger: createLogger('silent'), now: h.clock.now });
    others.push({ journal, database });

    h.clock.set('2026-03-15T12:00:05.000Z');
    expect((await journal.reminders.runDue()).queued).toBe(1);
    await journal.mailWorker.idle();
    const waiting = await database.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ template: 'reminder', attempts: 1, text_body: '', html_body: '' });

    const smtp = await startSmtp(port);
    try {
      h.clock.set('2026-03-15T12:20:00.000Z');
      journal.mailWorker.kick();
      await journal.mailWorker.idle();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.subject).toBe(SUBJECT);
      const headers = unfolded(mail as ParsedMail);
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headers.get('list-unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=[\w%.-]+>$/);
      expect(await database.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).execute()).toEqual([]);
    } finally {
      await smtp.stop();
    }
  });
});
