import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/messages';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { DATABASE_KINDS } from '../test/databases';
import { Agent, createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from '../test/harness';

const WRONG = 'Wrong#Password1';
/** The refusal of a sign-in over the limit; `retryAt` says when the window ends (auth.test.ts checks its value). */
const TOO_MANY_LOGINS = {
  code: 'too-many-login-attempts',
  message: 'Too many login attempts. Please try again later.',
  retryAt: expect.any(String),
};
const TOO_MANY_REQUESTS = { code: 'too-many-requests', message: AUTH_MESSAGES['too-many-requests'] };

describe.each(DATABASE_KINDS)('account safety on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown) => h.agent().post(path, body);
  const signIn = (email: string, password: string) => post('/api/auth/sign-in', { email, password });

  async function resetLink(email: string): Promise<string> {
    expect((await post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const mail = (await h.mailTo(email)).filter((m) => m.link.searchParams.get('mode') === 'resetPassword').at(-1);
    const code = mail?.link.searchParams.get('oobCode');
    if (!code) throw new Error('no reset mail');
    return code;
  }

  describe('the sign-in limit counts failed attempts only', () => {
    it('never refuses a person who signs in and out again and again', async () => {
      const { email, password } = await signUpAndVerify(h);
      for (let round = 1; round <= 8; round += 1) {
        const agent = h.agent();
        expect((await agent.post('/api/auth/sign-in', { email, password })).status).toBe(200);
        expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
      }
    });

    it('clears the count on a successful sign-in, and still refuses the sixth failure in a row', async () => {
      const { email, password } = await signUpAndVerify(h);
      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(email, WRONG)).status).toBe(401);
      expect((await signIn(email, password)).status).toBe(200);
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signIn(email, WRONG)).status).toBe(401);
      const sixth = await signIn(email, password);
      expect(sixth.status).toBe(429);
      expect(sixth.json).toEqual(TOO_MANY_LOGINS);
    });

    it('lets a person sign in right after resetting a locked-out password', async () => {
      const { email } = await signUpAndVerify(h);
      for (let attempt = 1; attempt <= 6; attempt += 1) await signIn(email, WRONG);
      expect((await signIn(email, STRONG_PASSWORD)).status).toBe(429);
      const oobCode = await resetLink(email);
      expect((await post('/api/auth/reset-password', { oobCode, newPassword: 'Fresh#Start2026' })).status).toBe(200);
      expect((await signIn(email, 'Fresh#Start2026')).status).toBe(200);
    });
  });

  describe('email cooldowns', () => {
    it('tells the verify screen how long is left, after a send and after a refusal', async () => {
      const email = uniqueEmail('gate');
      await post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD });
      expect((await post('/api/auth/verification-cooldown', { email })).json).toEqual({ retryAfterSeconds: 0 });

      const sent = await post('/api/auth/send-verification', { email });
      expect(sent.json).toEqual({ ok: true, retryAfterSeconds: 60 });
      h.clock.advance(20_000);
      expect((await post('/api/auth/verification-cooldown', { email })).json).toEqual({ retryAfterSeconds: 40 });

      expect((await post('/api/auth/send-verification', { email })).status).toBe(429);
      expect((await post('/api/auth/verification-cooldown', { email })).json).toEqual({ retryAfterSeconds: 300 });
      h.clock.advance(300_000);
      expect((await post('/api/auth/verification-cooldown', { email })).json).toEqual({ retryAfterSeconds: 0 });
    });

    it('answers a resend the same for an unverified account, a verified one and no account', async () => {
      const unverified = uniqueEmail('unverified');
      await post('/api/auth/sign-up', { name: 'Ada', email: unverified, password: STRONG_PASSWORD });
      const { email: verified } = await signUpAndVerify(h);
      const nobody = uniqueEmail('nobody');

      const answers = [];
      for (const email of [unverified, verified, nobody]) {
        const first = await post('/api/auth/send-verification', { email });
        const second = await post('/api/auth/send-verification', { email });
        const cooldown = await post('/api/auth/verification-cooldown', { email });
        answers.push([first, second, cooldown].map((res) => [res.status, res.json, res.headers.get('retry-after')]));
      }
      expect(answers[0]).toEqual([
        [200, { ok: true, retryAfterSeconds: 60 }, null],
        [429, TOO_MANY_REQUESTS, '300'],
        [200, { retryAfterSeconds: 300 }, null],
      ]);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      // Only the unverified account gets an email (its sign-up email and the resend).
      expect(await h.mailTo(unverified)).toHaveLength(2);
      expect(await h.mailTo(verified)).toHaveLength(1);
      expect(await h.mailTo(nobody)).toHaveLength(0);
    });

    it('sends one reset email for twenty requests at once, and answers an unknown address the same', async () => {
      const { email } = await signUpAndVerify(h);
      const statuses = async (address: string) => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => post('/api/auth/request-password-reset', { email: address })),
        );
        return answers.map((res) => res.status).sort();
      };
      const expected = [200, ...Array<number>(19).fill(429)];
      expect(await statuses(email)).toEqual(expected);
      expect(await statuses(uniqueEmail('ghost'))).toEqual(expected);
      const resets = (await h.mailTo(email)).filter((m) => m.link.searchParams.get('mode') === 'resetPassword');
      expect(resets).toHaveLength(1);

      h.clock.advance(300_000);
      expect((await post('/api/auth/request-password-reset', { email })).status).toBe(200);
    });

    it('does the same database work for an address with an account and one without', async () => {
      // A second app over the same database, whose every statement is recorded with its values blanked.
      const statements: string[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: ({ node }) => {
          statements.push(
            JSON.stringify(node, (key, value: unknown) => {
              if (key === 'value') return typeof value;
              if (key === 'values' && Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
                return value.map((v) => typeof v);
              }
              return value;
            }),
          );
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      };
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dirname(h.outboxDir),
        APP_URL: 'http://localhost:3000',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      });
      const recorded = createApp({
        config,
        database: { ...h.database, db: h.database.db.withPlugin(recorder) },
        logger: createLogger('silent'),
        now: h.clock.now,
      });
      // Its worker stays still: the harness's own sends the mail, so only the requests' statements are recorded.
      await recorded.mailWorker.stop();
      const agent = new Agent(recorded);
      const workOf = async (path: string, email: string) => {
        statements.length = 0;
        const res = await agent.post(path, { email });
        return { status: res.status, body: res.json, statements: [...statements] };
      };
      const unverified = uniqueEmail('unverified');
      const { email: verified } = await signUpAndVerify(h);
      try {
        await post('/api/auth/sign-up', { name: 'Ada', email: unverified, password: STRONG_PASSWORD });

        const reset = await workOf('/api/auth/request-password-reset', verified);
        expect(reset.statements.length).toBeGreaterThan(0);
        expect(await workOf('/api/auth/request-password-reset', uniqueEmail('ghost'))).toEqual(reset);

        const resend = await workOf('/api/auth/send-verification', unverified);
        expect(await workOf('/api/auth/send-verification', verified)).toEqual(resend);
        expect(await workOf('/api/auth/send-verification', uniqueEmail('ghost'))).toEqual(resend);
      } finally {
        await recorded.close();
      }
      // What was queued is sent by a worker after the answers: here the harness's.
      h.journal.mailWorker.kick();
      const resets = (await h.mailTo(verified)).filter((m) => m.link.searchParams.get('mode') === 'resetPassword');
      expect(resets).toHaveLength(1);
    });
  });

  describe('email links', () => {
    it('keeps no usable link anywhere in the database once the emails are sent', async () => {
      const { email } = await signUpAndVerify(h);
      const codes = [await resetLink(email)];
      const verification = (await h.mailTo(email))[0]?.link.searchParams.get('oobCode');
      if (verification) codes.push(verification);
      expect(codes).toHaveLength(2);

      const { db } = h.database;
      const tables = [
        'user',
        'session',
        'account',
        'verification',
        'profile',
        'email_action',
        'login_attempt',
        'email_throttle',
        'mail_queue',
      ] as const;
      let stored = '';
      for (const table of tables) stored += JSON.stringify(await db.selectFrom(table).selectAll().execute());
      if (kind === 'sqlite') {
        // The files themselves, free pages and write-ahead log included.
        const file = join(dirname(h.outboxDir), 'journal.db');
        for (const suffix of ['', '-wal']) {
          try {
            stored += readFileSync(`${file}${suffix}`).toString('latin1');
          } catch {
            // No write-ahead log at the moment.
          }
        }
      }
      for (const code of codes) expect(stored).not.toContain(code);
    });

    it('voids every outstanding reset link when the password is changed in Settings', async () => {
      const { email, password, agent } = await signUpAndVerify(h);
      const oobCode = await resetLink(email);
      const changed = await agent.post('/api/auth/change-password', { currentPassword: password, newPassword: 'Changed#2026' });
      expect(changed.status).toBe(200);
      const stale = await post('/api/auth/reset-password', { oobCode, newPassword: 'Attacker#2026' });
      expect(stale.json).toEqual({ code: 'expired-reset-code', message: AUTH_MESSAGES['expired-reset-code'] });
      expect((await signIn(email, 'Changed#2026')).status).toBe(200);
    });

    it('puts nothing a person typed into an email, so a name cannot carry a message to a stranger', async () => {
      const email = uniqueEmail('stranger');
      const name = 'Security alert: confirm at https://evil.example/login';
      expect((await post('/api/auth/sign-up', { name, email, password: STRONG_PASSWORD })).status).toBe(201);
      h.clock.advance(61_000);
      await post('/api/auth/request-password-reset', { email });
      const mails = await h.mailTo(email);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        for (const body of [mail.subject, mail.text, mail.html]) {
          expect(body).not.toContain('evil.example');
          expect(body).not.toContain('Security alert');
        }
        expect(mail.text.match(/https?:\/\/\S+/g)?.every((link) => link.startsWith('http://localhost:3000/'))).toBe(true);
      }
    });
  });

  describe('new passwords', () => {
    it('holds a reset to the sign-up rules, and the link still works after a refusal', async () => {
      const { email } = await signUpAndVerify(h);
      const oobCode = await resetLink(email);
      const weak = await post('/api/auth/reset-password', { oobCode, newPassword: 'aaaaaaaa' });
      expect(weak.status).toBe(400);
      expect(weak.json).toEqual({ code: 'password-requirements', message: AUTH_MESSAGES['password-requirements'] });
      const short = await post('/api/auth/reset-password', { oobCode, newPassword: 'Ab#1' });
      expect(short.json).toEqual({ code: 'reset-password-too-short', message: AUTH_MESSAGES['reset-password-too-short'] });
      expect((await signIn(email, 'aaaaaaaa')).status).toBe(401);
      expect((await post('/api/auth/reset-password', { oobCode, newPassword: 'Strong#Reset1' })).status).toBe(200);
    });

    it('holds a change in Settings to the sign-up rules, and keeps the old password', async () => {
      const { email, password, agent } = await signUpAndVerify(h);
      for (const newPassword of ['aaaaaa', 'aaaaaaaa', 'Abcdefgh1', 'A'.repeat(129) + 'a#1']) {
        const res = await agent.post('/api/auth/change-password', { currentPassword: password, newPassword });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code: 'password-requirements', message: AUTH_MESSAGES['password-requirements'] });
      }
      expect((await signIn(email, password)).status).toBe(200);
    });
  });

  describe('display names', () => {
    it('refuses half of a surrogate pair, at sign-up and in the profile, and keeps the old name', async () => {
      const refused = { code: 'display-name-characters', message: AUTH_MESSAGES['display-name-characters'] };
      const email = uniqueEmail('surrogate');
      const signUp = await post('/api/auth/sign-up', { name: 'Ada\uD800', email, password: STRONG_PASSWORD });
      expect(signUp.status).toBe(400);
      expect(signUp.json).toEqual(refused);

      const { agent } = await signUpAndVerify(h, { name: 'Grace' });
      for (const displayName of ['Grace\uDC00', '\uD83D' + 'x'.repeat(99)]) {
        const res = await agent.patch('/api/profile', { displayName });
        expect(res.status).toBe(400);
        expect(res.json).toEqual(refused);
      }
      expect((await agent.get('/api/profile')).json.displayName).toBe('Grace');
      // A whole pair is a character like any other.
      expect((await agent.patch('/api/profile', { displayName: 'Grace \uD83C\uDF3B' })).status).toBe(200);
    });
  });

  describe('rows that have served their purpose', () => {
    it('are pruned once expired, while everything still in use stays', async () => {
      const { db } = h.database;
      const { agent, email, password, userId } = await signUpAndVerify(h);
      await signIn(email, WRONG);
      expect((await agent.request('DELETE', '/api/account', { password: WRONG })).status).toBe(400);
      await resetLink(email);
      const liveSession = h.agent();
      h.clock.advance(2 * 60 * 60 * 1000);
      // Still in use two hours on: this session and a fresh failed attempt of another address.
      expect((await liveSession.post('/api/auth/sign-in', { email, password })).status).toBe(200);
      const other = uniqueEmail('other');
      await signIn(other, WRONG);

      await h.journal.pruner.run();

      const attempts = await db.selectFrom('login_attempt').select('email').where('email', 'in', [email, other]).execute();
      expect(attempts.map((row) => row.email)).toEqual([other]);
      expect(await db.selectFrom('password_check').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
      // The reset code has expired; the verification code, used, stays a month past its expiry, so that its link
      // opened again says the address is verified.
      expect(await db.selectFrom('email_action').select('kind').where('email', '=', email).execute()).toEqual([
        { kind: 'verifyEmail' },
      ]);
      expect(await db.selectFrom('mail_queue').select('id').execute()).toEqual([]);
      expect((await liveSession.get('/api/profile')).status).toBe(200);

      // Sessions end 30 days after they were last renewed (better-auth dates them by the real clock): pruned then.
      const before = h.clock.now();
      h.clock.set(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
      try {
        await h.journal.pruner.run();
        const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        expect(await db.selectFrom('session').select('id').where('userId', '=', user.id).execute()).toEqual([]);
        expect(await db.selectFrom('email_throttle').select('key').execute()).toEqual([]);
        expect(await db.selectFrom('email_action').select('kind').where('email', '=', email).execute()).toEqual([]);
      } finally {
        h.clock.set(before);
      }
    });
  });
});
