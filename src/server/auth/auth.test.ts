import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUTH_MESSAGES } from '../../shared/messages';
import { DATABASE_KINDS } from '../test/databases';
import {
  createHarness,
  type Harness,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../test/harness';

describe.each(DATABASE_KINDS)('accounts over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  describe('sign-up', () => {
    it('says why a name is refused, and creates no account', async () => {
      const email = uniqueEmail('named');
      const cases: [string, string][] = [
        ['Ada\u0000', 'display-name-characters'],
        ['y'.repeat(101), 'display-name-too-long'],
        ['   ', 'missing-fields'],
      ];
      for (const [name, code] of cases) {
        const res = await h.agent().post('/api/auth/sign-up', { name, email, password: STRONG_PASSWORD });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code, message: AUTH_MESSAGES[code as keyof typeof AUTH_MESSAGES] });
      }
      expect(await h.database.db.selectFrom('profile').select('uid').where('email', '=', email).execute()).toEqual([]);
    });

    it('creates the account and profile, sends one verification email and leaves the user signed out', async () => {
      const email = uniqueEmail('new');
      const agent = h.agent();
      const res = await agent.post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie()).toEqual([]);
      const session = await agent.get('/api/auth/session');
      expect(session.json).toEqual({ user: null, profile: null });

      const mails = await h.mailTo(email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('Verify your email for Gratitude Journal');
      expect(`${mail?.link.origin}${mail?.link.pathname}`).toBe('http://localhost:3000/verify-email');
      expect(mail?.link.searchParams.get('mode')).toBe('verifyEmail');
      expect(mail?.html).toContain('Verify email');

      const profile = await h.database.db.selectFrom('profile').selectAll().where('email', '=', email).executeTakeFirst();
      expect(profile).toMatchObject({ display_name: 'Ada', show_memory_section: 0, theme: null, entry_count: 0 });
    });

    it('refuses an address that already has an account', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'One', email, password: STRONG_PASSWORD });
      const res = await h.agent().post('/api/auth/sign-up', { name: 'Two', email, password: STRONG_PASSWORD });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ code: 'email-already-in-use', message: AUTH_MESSAGES['email-already-in-use'] });
    });

    it('treats the address case-insensitively', async () => {
      const email = uniqueEmail('case');
      await h.agent().post('/api/auth/sign-up', { name: 'One', email, password: STRONG_PASSWORD });
      const res = await h.agent().post('/api/auth/sign-up', { name: 'Two', email: email.toUpperCase(), password: STRONG_PASSWORD });
      expect(res.status).toBe(409);
    });

    it.each([
      ['too short', 'Ab#1xyz'],
      ['no uppercase', 'grateful#2026'],
      ['no lowercase', 'GRATEFUL#2026'],
      ['no number', 'Grateful#Days'],
      ['no special character', 'Grateful2026'],
    ])('refuses a password with %s', async (_rule, password) => {
      const res = await h.agent().post('/api/auth/sign-up', { name: 'Ada', email: uniqueEmail(), password });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'password-requirements', message: AUTH_MESSAGES['password-requirements'] });
    });

    it('refuses an invalid email', async () => {
      const res = await h.agent().post('/api/auth/sign-up', { name: 'Ada', email: 'not-an-email', password: STRONG_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-email', message: AUTH_MESSAGES['invalid-email'] });
    });

    it('refuses a blank name', async () => {
      const res = await h.agent().post('/api/auth/sign-up', { name: '   ', email: uniqueEmail(), password: STRONG_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('missing-fields');
    });

    it('answers malformed JSON with a 400, not a 500', async () => {
      const res = await h.agent().post('/api/auth/sign-up', '{"name": ');
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid-json');
    });

    it('answers a non-JSON body with 415', async () => {
      const res = await h.agent().post('/api/auth/sign-up', 'name=a', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(415);
      expect(res.json.code).toBe('unsupported-media-type');
    });
  });

  describe('emails queued with the change that causes them', () => {
    // A trigger makes the mail queue refuse every insert, as a full disk or a lost connection would.
    async function withMailQueueRefusing(run: () => Promise<void>) {
      const { db } = h.database;
      if (kind === 'sqlite') {
        await sql`create trigger refuse_mail before insert on mail_queue begin select raise(abort, 'mail queue refused'); end`.execute(db);
      } else {
        await sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail queue refused'; end $$`.execute(db);
        await sql`create trigger refuse_mail before insert on mail_queue for each row execute function refuse_mail()`.execute(db);
      }
      try {
        await run();
      } finally {
        if (kind === 'sqlite') await sql`drop trigger refuse_mail`.execute(db);
        else await sql`drop function refuse_mail() cascade`.execute(db);
      }
    }

    it('keeps no account when the verification email cannot be queued, so the address can sign up again', async () => {
      const email = uniqueEmail('atomic');
      await withMailQueueRefusing(async () => {
        const res = await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
        expect(res.status).toBe(500);
        expect(res.json).toEqual({ code: 'internal', message: expect.any(String) });
      });
      const { db } = h.database;
      expect(await db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
      expect(await db.selectFrom('profile').select('uid').where('email', '=', email).execute()).toEqual([]);
      expect(await db.selectFrom('email_action').select('user_id').where('email', '=', email).execute()).toEqual([]);

      const again = await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      expect(again.status).toBe(201);
      expect(await h.mailTo(email)).toHaveLength(1);
    });

    it('makes no reset link when its email cannot be queued', async () => {
      const { email } = await signUpAndVerify(h);
      await withMailQueueRefusing(async () => {
        expect((await h.agent().post('/api/auth/request-password-reset', { email })).status).toBe(500);
      });
      const { db } = h.database;
      const codes = await db.selectFrom('email_action').select('kind').where('email', '=', email).execute();
      expect(codes.map((row) => row.kind)).toEqual(['verifyEmail']);
    });
  });

  describe('email verification', () => {
    it('verifies with the emailed code, once', async () => {
      const email = uniqueEmail();
      const agent = h.agent();
      await agent.post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      const [mail] = await h.mailTo(email);
      const oobCode = mail?.link.searchParams.get('oobCode');

      const check = await agent.post('/api/auth/check-action', { mode: 'verifyEmail', oobCode });
      expect(check.status).toBe(200);
      expect(check.json).toEqual({ email });

      const first = await agent.post('/api/auth/verify-email', { oobCode });
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ ok: true, alreadyVerified: false });

      const signIn = await agent.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
      expect(signIn.status).toBe(200);
    });

    it('says a used link is of an address already verified, and only for that real link', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      const [mail] = await h.mailTo(email);
      const oobCode = mail?.link.searchParams.get('oobCode');
      expect((await h.agent().post('/api/auth/verify-email', { oobCode })).json).toEqual({ ok: true, alreadyVerified: false });

      // Opened again, on another device, after the hourly pruning: it still knows.
      h.clock.advance(2 * 60 * 60 * 1000);
      await h.journal.pruner.run();
      const again = await h.agent().post('/api/auth/verify-email', { oobCode });
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ ok: true, alreadyVerified: true });
      // Past the link's own 24 hours too.
      h.clock.advance(3 * 24 * 60 * 60 * 1000);
      expect((await h.agent().post('/api/auth/verify-email', { oobCode })).json).toEqual({ ok: true, alreadyVerified: true });

      // A code that is not that link's tells nothing: a made-up one, one with a character changed, and the code of a
      // reset link of the same verified address.
      const changed = `${oobCode?.slice(0, -1)}${oobCode?.endsWith('A') ? 'B' : 'A'}`;
      expect((await h.agent().post('/api/auth/request-password-reset', { email })).status).toBe(200);
      const reset = (await h.mailTo(email)).find((sent) => sent.link.searchParams.get('mode') === 'resetPassword');
      for (const code of ['x'.repeat(43), changed, reset?.link.searchParams.get('oobCode')]) {
        const res = await h.agent().post('/api/auth/verify-email', { oobCode: code });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code: 'expired-verify-code', message: AUTH_MESSAGES['expired-verify-code'] });
      }

      // A month after the link expired, its code is gone: it is an old link like any other.
      h.clock.advance(30 * 24 * 60 * 60 * 1000);
      await h.journal.pruner.run();
      expect((await h.agent().post('/api/auth/verify-email', { oobCode })).json.code).toBe('expired-verify-code');
    });

    it('says a second link of an address verified meanwhile is of an address already verified', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      h.clock.advance(61_000);
      expect((await h.agent().post('/api/auth/send-verification', { email })).status).toBe(200);
      const [older, newer] = await h.mailTo(email);
      expect((await h.agent().post('/api/auth/verify-email', { oobCode: newer?.link.searchParams.get('oobCode') })).json).toEqual({
        ok: true,
        alreadyVerified: false,
      });
      const res = await h.agent().post('/api/auth/verify-email', { oobCode: older?.link.searchParams.get('oobCode') });
      expect(res.json).toEqual({ ok: true, alreadyVerified: true });
    });

    it('refuses a verification link older than 24 hours', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      const [mail] = await h.mailTo(email);
      h.clock.advance(24 * 60 * 60 * 1000 + 1000);
      try {
        const res = await h.agent().post('/api/auth/verify-email', { oobCode: mail?.link.searchParams.get('oobCode') });
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('expired-verify-code');
      } finally {
        h.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
      }
    });

    it('refuses a made-up code', async () => {
      const res = await h.agent().post('/api/auth/verify-email', { oobCode: 'x'.repeat(43) });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('expired-verify-code');
    });

    it('refuses a missing code as an invalid link', async () => {
      const res = await h.agent().post('/api/auth/check-action', { mode: 'verifyEmail' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-action-code', message: AUTH_MESSAGES['invalid-action-code'] });
    });
  });

  describe('sign-in', () => {
    it('signs in a verified user with a session cookie that is HttpOnly and SameSite=Lax', async () => {
      const { email, password } = await signUpAndVerify(h);
      const agent = h.agent();
      const res = await agent.post('/api/auth/sign-in', { email, password });
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ email, emailVerified: true, displayName: 'Test User' });
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const session = await agent.get('/api/auth/session');
      expect(session.json.user).toMatchObject({ email });
      expect(session.json.profile).toMatchObject({ email, showMemorySection: false });
    });

    it('refuses a wrong password', async () => {
      const { email } = await signUpAndVerify(h);
      const res = await h.agent().post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 'invalid-credential', message: AUTH_MESSAGES['invalid-credential'] });
    });

    it('answers a password longer than any accepted like a wrong one, and counts it as an attempt', async () => {
      const { email } = await signUpAndVerify(h);
      const tooLong = 'A#1a'.repeat(33);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const res = await h.agent().post('/api/auth/sign-in', { email, password: attempt % 2 ? tooLong : 'Wrong#Password1' });
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ code: 'invalid-credential', message: AUTH_MESSAGES['invalid-credential'] });
      }
      const sixth = await h.agent().post('/api/auth/sign-in', { email, password: tooLong });
      expect(sixth.status).toBe(429);
    });

    it('answers an unknown address exactly like a wrong password', async () => {
      const res = await h.agent().post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 'invalid-credential', message: AUTH_MESSAGES['invalid-credential'] });
    });

    it('refuses an unverified user and sends a fresh verification email', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      h.clock.advance(61_000);
      const res = await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ code: 'email-not-verified', message: AUTH_MESSAGES['email-not-verified'] });
      expect(res.headers.getSetCookie()).toEqual([]);
      const mails = await h.mailTo(email);
      expect(mails).toHaveLength(2);
      // Both links work until one is used.
      const fresh = mails[1]?.link.searchParams.get('oobCode');
      expect((await h.agent().post('/api/auth/verify-email', { oobCode: fresh })).status).toBe(200);
    });

    it('does not tell an unverified user apart from a wrong password when the password is wrong', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      const res = await h.agent().post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('invalid-credential');
    });

    it('allows 5 attempts per email in 15 minutes, refuses the 6th even with the right password, then resets', async () => {
      const { email, password } = await signUpAndVerify(h);
      const firstFailure = h.clock.now();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const res = await h.agent().post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
        expect(res.status).toBe(401);
        // The window runs from the first failure, whenever the others came.
        h.clock.advance(60 * 1000);
      }
      const sixth = await h.agent().post('/api/auth/sign-in', { email, password });
      expect(sixth.status).toBe(429);
      const retryAt = new Date(firstFailure.getTime() + 15 * 60 * 1000);
      // The words SPEC gives, and when the person may try again: in the body and as Retry-After.
      expect(sixth.json).toEqual({
        code: 'too-many-login-attempts',
        message: 'Too many login attempts. Please try again later.',
        retryAt: retryAt.toISOString(),
      });
      expect(sixth.headers.get('retry-after')).toBe(String(10 * 60));
      h.clock.set(new Date(retryAt.getTime() - 1000));
      const justBefore = await h.agent().post('/api/auth/sign-in', { email, password });
      expect(justBefore.status).toBe(429);
      expect(justBefore.json.retryAt).toBe(retryAt.toISOString());
      expect(justBefore.headers.get('retry-after')).toBe('1');
      h.clock.set(retryAt);
      const later = await h.agent().post('/api/auth/sign-in', { email, password });
      expect(later.status).toBe(200);
    });

    it('counts the limit per email, not per client', async () => {
      const { email, password } = await signUpAndVerify(h);
      const other = await signUpAndVerify(h);
      for (let attempt = 2; attempt <= 6; attempt += 1) {
        await h.agent().post('/api/auth/sign-in', { email, password: 'Wrong#Password1' });
      }
      expect((await h.agent().post('/api/auth/sign-in', { email, password })).status).toBe(429);
      expect((await h.agent().post('/api/auth/sign-in', { email: other.email, password: other.password })).status).toBe(200);
    });

    it('refuses a missing password', async () => {
      const res = await h.agent().post('/api/auth/sign-in', { email: uniqueEmail() });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('missing-fields');
    });
  });

  describe('resend verification', () => {
    it('sends a new email, then refuses another within 60 s, then waits 300 s after a refusal', async () => {
      const email = uniqueEmail();
      await h.agent().post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      const first = await h.agent().post('/api/auth/send-verification', { email });
      expect(first.status).toBe(200);
      expect(await h.mailTo(email)).toHaveLength(2);

      h.clock.advance(30_000);
      const early = await h.agent().post('/api/auth/send-verification', { email });
      expect(early.status).toBe(429);
      expect(early.json).toEqual({ code: 'too-many-requests', message: AUTH_MESSAGES['too-many-requests'] });
      expect(early.headers.get('retry-after')).toBe('300');

      h.clock.advance(120_000);
      expect((await h.agent().post('/api/auth/send-verification', { email })).status).toBe(429);
      h.clock.advance(301_000);
      expect((await h.agent().post('/api/auth/send-verification', { email })).status).toBe(200);
      expect(await h.mailTo(email)).toHaveLength(3);
    });

    it('answers the same for an address without an account, and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await h.agent().post('/api/auth/send-verification', { email });
      expect(res.status).toBe(200);
      expect(await h.mailTo(email)).toHaveLength(0);
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists', async () => {
      const { email } = await signUpAndVerify(h);
      const known = await h.agent().post('/api/auth/request-password-reset', { email });
      const unknown = await h.agent().post('/api/auth/request-password-reset', { email: uniqueEmail('ghost') });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.json).toEqual(known.json);
    });

    it('resets with the emailed link once, ends old sessions, and refuses the link the second time', async () => {
      const { email, agent: oldSession } = await signUpAndVerify(h);
      await h.agent().post('/api/auth/request-password-reset', { email });
      const mail = (await h.mailTo(email)).find((m) => m.link.searchParams.get('mode') === 'resetPassword');
      expect(mail?.subject).toBe('Reset your Gratitude Journal password');
      const oobCode = mail?.link.searchParams.get('oobCode');

      const check = await h.agent().post('/api/auth/check-action', { mode: 'resetPassword', oobCode });
      expect(check.json).toEqual({ email });

      const newPassword = 'Another#Pass99';
      expect((await h.agent().post('/api/auth/reset-password', { oobCode, newPassword })).status).toBe(200);
      const reused = await h.agent().post('/api/auth/reset-password', { oobCode, newPassword: 'Third#Pass999' });
      expect(reused.status).toBe(400);
      expect(reused.json).toEqual({ code: 'expired-reset-code', message: AUTH_MESSAGES['expired-reset-code'] });
      const recheck = await h.agent().post('/api/auth/check-action', { mode: 'resetPassword', oobCode });
      expect(recheck.json.code).toBe('expired-reset-code');

      expect((await oldSession.get('/api/auth/session')).json.user).toBeNull();
      expect((await h.agent().post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
      expect((await h.agent().post('/api/auth/sign-in', { email, password: newPassword })).status).toBe(200);
    });

    it('voids the older reset links of the account once one of them is used', async () => {
      const { email } = await signUpAndVerify(h);
      await h.agent().post('/api/auth/request-password-reset', { email });
      h.clock.advance(61_000);
      await h.agent().post('/api/auth/request-password-reset', { email });
      const codes = (await h.mailTo(email))
        .filter((m) => m.link.searchParams.get('mode') === 'resetPassword')
        .map((m) => m.link.searchParams.get('oobCode'));
      expect(codes).toHaveLength(2);
      const [older, newer] = codes;
      expect((await h.agent().post('/api/auth/reset-password', { oobCode: newer, newPassword: 'Newest#Pass1' })).status).toBe(200);
      const stale = await h.agent().post('/api/auth/reset-password', { oobCode: older, newPassword: 'Sneaky#Pass1' });
      expect(stale.json).toEqual({ code: 'expired-reset-code', message: AUTH_MESSAGES['expired-reset-code'] });
      expect((await h.agent().post('/api/auth/sign-in', { email, password: 'Newest#Pass1' })).status).toBe(200);
    });

    it('lets a reset link expire after an hour', async () => {
      const { email } = await signUpAndVerify(h);
      await h.agent().post('/api/auth/request-password-reset', { email });
      const mail = (await h.mailTo(email)).find((m) => m.link.searchParams.get('mode') === 'resetPassword');
      const oobCode = mail?.link.searchParams.get('oobCode');
      h.clock.advance(60 * 60 * 1000 + 1);
      try {
        const res = await h.agent().post('/api/auth/reset-password', { oobCode, newPassword: 'Late#Pass123' });
        expect(res.json).toEqual({ code: 'expired-reset-code', message: AUTH_MESSAGES['expired-reset-code'] });
      } finally {
        h.clock.advance(-(60 * 60 * 1000 + 1));
      }
    });

    it('refuses a new password shorter than 8 characters', async () => {
      const res = await h.agent().post('/api/auth/reset-password', { oobCode: 'y'.repeat(24), newPassword: 'short' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'reset-password-too-short', message: AUTH_MESSAGES['reset-password-too-short'] });
    });
  });

  describe('signed-in account actions', () => {
    it('changes the password with the current one and ends the other sessions', async () => {
      const { email, password, agent } = await signUpAndVerify(h);
      const otherDevice = h.agent();
      expect((await otherDevice.post('/api/auth/sign-in', { email, password })).status).toBe(200);

      const wrong = await agent.post('/api/auth/change-password', { currentPassword: 'Nope#12345', newPassword: 'Changed#2026' });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toEqual({ code: 'wrong-current-password', message: 'Your current password is incorrect' });

      const res = await agent.post('/api/auth/change-password', { currentPassword: password, newPassword: 'Changed#2026' });
      expect(res.status).toBe(200);
      expect((await agent.get('/api/auth/session')).json.user).toMatchObject({ email });
      expect((await otherDevice.get('/api/auth/session')).json.user).toBeNull();
      expect((await h.agent().post('/api/auth/sign-in', { email, password: 'Changed#2026' })).status).toBe(200);
    });

    it('refuses account actions without a session', async () => {
      const res = await h.agent().post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'Changed#2026' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 'no-user', message: 'No user logged in' });
      const profile = await h.agent().patch('/api/profile', { displayName: 'X' });
      expect(profile.status).toBe(401);
      expect(profile.json.message).toBe('No user logged in');
    });

    it('signs out on the server: the old cookie no longer works', async () => {
      const { agent } = await signUpAndVerify(h);
      const stolen = h.agent();
      const cookie = (await agent.get('/api/auth/session')).headers;
      expect(cookie).toBeDefined();
      const before = await agent.get('/api/profile');
      expect(before.status).toBe(200);
      // Copy the cookie jar into a second client, as an attacker who kept the cookie would.
      Object.assign(stolen, { cookies: new Map((agent as unknown as { cookies: Map<string, string> }).cookies) });
      expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
      expect((await stolen.get('/api/profile')).status).toBe(401);
    });
  });

  describe('profile', () => {
    it('reads and updates only the signed-in user’s own profile', async () => {
      const ada = await signUpAndVerify(h, { name: 'Ada' });
      const bob = await signUpAndVerify(h, { name: 'Bob' });
      const res = await ada.agent.patch('/api/profile', {
        displayName: '  Ada L.  ',
        theme: 'serene',
        preferences: { showMemorySection: true },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ uid: ada.userId, displayName: 'Ada L.', theme: 'serene', showMemorySection: true });
      expect((await ada.agent.get('/api/auth/session')).json.user).toMatchObject({ displayName: 'Ada L.' });
      const bobs = await bob.agent.get('/api/profile');
      expect(bobs.json).toMatchObject({ uid: bob.userId, displayName: 'Bob', theme: null, showMemorySection: false });
      // There is no way to name another user: extra fields are refused, not applied.
      const sneaky = await bob.agent.patch('/api/profile', { uid: ada.userId, displayName: 'Mallory' });
      expect(sneaky.status).toBe(400);
      expect((await ada.agent.get('/api/profile')).json.displayName).toBe('Ada L.');
    });

    it('refuses a blank display name and an unknown theme', async () => {
      const { agent } = await signUpAndVerify(h);
      const blank = await agent.patch('/api/profile', { displayName: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.json.code).toBe('invalid-display-name');
      const theme = await agent.patch('/api/profile', { theme: 'neon' });
      expect(theme.status).toBe(400);
      expect(theme.json.code).toBe('invalid-theme');
    });

    it('says why a display name is refused, and keeps the old one', async () => {
      const { agent } = await signUpAndVerify(h);
      const refusals: [unknown, string, string][] = [
        ['x'.repeat(101), 'display-name-too-long', 'Display name must be at most 100 characters'],
        ['Ada\u0000Lovelace', 'display-name-characters', 'Display name cannot contain control characters'],
        ['Ada\nLovelace', 'display-name-characters', 'Display name cannot contain control characters'],
        ['Ada\u2028Lovelace', 'display-name-characters', 'Display name cannot contain control characters'],
        [5, 'invalid-profile', 'Invalid profile update'],
      ];
      for (const [displayName, code, message] of refusals) {
        const res = await agent.patch('/api/profile', { displayName });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code, message });
      }
      expect((await agent.patch('/api/profile', { displayName: 'x'.repeat(100) })).status).toBe(200);
      expect((await agent.get('/api/profile')).json.displayName).toBe('x'.repeat(100));
    });
  });
});

describe('session cookie', () => {
  it('refuses a cookie whose signature was tampered with, and a made-up token', async () => {
    const h = await createHarness('sqlite');
    try {
      const { agent } = await signUpAndVerify(h);
      const jar = (agent as unknown as { cookies: Map<string, string> }).cookies;
      const [name, value] = [...jar].find(([key]) => key.includes('session_token')) ?? ['', ''];
      expect(name).not.toBe('');
      const decoded = decodeURIComponent(value);
      const token = decoded.slice(0, decoded.lastIndexOf('.'));
      const forged = h.agent();
      for (const candidate of [`${token}.${'A'.repeat(43)}=`, `${'x'.repeat(32)}.${decoded.slice(decoded.lastIndexOf('.') + 1)}`, token]) {
        const res = await forged.get('/api/profile', { cookie: `${name}=${encodeURIComponent(candidate)}` });
        expect(res.status).toBe(401);
      }
      expect((await agent.get('/api/profile')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
