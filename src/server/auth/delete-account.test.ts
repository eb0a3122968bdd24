import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/messages';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD } from '../test/harness';

const TODAY = '2026-03-15';

describe.each(DATABASE_KINDS)('deleting an account on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  /** Every row in every table that names this user or their address, as text. */
  async function rowsOf(userId: string, email: string): Promise<string[]> {
    const { db } = h.database;
    const found: string[] = [];
    const tables = [
      'user',
      'session',
      'account',
      'profile',
      'email_action',
      'login_attempt',
      'password_check',
      'mail_queue',
      'journal_entry',
      'journal_day',
      'journal_month',
      'journal_word',
      'journal_word_total',
      'journal_hour',
    ] as const;
    for (const table of tables) {
      for (const row of await db.selectFrom(table).selectAll().execute()) {
        const text = JSON.stringify(row);
        if (text.includes(userId) || text.includes(email)) found.push(`${table}: ${text}`);
      }
    }
    return found;
  }

  it('removes the user and everything of theirs behind the password, and the address can sign up again', async () => {
    const { agent, email, userId } = await signUpAndVerify(h);
    const other = await signUpAndVerify(h);
    const otherDevice = h.agent();
    expect((await otherDevice.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
    for (const gratitude of ['Rain', 'Tea']) {
      const content = { gratitude, celebration: '', manifestation: '' };
      expect((await agent.post('/api/entries', { content, localDate: TODAY })).status).toBe(201);
    }
    await h.agent().post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
    await h.agent().post('/api/auth/request-password-reset', { email });
    await h.mailTo(email);

    const wrong = await agent.delete('/api/account', { 'content-type': 'application/json' });
    expect(wrong.status).toBe(400);
    const refused = await agent.request('DELETE', '/api/account', { password: 'Not#MyPassword1' });
    expect(refused.json).toEqual({ code: 'wrong-current-password', message: AUTH_MESSAGES['wrong-current-password'] });
    expect(await rowsOf(userId, email)).not.toEqual([]);

    const deleted = await agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(userId, email)).toEqual([]);
    expect((await agent.get('/api/profile')).status).toBe(401);
    expect((await otherDevice.get('/api/entries?day=2026-03-15')).status).toBe(401);
    expect((await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
    // Nobody else's journal is touched.
    expect((await other.agent.get('/api/profile')).status).toBe(200);

    const again = await h.agent().post('/api/auth/sign-up', { name: 'New', email, password: STRONG_PASSWORD });
    expect(again.status).toBe(201);
  });

  it("counts wrong passwords apart from sign-in's: a session cannot lock its owner out, nor guess without limit", async () => {
    const { agent, email } = await signUpAndVerify(h);
    const retryAt = new Date(h.clock.now().getTime() + 15 * 60 * 1000).toISOString();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const res = await agent.request('DELETE', '/api/account', { password: `Not#MyPassword${attempt}` });
      expect(res.status, `attempt ${attempt}`).toBe(attempt <= 5 ? 400 : 429);
    }
    // The owner signs in, on another device, with the right password.
    const owner = h.agent();
    expect((await owner.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);

    // The sixth check is refused even with the right password, and says when to try again; the account stays.
    const refused = await agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 'too-many-requests', message: AUTH_MESSAGES['too-many-requests'], retryAt });
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60);
    expect((await owner.get('/api/profile')).status).toBe(200);
    // Change Password checks the same password, so it shares this count.
    const change = await agent.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Other#Pass2026' });
    expect(change.status).toBe(429);

    // Once the window has passed, the right password deletes it.
    h.clock.advance(15 * 60 * 1000);
    expect((await agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('limits wrong current passwords in Change Password too, without touching the sign-in count', async () => {
    const { agent, email } = await signUpAndVerify(h);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await agent.post('/api/auth/change-password', {
        currentPassword: `Not#MyPassword${attempt}`,
        newPassword: 'Other#Pass2026',
      });
      expect(res.json.code, `attempt ${attempt}`).toBe('wrong-current-password');
    }
    const sixth = await agent.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Other#Pass2026' });
    expect(sixth.status).toBe(429);
    expect(sixth.json.code).toBe('too-many-requests');
    expect((await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('refuses without a session, and cannot name another user', async () => {
    const target = await signUpAndVerify(h);
    expect((await h.agent().request('DELETE', '/api/account', { password: STRONG_PASSWORD })).status).toBe(401);
    const attacker = await signUpAndVerify(h, { password: 'Attacker#2026' });
    const res = await attacker.agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD, userId: target.userId });
    expect(res.json.code).toBe('wrong-current-password');
    expect((await target.agent.get('/api/profile')).status).toBe(200);
  });
});
