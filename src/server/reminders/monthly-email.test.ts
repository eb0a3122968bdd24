import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '../../shared/messages';
import { createApp, type JournalApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS, type DatabaseKind } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtp';

const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const ON = { enabled: true, time: '08:00', days: EVERY_DAY, timeZone: 'America/New_York' };
const SUBJECT = 'Your October in your Gratitude Journal';
/** Words written into the journal, a tag among them: none may ever be in an email. */
const SECRET_WORDS = ['Quillfeather', 'Marzipanorama', 'Lighthousekeeper', 'Grandmotherly', 'zanzibarique', 'Okonkwo'];

describe.each(DATABASE_KINDS)('the monthly look-back email setting on %s', (kind: DatabaseKind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(kind);
  });
  afterEach(async () => {
    await h.close();
  });

  it('is off at first, goes on with reminders for the first of next month at the reminder’s time, and stays as it was when left out', async () => {
    const { agent } = await signUpAndVerify(h);
    expect((await agent.get('/api/reminders')).json).toMatchObject({ monthlyEmail: false, monthlyAt: null });

    // The clock: Sunday 2026-03-15 12:00 UTC. 08:00 in New York on 1 April is 12:00 UTC (daylight saving time).
    const on = await agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ enabled: true, monthlyEmail: true, monthlyAt: '2026-04-01T12:00:00.000Z' });
    expect((await agent.get('/api/reminders')).json).toEqual(on.json);

    // Saved without it, it stays on; another time moves it.
    const later = await agent.put('/api/reminders', { ...ON, time: '21:30' });
    expect(later.json).toMatchObject({ monthlyEmail: true, monthlyAt: '2026-04-02T01:30:00.000Z' });

    // Reminders off: the choice is kept for next time, and nothing is due.
    const off = await agent.put('/api/reminders', { ...ON, enabled: false });
    expect(off.json).toMatchObject({ enabled: false, monthlyEmail: true, monthlyAt: null, nextAt: null });
    const again = await agent.put('/api/reminders', ON);
    expect(again.json).toMatchObject({ monthlyEmail: true, monthlyAt: '2026-04-01T12:00:00.000Z' });

    const noMore = await agent.put('/api/reminders', { ...ON, monthlyEmail: false });
    expect(noMore.json).toMatchObject({ enabled: true, monthlyEmail: false, monthlyAt: null });
  });

  it('refuses a value that is not true or false with a 400 and a message, and keeps nothing of it', async () => {
    const { agent } = await signUpAndVerify(h);
    await agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    for (const monthlyEmail of ['yes', 1, 0, null, {}, ['true']]) {
      const res = await agent.put('/api/reminders', { ...ON, monthlyEmail });
      expect(res.status, JSON.stringify(monthlyEmail)).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-reminder', message: REMINDER_MESSAGES.invalid });
    }
    // A name the settings do not take is refused too.
    expect((await agent.put('/api/reminders', { ...ON, monthlyEmails: false })).status).toBe(400);
    expect((await agent.get('/api/reminders')).json).toMatchObject({ monthlyEmail: true });
  });

  it('is the signed-in writer’s own: no session changes nothing, and nobody reaches another’s', async () => {
    const ada = await signUpAndVerify(h);
    const grace = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: true });

    expect((await h.agent().put('/api/reminders', { ...ON, monthlyEmail: false })).status).toBe(401);
    // Grace's saves change Grace's settings only, whatever she names.
    expect((await grace.agent.put('/api/reminders', { ...ON, monthlyEmail: false, userId: ada.userId })).status).toBe(400);
    expect((await grace.agent.put(`/api/reminders?userId=${ada.userId}`, { ...ON, monthlyEmail: false })).status).toBe(200);
    expect((await grace.agent.get('/api/reminders')).json).toMatchObject({ monthlyEmail: false });
    // A write from another site with Ada's session cookie is refused.
    expect((await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: false }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ monthlyEmail: true, monthlyAt: '2026-04-01T12:00:00.000Z' });
  });
});

