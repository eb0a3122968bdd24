import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '../../shared/messages';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD } from '../test/harness';
import { unsubscribeToken } from './unsubscribe-token';

const ON = { enabled: true, time: '08:00', days: ['mon', 'wed', 'fri'], timeZone: 'America/New_York' };

describe.each(DATABASE_KINDS)('reminder settings on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('are off at first, and keep what the person saves, with the next reminder in their zone', async () => {
    const { agent } = await signUpAndVerify(h);
    expect((await agent.get('/api/reminders')).json).toEqual({
      enabled: false,
      time: '20:00',
      days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      timeZone: null,
      nextAt: null,
      email: true,
      monthlyEmail: false,
      monthlyAt: null,
    });

    // The clock: Sunday 2026-03-15 12:00 UTC, 08:00 in New York. Monday's 08:00 EDT is 12:00 UTC.
    const saved = await agent.put('/api/reminders', ON);
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ ...ON, nextAt: '2026-03-16T12:00:00.000Z', email: true, monthlyEmail: false, monthlyAt: null });
    expect((await agent.get('/api/reminders')).json).toEqual(saved.json);

    // Off keeps the time, days and zone for next time.
    const off = await agent.put('/api/reminders', { ...ON, enabled: false, days: [] });
    expect(off.json).toEqual({ ...ON, enabled: false, days: [], nextAt: null, email: true, monthlyEmail: false, monthlyAt: null });
  });

  it('take any zone the runtime knows, and refuse others with a message', async () => {
    const { agent } = await signUpAndVerify(h);
    const kolkata = await agent.put('/api/reminders', { ...ON, days: ['sun'], time: '21:00', timeZone: 'Asia/Kolkata' });
    expect(kolkata.json).toMatchObject({ timeZone: 'Asia/Kolkata', nextAt: '2026-03-15T15:30:00.000Z' });
    expect((await agent.put('/api/reminders', { ...ON, timeZone: 'UTC' })).status).toBe(200);

    for (const timeZone of ['Mars/Olympus_Mons', 'America/Nowhere', 'local', '+05:30', 'A'.repeat(65), '../../etc/passwd']) {
      const res = await agent.put('/api/reminders', { ...ON, timeZone });
      expect(res.status, timeZone).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-time-zone', message: REMINDER_MESSAGES.invalidTimeZone });
    }
    // Nothing of the refused saves was kept.
    expect((await agent.get('/api/reminders')).json).toMatchObject({ timeZone: 'UTC' });
  });

  it("keep a zone under the runtime's spelling of its name, whatever its case", async () => {
    const { agent } = await signUpAndVerify(h);
    for (const timeZone of ['europe/berlin', 'EUROPE/Berlin', 'eUrOpE/bErLiN']) {
      const saved = await agent.put('/api/reminders', { ...ON, timeZone });
      expect(saved.json, timeZone).toMatchObject({ timeZone: 'Europe/Berlin' });
    }
    expect((await agent.get('/api/reminders')).json).toMatchObject({ timeZone: 'Europe/Berlin' });
    const rows = await h.database.db.selectFrom('reminder').select('time_zone').where('time_zone', 'like', '%erlin').execute();
    expect(rows.map((row) => row.time_zone)).toEqual(['Europe/Berlin']);
  });

  it('refuse malformed settings with a 400 and a message, never a 500', async () => {
    const { agent } = await signUpAndVerify(h);
    const refusals: [unknown, string][] = [
      [{ ...ON, time: '24:00' }, REMINDER_MESSAGES.invalidTime],
      [{ ...ON, time: '8:00' }, REMINDER_MESSAGES.invalidTime],
      [{ ...ON, time: '08:00:00' }, REMINDER_MESSAGES.invalidTime],
      [{ ...ON, days: [] }, REMINDER_MESSAGES.noDays],
      [{ ...ON, days: ['mon', 'mon'] }, REMINDER_MESSAGES.invalidDays],
      [{ ...ON, days: ['funday'] }, REMINDER_MESSAGES.invalid],
      [{ ...ON, days: Array.from({ length: 10_000 }, () => 'mon') }, REMINDER_MESSAGES.invalid],
      [{ ...ON, enabled: 'yes' }, REMINDER_MESSAGES.invalid],
      [{ ...ON, timeZone: 42 }, REMINDER_MESSAGES.invalid],
      [{ ...ON, userId: 'someone-else' }, REMINDER_MESSAGES.invalid],
      [{ enabled: true }, REMINDER_MESSAGES.invalid],
      [[], REMINDER_MESSAGES.invalid],
      [null, REMINDER_MESSAGES.invalid],
    ];
    for (const [body, message] of refusals) {
      const res = await agent.put('/api/reminders', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-reminder', message });
    }
    expect((await agent.put('/api/reminders', '{"enabled":')).status).toBe(400);
    expect((await agent.put('/api/reminders', 'enabled=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await agent.get('/api/reminders')).json).toMatchObject({ enabled: false });
  });

  it('are the signed-in person’s own: no session gets nothing, and nobody reaches another’s', async () => {
    const ada = await signUpAndVerify(h);
    const grace = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', ON);

    expect((await h.agent().get('/api/reminders')).status).toBe(401);
    expect((await h.agent().put('/api/reminders', ON)).status).toBe(401);
    expect((await grace.agent.get('/api/reminders')).json).toMatchObject({ enabled: false, timeZone: null });
    expect((await grace.agent.get(`/api/reminders?userId=${ada.userId}`)).json).toMatchObject({ enabled: false });
    expect((await grace.agent.get(`/api/reminders/${ada.userId}`)).status).toBe(404);
    // A write from another site with the session cookie is refused.
    expect((await ada.agent.put('/api/reminders', { ...ON, enabled: false }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });
  });

  it('unsubscribe with the emailed token alone, for that person only; a forged or old token changes nothing', async () => {
    const ada = await signUpAndVerify(h);
    const grace = await signUpAndVerify(h);
    await ada.agent.put('/api/reminders', ON);
    await grace.agent.put('/api/reminders', ON);
    const nonce = async (userId: string) =>
      (await h.database.db.selectFrom('reminder').select('unsubscribe_nonce').where('user_id', '=', userId).executeTakeFirstOrThrow())
        .unsubscribe_nonce;
    const adaToken = unsubscribeToken(h.config.authSecret, ada.userId, await nonce(ada.userId));
    const [, adaSignature] = adaToken.split('.');

    const forged = [
      '',
      'nonsense',
      `${Buffer.from(grace.userId).toString('base64url')}.${adaSignature}`,
      unsubscribeToken('another-secret-another-secret-0123456789', grace.userId, await nonce(grace.userId)),
      `${adaToken}x`,
      `${adaToken}.more`,
      'A'.repeat(100_000),
      `${Buffer.from('nobody').toString('base64url')}.${adaSignature}`,
    ];
    for (const token of forged) {
      // A mail program's one-click POST: no cookie, no Origin, a form body.
      const res = await h.journal.app.request(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ code: 'invalid-unsubscribe-link', message: REMINDER_MESSAGES.invalidUnsubscribeLink });
    }
    expect((await h.agent().post('/api/reminders/unsubscribe')).status).toBe(400);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });
    expect((await grace.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });

    // A GET of the address (a mail scanner following it) unsubscribes nobody: it is refused like any API read
    // without a session.
    expect((await h.journal.app.request(`/api/reminders/unsubscribe?token=${adaToken}`)).status).toBe(401);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });

    const oneClick = await h.journal.app.request(`/api/reminders/unsubscribe?token=${adaToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: false, nextAt: null, time: '08:00' });
    expect((await grace.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });
    // The same link again, from the page this time: still fine, still off.
    expect((await h.agent().post(`/api/reminders/unsubscribe?token=${adaToken}`)).status).toBe(200);

    // Turned on again, the person gets a new nonce: the old link no longer turns anything off.
    await ada.agent.put('/api/reminders', ON);
    expect((await h.agent().post(`/api/reminders/unsubscribe?token=${adaToken}`)).status).toBe(400);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: true });
    // Saving while on (a new time) keeps the nonce, so the links already sent keep working.
    await ada.agent.put('/api/reminders', { ...ON, time: '09:30' });
    const fresh = unsubscribeToken(h.config.authSecret, ada.userId, await nonce(ada.userId));
    expect((await h.agent().post(`/api/reminders/unsubscribe?token=${fresh}`)).status).toBe(200);
    expect((await ada.agent.get('/api/reminders')).json).toMatchObject({ enabled: false, time: '09:30' });
  });

  it('go with the account when it is deleted', async () => {
    const { agent, userId } = await signUpAndVerify(h);
    await agent.put('/api/reminders', ON);
    const rows = () => h.database.db.selectFrom('reminder').selectAll().where('user_id', '=', userId).execute();
    expect(await rows()).toHaveLength(1);
    expect((await agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
