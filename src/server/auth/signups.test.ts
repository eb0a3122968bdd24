import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_ANNOUNCEMENT } from '../config';
import { AUTH_MESSAGES } from '../../shared/messages';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, STRONG_PASSWORD, uniqueEmail } from '../test/harness';
import { createInvite, DEFAULT_INVITE_DAYS } from './invites';
import { hashPassword } from './password-hash';
import { createCredentialUser, markEmailVerified } from './repository';
import { createProfileIfMissing } from '../profile/repository';

const DAY_MS = 86_400_000;
const INVALID_INVITE = { code: 'invalid-invite', message: AUTH_MESSAGES['invalid-invite'] };

/** The accounts stored at these addresses. */
async function accountsAt(h: Harness, emails: string[]): Promise<string[]> {
  const rows = await h.database.db.selectFrom('user').select('email').where('email', 'in', emails).execute();
  return rows.map((row) => row.email).sort();
}

describe.each(DATABASE_KINDS)('sign-ups closed (SIGNUPS=closed) on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { SIGNUPS: 'closed' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('tells the app, which then offers no form', async () => {
    const res = await h.agent().get('/api/config');
    expect(res.json).toMatchObject({ signups: 'closed', announcement: CLOSED_ANNOUNCEMENT });
  });

  it('refuses every sign-up with 403 and stores nothing, whatever the body', async () => {
    const email = uniqueEmail('closed');
    const bodies = [
      { name: 'Ada', email, password: STRONG_PASSWORD },
      { name: 'Ada', email, password: STRONG_PASSWORD, inviteCode: 'anything' },
      { email: 'not an address' },
    ];
    for (const body of bodies) {
      const res = await h.agent().post('/api/auth/sign-up', body);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ code: 'signups-closed', message: 'Sign-ups are closed. Please contact support.' });
    }
    expect(await accountsAt(h, [email])).toEqual([]);
    expect(await h.mailTo(email)).toEqual([]);
  });

  it('still lets an existing account sign in', async () => {
    const email = uniqueEmail('existing');
    const now = h.clock.now();
    const user = await createCredentialUser(h.database.db, h.database.dialect, {
      name: 'Ada',
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
      now,
    });
    await createProfileIfMissing(h.database.db, { uid: user.id, email, displayName: 'Ada', createdAt: now });
    await markEmailVerified(h.database.db, h.database.dialect, user.id, now);
    const res = await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('sign-ups by invitation (SIGNUPS=invite) on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { SIGNUPS: 'invite' });
  });
  afterAll(async () => {
    await h.close();
  });

  const newInvite = (uses = 1, days = DEFAULT_INVITE_DAYS) =>
    createInvite(h.database.db, { uses, now: h.clock.now(), expiresAt: new Date(h.clock.now().getTime() + days * DAY_MS) });
  const signUp = (email: string, inviteCode?: string) =>
    h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD, ...(inviteCode === undefined ? {} : { inviteCode }) });

  it('tells the app to ask for a code', async () => {
    expect((await h.agent().get('/api/config')).json).toMatchObject({ signups: 'invite', announcement: '' });
  });

  it('creates the account with a good code, and sends the verification email', async () => {
    const code = await newInvite();
    const email = uniqueEmail('invited');
    // Pasted with spaces around it, as from an email.
    const res = await signUp(email, `  ${code}\n`);
    expect(res.status).toBe(201);
    expect(await accountsAt(h, [email])).toEqual([email]);
    expect(await h.mailTo(email)).toHaveLength(1);
  });

  it('asks for a code when there is none, and stores nothing', async () => {
    const email = uniqueEmail('uninvited');
    for (const res of [await signUp(email), await signUp(email, ''), await signUp(email, '   ')]) {
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invite-required', message: AUTH_MESSAGES['invite-required'] });
    }
    expect(await accountsAt(h, [email])).toEqual([]);
  });

  it('gives one answer for a wrong, an expired and a used code, and stores nothing', async () => {
    const used = await newInvite();
    expect((await signUp(uniqueEmail('first'), used)).status).toBe(201);
    const expired = await newInvite(5, 1);
    h.clock.advance(DAY_MS + 1);
    const wrong = used.slice(0, -2) + (used.endsWith('AA') ? 'BB' : 'AA');

    const tried: string[] = [];
    for (const code of [wrong, expired, used, 'x'.repeat(201)]) {
      const email = uniqueEmail('refused');
      tried.push(email);
      const res = await signUp(email, code);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(INVALID_INVITE);
    }
    expect(await accountsAt(h, tried)).toEqual([]);
  });

  it('checks the code before the address, so an address is never told apart without one', async () => {
    const taken = uniqueEmail('taken');
    expect((await signUp(taken, await newInvite())).status).toBe(201);
    expect((await signUp(taken, 'not-a-code-at-all-000000')).json).toEqual(INVALID_INVITE);
    expect((await signUp(uniqueEmail('free'), 'not-a-code-at-all-000000')).json).toEqual(INVALID_INVITE);
  });

  it('lets a code of three uses sign up three people, then no more', async () => {
    const code = await newInvite(3);
    const emails = [uniqueEmail('family'), uniqueEmail('family'), uniqueEmail('family')];
    for (const email of emails) expect((await signUp(email, code)).status).toBe(201);
    const fourth = uniqueEmail('family');
    expect((await signUp(fourth, code)).json).toEqual(INVALID_INVITE);
    expect(await accountsAt(h, [...emails, fourth])).toEqual([...emails].sort());
  });

  it('keeps the use of a sign-up refused for another reason', async () => {
    const taken = uniqueEmail('taken');
    expect((await signUp(taken, await newInvite())).status).toBe(201);
    const code = await newInvite();
    const duplicate = await signUp(taken, code);
    expect(duplicate.status).toBe(409);
    const weak = await h.agent().post('/api/auth/sign-up', { name: 'Ada', email: uniqueEmail(), password: 'weak', inviteCode: code });
    expect(weak.json.code).toBe('password-requirements');
    expect((await signUp(uniqueEmail('kept'), code)).status).toBe(201);
  });

  it('gives a single-use code to exactly one of several sign-ups made at once', async () => {
    const code = await newInvite();
    const emails = Array.from({ length: 5 }, () => uniqueEmail('racer'));
    const answers = await Promise.all(emails.map((email) => signUp(email, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const res of answers.filter((answer) => answer.status === 400)) expect(res.json).toEqual(INVALID_INVITE);
    const winner = emails[answers.findIndex((res) => res.status === 201)] ?? '';
    expect(await accountsAt(h, emails)).toEqual([winner]);
  });

  it('keeps only a hash of each code, and prunes codes once spent or expired', async () => {
    const code = await newInvite(2);
    // At least 128 random bits, in URL-safe characters.
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await h.database.db.selectFrom('invite').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    const hash = createHash('sha256').update(code).digest('hex');
    expect(rows.find((row) => row.code_hash === hash)).toMatchObject({ uses_left: 2 });

    const spent = await newInvite(1);
    expect((await signUp(uniqueEmail('spender'), spent)).status).toBe(201);
    const expiring = await newInvite(1, 1);
    h.clock.advance(DAY_MS + 1);
    await h.journal.pruner.run();
    const left = (await h.database.db.selectFrom('invite').select('code_hash').execute()).map((row) => row.code_hash);
    expect(left).toContain(hash);
    for (const gone of [spent, expiring]) expect(left).not.toContain(createHash('sha256').update(gone).digest('hex'));
  });
});

describe.each(DATABASE_KINDS)('sign-ups open to all (SIGNUPS=open) on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('needs no code and pays no attention to one', async () => {
    expect((await h.agent().get('/api/config')).json).toMatchObject({ signups: 'open' });
    const body = { name: 'Ada', password: STRONG_PASSWORD };
    expect((await h.agent().post('/api/auth/sign-up', { ...body, email: uniqueEmail() })).status).toBe(201);
    expect((await h.agent().post('/api/auth/sign-up', { ...body, email: uniqueEmail(), inviteCode: 'made-up' })).status).toBe(201);
  });
});
