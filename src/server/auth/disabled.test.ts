import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type JournalApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS } from '../test/databases';
import { Agent, createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from '../test/harness';
import { disableAccount, enableAccount } from './repository';

const TODAY = '2026-03-15';
const DISABLED = { code: 'account-disabled', message: 'This account has been disabled. Please contact support.' };

describe.each(DATABASE_KINDS)('disabled accounts on %s', (kind) => {
  let h: Harness;
  /** A second app on the same database, with its own connection, as another server process would be. */
  let otherDatabase: DatabaseHandle;
  let other: JournalApp;
  beforeAll(async () => {
    h = await createHarness(kind);
    otherDatabase = await openDatabase(h.config.database);
    other = createApp({ config: h.config, database: otherDatabase, logger: createLogger('silent'), now: h.clock.now });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
    await h.close();
  });

  /** Signs the same account in on the second app, and returns that device. */
  async function signInOnOther(email: string): Promise<Agent> {
    const agent = new Agent(other);
    const res = await agent.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  }

  async function userIdOf(email: string): Promise<string> {
    const row = await h.database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return row.id;
  }

  it('ends every session at once on every app, refuses sign-in, keeps the journal, and enable restores it', async () => {
    const { agent, email, userId } = await signUpAndVerify(h);
    const laptop = await signInOnOther(email);
    for (const gratitude of ['Rain', 'Tea']) {
      const content = { gratitude, celebration: '', manifestation: '' };
      expect((await agent.post('/api/entries', { content, localDate: TODAY })).status).toBe(201);
    }
    expect((await laptop.get(`/api/entries?day=${TODAY}`)).status).toBe(200);

    // Disabled from a third connection, as `npm run admin -- disable` does.
    const admin = await openDatabase(h.config.database);
    try {
      expect(await disableAccount(admin.db, userId, new Date())).toBe(true);
      expect(await disableAccount(admin.db, userId, new Date())).toBe(false);
    } finally {
      await admin.close();
    }

    for (const device of [agent, laptop]) {
      expect((await device.get('/api/profile')).status).toBe(401);
      expect((await device.get(`/api/entries?day=${TODAY}`)).status).toBe(401);
      expect((await device.get('/api/auth/session')).json).toEqual({ user: null, profile: null });
    }
    expect(await h.database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);

    // The right password is told the account is disabled, and gets no session; a wrong one learns nothing.
    for (const app of [h.journal, other]) {
      const device = new Agent(app);
      const refused = await device.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual(DISABLED);
      expect(refused.headers.getSetCookie()).toEqual([]);
      const wrong = await device.post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
      expect(wrong.json.code).toBe('invalid-credential');
    }
    expect(await h.database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);
    const kept = await h.database.db.selectFrom('journal_entry').select('gratitude').where('user_id', '=', userId).execute();
    expect(kept.map((row) => row.gratitude).sort()).toEqual(['Rain', 'Tea']);

    expect(await enableAccount(h.database.db, userId)).toBe(true);
    expect(await enableAccount(h.database.db, userId)).toBe(false);
    const back = await signInOnOther(email);
    const entries = (await back.get(`/api/entries?day=${TODAY}`)).json.entries as { gratitude: string }[];
    expect(entries.map((entry) => entry.gratitude).sort()).toEqual(['Rain', 'Tea']);
    expect((await agent.get('/api/profile')).status).toBe(401);
  });

  it('refuses a session the disable did not delete, from the mark the session read sees', async () => {
    const { agent, email, userId } = await signUpAndVerify(h);
    const laptop = await signInOnOther(email);
    // A session that outlived the disable, as one begun at that very moment would: only the mark is set.
    await sql`update profile set disabled_at = ${new Date().toISOString()} where uid = ${userId}`.execute(h.database.db);
    for (const device of [agent, laptop]) {
      expect((await device.get('/api/profile')).status).toBe(401);
      expect((await device.get('/api/auth/session')).json).toEqual({ user: null, profile: null });
    }
    await sql`update profile set disabled_at = null where uid = ${userId}`.execute(h.database.db);
    for (const device of [agent, laptop]) expect((await device.get('/api/profile')).status).toBe(200);
  });

  it('tells an unverified disabled account it is disabled, and sends it no email', async () => {
    const email = uniqueEmail('unverified');
    expect((await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD })).status).toBe(201);
    expect(await h.mailTo(email)).toHaveLength(1);
    await disableAccount(h.database.db, await userIdOf(email), new Date());
    h.clock.advance(10 * 60_000);

    const refused = await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(refused.json).toEqual(DISABLED);
    // Asking by address gets the answer everyone gets, and nothing is sent.
    expect((await h.agent().post('/api/auth/send-verification', { email })).status).toBe(200);
    expect((await h.agent().post('/api/auth/request-password-reset', { email })).status).toBe(200);
    expect(await h.mailTo(email)).toHaveLength(1);
  });
});