describe.each(DATABASE_KINDS)('the monthly look-back email over SMTP on %s', { timeout: 120_000 }, (kind: DatabaseKind) => {
  let h: Harness;
  let smtp: TestSmtp;
  let processes: { journal: JournalApp; database: DatabaseHandle }[];
  beforeEach(async () => {
    h = await createHarness(kind);
    smtp = await startSmtp();
    processes = [];
  });
  afterEach(async () => {
    for (const process of processes) {
      await process.journal.close();
      await process.database.close();
    }
    await smtp.stop();
    await h.close();
  });

  /** Another server process on the same database and clock, sending over SMTP. */
  async function smtpProcess(): Promise<JournalApp> {
    const database = await openDatabase(h.config.database);
    const config = { ...h.config, mail: { ...h.config.mail, smtpUrl: `smtp://127.0.0.1:${smtp.port}` } };
    const journal = createApp({ config, database, logger: createLogger('silent'), now: h.clock.now });
    processes.push({ journal, database });
    return journal;
  }

  async function write(agent: Agent, at: string, localDate: string, words: string[]): Promise<void> {
    h.clock.set(at);
    const content = {
      gratitude: `${words[0] ?? ''} and the sea`,
      celebration: words[1] ?? '',
      manifestation: words[2] ?? '',
      mood: 4,
      tags: ['zanzibarique'],
    };
    const res = await agent.post('/api/entries', { content, localDate });
    expect(res.status, res.text).toBe(201);
  }

  const monthlyTo = (email: string) =>
    smtp.received.filter((mail) => mail.subject === SUBJECT && (Array.isArray(mail.to) ? '' : mail.to?.text) === email);

  it('comes once for the month, across two processes, with counts and a link and never a word the writer typed', async () => {
    h.clock.set('2026-10-04T14:00:00.000Z');
    const ada = await signUpAndVerify(h);
    const grace = await signUpAndVerify(h);
    const carol = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    await grace.agent.put('/api/reminders', { ...ON, monthlyEmail: false });
    await carol.agent.put('/api/reminders', { ...ON, monthlyEmail: true });

    // Ada: 5 entries on 4 days of October, the longest run 3 days (5 to 7). Grace writes too, without the email.
    // Carol writes nothing in October.
    await write(ada.agent, '2026-10-05T14:00:00.000Z', '2026-10-05', SECRET_WORDS.slice(0, 3));
    await write(ada.agent, '2026-10-06T14:00:00.000Z', '2026-10-06', SECRET_WORDS.slice(3, 5));
    await write(ada.agent, '2026-10-07T14:00:00.000Z', '2026-10-07', [SECRET_WORDS[5] ?? '']);
    await write(ada.agent, '2026-10-20T14:00:00.000Z', '2026-10-20', SECRET_WORDS.slice(1, 4));
    await write(ada.agent, '2026-10-20T18:00:00.000Z', '2026-10-20', SECRET_WORDS.slice(2, 6));
    await write(grace.agent, '2026-10-21T14:00:00.000Z', '2026-10-21', SECRET_WORDS.slice(0, 2));
    await h.journal.mailWorker.idle();

    // 08:00 on 1 November in New York is 13:00 UTC: daylight saving time ended that night.
    const settings = (await ada.agent.get('/api/reminders')).json;
    expect(settings).toMatchObject({ monthlyEmail: true, monthlyAt: '2026-11-01T13:00:00.000Z' });

    const a = await smtpProcess();
    const b = await smtpProcess();
    h.clock.set('2026-11-01T12:59:00.000Z');
    const early = await Promise.all([a.reminders.runDue(), b.reminders.runDue()]);
    expect(early.map((run) => run.monthly)).toEqual([0, 0]);

    h.clock.set('2026-11-01T13:00:05.000Z');
    const runs = await Promise.all([a.reminders.runDue(), b.reminders.runDue()]);
    expect(runs.reduce((sum, run) => sum + run.monthly, 0)).toBe(1);
    // Carol's month had no entry: passed over, no email.
    expect(runs.reduce((sum, run) => sum + run.monthlySkipped, 0)).toBe(1);
    // Both again later in the minute, and Ada saving her settings again that morning: nothing more this month.
    h.clock.set('2026-11-01T13:00:35.000Z');
    const again = await Promise.all([a.reminders.runDue(), b.reminders.runDue()]);
    expect(again.map((run) => run.monthly)).toEqual([0, 0]);
    const resaved = await ada.agent.put('/api/reminders', { ...ON, time: '09:00', monthlyEmail: true });
    expect(resaved.json).toMatchObject({ monthlyAt: '2026-12-01T14:00:00.000Z' });
    h.clock.set('2026-11-01T14:00:05.000Z');
    const later = await Promise.all([a.reminders.runDue(), b.reminders.runDue()]);
    expect(later.map((run) => run.monthly)).toEqual([0, 0]);
    await Promise.all([a.mailWorker.idle(), b.mailWorker.idle()]);

    expect(monthlyTo(ada.email)).toHaveLength(1);
    expect(monthlyTo(grace.email)).toHaveLength(0);
    expect(monthlyTo(carol.email)).toHaveLength(0);
    expect(smtp.received.filter((mail) => mail.subject === SUBJECT)).toHaveLength(1);

    const mail = monthlyTo(ada.email)[0] as ParsedMail;
    const text = mail.text ?? '';
    const html = mail.html || '';
    expect(text).toContain('Your October is ready to look back on in your Gratitude Journal.');
    expect(text).toContain('In October you wrote 5 entries on 4 days, and your longest streak was 3 days.');
    expect(text).toContain('See your October: http://localhost:3000/journal\n');
    expect(html).toContain('In October you wrote 5 entries on 4 days, and your longest streak was 3 days.');
    expect(html).toContain('href="http://localhost:3000/journal"');
    const everything = [mail.subject, text, html, ...mail.headerLines.map((line) => line.line)].join('\n').toLowerCase();
    for (const word of [...SECRET_WORDS, 'the sea']) expect(everything, word).not.toContain(word.toLowerCase());

    // Its links turn off this email alone: the daily reminder stays on.
    const page = /Stop the monthly emails: (\S+)/.exec(text)?.[1] ?? '';
    expect(page).toMatch(/^http:\/\/localhost:3000\/reminders\/unsubscribe\?token=[\w%.-]+&email=monthly$/);
    const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    const oneClick = /<(.+)>/.exec(header)?.[1] ?? '';
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=[\w%.-]+&email=monthly$/);
    const token = new URL(oneClick).searchParams.get('token') ?? '';
    // The same token without `email=monthly` is no reminder link: nothing changes.
    const asDaily = await h.journal.app.request(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect(asDaily.status).toBe(400);
    const res = await h.journal.app.request(new URL(oneClick).pathname + new URL(oneClick).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: true, monthlyEmail: false, monthlyAt: null });
  });

  it('is passed over when the server was down at its time, and the next month’s comes at its own', async () => {
    h.clock.set('2026-10-04T14:00:00.000Z');
    const ada = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    await write(ada.agent, '2026-10-05T14:00:00.000Z', '2026-10-05', SECRET_WORDS.slice(0, 3));
    await write(ada.agent, '2026-11-05T14:00:00.000Z', '2026-11-05', SECRET_WORDS.slice(3, 6));
    await h.journal.mailWorker.idle();

    const a = await smtpProcess();
    // An hour and a half after 08:00 on 1 November: too late for October's.
    h.clock.set('2026-11-01T14:30:00.000Z');
    expect(await a.reminders.runDue()).toMatchObject({ monthly: 0, monthlySkipped: 1 });
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ monthlyAt: '2026-12-01T13:00:00.000Z' });

    h.clock.set('2026-12-01T13:00:05.000Z');
    expect((await a.reminders.runDue()).monthly).toBe(1);
    await a.mailWorker.idle();
    expect(smtp.received.map((mail) => mail.subject).filter((subject) => subject?.startsWith('Your '))).toEqual([
      'Your November in your Gratitude Journal',
    ]);
    expect(smtp.received.find((mail) => mail.subject === 'Your November in your Gratitude Journal')?.text).toContain(
      'In November you wrote 1 entry on 1 day.',
    );
  });

  it('is not sent to a writer who turned it off, nor once the look back was dismissed', async () => {
    h.clock.set('2026-10-04T14:00:00.000Z');
    const ada = await signUpAndVerify(h);
    const grace = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    await grace.agent.put('/api/reminders', { ...ON, monthlyEmail: true });
    await write(ada.agent, '2026-10-05T14:00:00.000Z', '2026-10-05', SECRET_WORDS.slice(0, 3));
    await write(grace.agent, '2026-10-05T15:00:00.000Z', '2026-10-05', SECRET_WORDS.slice(0, 3));
    // Ada turns it off again; Grace will put the look back away before her mail server takes the email.
    await ada.agent.put('/api/reminders', { ...ON, monthlyEmail: false });
    await h.journal.mailWorker.idle();

    const a = await smtpProcess();
    h.clock.set('2026-11-01T12:30:00.000Z');
    expect((await grace.agent.post('/api/insights/month/dismiss', { month: '2026-10' })).status).toBe(204);
    h.clock.set('2026-11-01T13:00:05.000Z');
    // Queued for Grace, whose setting is on; dropped when it is written, as she has seen her October already.
    expect((await a.reminders.runDue()).monthly).toBe(1);
    await a.mailWorker.idle();
    expect(await h.database.db.selectFrom('mail_queue').select('id').where('template', '=', 'monthlyLookBack').execute()).toEqual([]);
    expect(smtp.received.filter((mail) => mail.subject === SUBJECT)).toHaveLength(0);
  });
});
