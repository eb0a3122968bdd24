import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, signUpAndVerify } from '../test/harness';

/** What the database holds of the person's welcome. */
async function seenAt(h: Harness, userId: string): Promise<string | null | undefined> {
  const row = await h.database.db.selectFrom('profile').select('welcome_seen_at').where('uid', '=', userId).executeTakeFirst();
  return row?.welcome_seen_at;
}

// "The welcome after the first sign-in is shown once per account" (docs/product.md §4): the mark lives with the
// profile on the server, so every device of the account reads it.
describe.each(DATABASE_KINDS)('the welcome’s mark over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('is unseen for a new account, and once marked, every device of the account reads it as seen', async () => {
    const ada = await signUpAndVerify(h);
    expect((await ada.agent.get('/api/auth/session')).json.profile).toMatchObject({ welcomeSeen: false });
    expect((await ada.agent.get('/api/profile')).json).toMatchObject({ welcomeSeen: false });
    expect(await seenAt(h, ada.userId)).toBeNull();

    const marked = await ada.agent.patch('/api/profile', { welcomeSeen: true });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({ uid: ada.userId, welcomeSeen: true });
    const first = await seenAt(h, ada.userId);
    expect(first).toEqual(expect.any(String));

    // A second device signs in afresh.
    const phone = h.agent();
    expect((await phone.post('/api/auth/sign-in', { email: ada.email, password: ada.password })).status).toBe(200);
    expect((await phone.get('/api/auth/session')).json.profile).toMatchObject({ welcomeSeen: true });

    // Marked again (the other device finished it too): the first time is kept.
    h.clock.advance(60_000);
    expect((await phone.patch('/api/profile', { welcomeSeen: true })).status).toBe(200);
    expect(await seenAt(h, ada.userId)).toBe(first);
  });

  it('marks the signed-in person’s own welcome only, and nobody’s without a session', async () => {
    const ada = await signUpAndVerify(h, { name: 'Ada' });
    const bob = await signUpAndVerify(h, { name: 'Bob' });
    expect((await bob.agent.patch('/api/profile', { welcomeSeen: true })).status).toBe(200);
    expect(await seenAt(h, bob.userId)).toEqual(expect.any(String));
    expect(await seenAt(h, ada.userId)).toBeNull();

    // There is no field that names another person: it is refused, and nothing is stored.
    const sneaky = await bob.agent.patch('/api/profile', { uid: ada.userId, welcomeSeen: true });
    expect(sneaky.status).toBe(400);
    const anonymous = await h.agent().patch('/api/profile', { welcomeSeen: true });
    expect(anonymous.status).toBe(401);
    expect(await seenAt(h, ada.userId)).toBeNull();
    expect((await ada.agent.get('/api/profile')).json).toMatchObject({ welcomeSeen: false });
  });

  it('refuses anything but true with a 400 that names the field, and stores nothing', async () => {
    const ada = await signUpAndVerify(h);
    for (const value of [false, 'yes', 1, null, {}, [true]]) {
      const res = await ada.agent.patch('/api/profile', { welcomeSeen: value, theme: 'dark' });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.json.code).toBe('invalid-welcome-seen');
      expect(String(res.json.message)).toContain('welcomeSeen');
    }
    const malformed = await ada.agent.request('PATCH', '/api/profile', '{"welcomeSeen": tru');
    expect(malformed.status).toBe(400);
    const huge = await ada.agent.patch('/api/profile', { welcomeSeen: true, padding: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(await seenAt(h, ada.userId)).toBeNull();
    expect((await ada.agent.get('/api/profile')).json).toMatchObject({ welcomeSeen: false, theme: null });
  });
});
