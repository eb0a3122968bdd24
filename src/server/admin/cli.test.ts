import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedInvite, runAdmin } from '../../../e2e/support/admin';
import { runAdmin as runCommandLine } from './cli';
import { API_PASSWORD, apiRequest, sessionCookie } from '../../../e2e/support/api';
import { type RunningServer, startServer } from '../../../e2e/support/server';
import { localDayKey } from '../../shared/dates';
import { AUTH_MESSAGES } from '../../shared/messages';
import { openDatabase } from '../db/connect';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';

const COMMANDS = ['users', 'invite', 'disable', 'enable', 'delete', 'verify', 'resend', 'help'];
const SECRET_TEXT = 'The robin on the fence this morning';
/** Each command line here starts a process, several at once on a busy machine. */
const SLOW = { timeout: 180_000 };
const AUTH_SECRET = 'admin-test-secret-'.padEnd(40, 'x');

/** A SQLite database as a server makes it, in a folder of its own, on which no server has started. */
async function databaseNoServerStarted(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'journal-admin-'));
  const database = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'journal.db') });
  await database.close();
  return dataDir;
}

/** Mistakes in the command line, and what the operator is told: each exits 2 before the database is opened. */
const MISTAKES: [string[], RegExp][] = [
  [[], /Usage: npm run admin -- <command>/],
  [['frob'], /Unknown command 'frob'/],
  [['disable'], /'disable' needs an email address/],
  [['delete', 'a@example.com', 'b@example.com'], /'delete' takes one email address/],
  [['verify', 'not-an-address'], /'not-an-address' is not an email address/],
  [['invite', '--uses', '0'], /--uses must be from 1 to 1000/],
  [['invite', '--uses=1001'], /--uses must be from 1 to 1000/],
  [['invite', '--days', 'soon'], /--days needs a whole number/],
  [['invite', '--days'], /--days needs a whole number/],
  [['invite', '--forever'], /Unknown option for 'invite': --forever/],
  [['users', 'everyone'], /'users' takes no arguments/],
];

describe('the command line', () => {
  it('is checked before anything is opened, every mistake with status 2 and what to do', async () => {
    for (const [args, told] of MISTAKES) {
      const lines: string[] = [];
      const status = await runCommandLine(args, { DATA_DIR: '/nonexistent/never-opened' }, { out: (line) => lines.push(line), err: (line) => lines.push(line) });
      expect(status, args.join(' ')).toBe(2);
      expect(lines.join('\n')).toMatch(told);
    }
  });

  it('refuses without the server’s settings, and leaves nothing behind: no secret, no database, no folder', SLOW, async () => {
    // `npm run admin -- users` in a checkout where no server has run, with no DATA_DIR: ./data is not there.
    const checkout = mkdtempSync(join(tmpdir(), 'journal-checkout-'));
    try {
      const run = await runAdmin(['users'], {}, { cwd: checkout });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`There is no database at ${join(checkout, 'data', 'journal.db')}.`);
      expect(readdirSync(checkout)).toEqual([]);
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('refuses a database without the secret the server signs with, and makes none', SLOW, async () => {
    const dataDir = await databaseNoServerStarted();
    try {
      const before = readdirSync(dataDir).sort();
      const run = await runAdmin(['invite'], { DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`AUTH_SECRET is not set, and ${dataDir} holds no auth-secret file`);
      expect(readdirSync(dataDir).sort()).toEqual(before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on a database no server has started on, links to its own address and says so; an empty PORT is unset', SLOW, async () => {
    const dataDir = await databaseNoServerStarted();
    try {
      const run = await runAdmin(['invite'], { DATA_DIR: dataDir, AUTH_SECRET, PORT: '', SIGNUPS: 'invite' });
      const { code, link } = printedInvite(run);
      expect(link).toBe(`http://localhost:3000/login?mode=signup&invite=${code}`);
      expect(run.stdout).toContain(
        "Note: no server has started on this database yet, so the link and the sign-up mode are this command's own settings (APP_URL, PORT, SIGNUPS), which may not be the server's.",
      );
      expect(run.stdout).not.toContain('SIGNUPS is');
      const closed = await runAdmin(['invite'], { DATA_DIR: dataDir, AUTH_SECRET, SIGNUPS: 'closed', APP_URL: 'https://journal.example.com' });
      expect(printedInvite(closed).link).toMatch(/^https:\/\/journal\.example\.com\/login\?mode=signup&invite=/);
      expect(closed.stdout).toContain(
        'Note: SIGNUPS is closed here, so nobody can sign up, even with this code. Set SIGNUPS=invite on the server to let its holders in.',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin beside a server started without APP_URL, with sign-ups open', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ APP_URL: undefined, AUTH_SECRET });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('links to the server’s address, not its own, and says what the server’s settings mean for the code', SLOW, async () => {
    // The operator's shell says invite and names an address; the running server says otherwise.
    const run = await runAdmin(['invite'], { DATA_DIR: server.dataDir, AUTH_SECRET, SIGNUPS: 'invite', APP_URL: 'https://journal.example.com' });
    const { code, link } = printedInvite(run);
    expect(link).toBe(`${server.url}/login?mode=signup&invite=${code}`);
    const notes = run.stdout.split('\n').filter((line) => line.startsWith('Note:'));
    expect(notes).toEqual([
      'Note: the server runs with SIGNUPS=open, so sign-up does not ask for a code. Set SIGNUPS=invite on the server, and start it again, to require one.',
      `Note: the server has no APP_URL, so this link opens only on the server's own machine. Set APP_URL on the server to the address people open.`,
      `Note: APP_URL here is https://journal.example.com, but the server's address is ${server.url}: the link is the server's.`,
    ]);
  });
});

describe.each(DATABASE_KINDS)('npm run admin on %s, beside two running servers', (kind) => {
  let a: RunningServer;
  let b: RunningServer;
  let database: TestDatabase | undefined;
  /** The servers' settings, which the operator runs the command with. */
  let env: NodeJS.ProcessEnv;
  const temporary: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    temporary.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const mail = { AUTH_SECRET, MAIL_OUTBOX_DIR: tempDir('journal-outbox-') };
    const shared = { ...mail, SIGNUPS: 'invite' };
    // The command is given where the database is, the secret and the mail settings; the address its links use and
    // the sign-up mode come from the server that started last (b: each test server has an address of its own).
    if (kind === 'sqlite') {
      const dataDir = tempDir('journal-admin-');
      a = await startServer(shared, { dataDir });
      b = await startServer(shared, { dataDir });
      env = { ...mail, DATA_DIR: dataDir };
    } else {
      database = await createTestDatabase('postgres', '');
      if (database.settings.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const settings = { ...shared, DATABASE_URL: database.settings.url };
      a = await startServer(settings);
      b = await startServer(settings);
      env = { ...mail, DATABASE_URL: database.settings.url, DATA_DIR: tempDir('journal-admin-') };
    }
  });
  afterAll(async () => {
    await a.stop({ keepData: true });
    await b.stop({ keepData: true });
    await database?.drop();
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  });

  const admin = (...args: string[]) => runAdmin(args, env);
  const signUp = (server: RunningServer, email: string, inviteCode: string) =>
    apiRequest(server.url, 'POST', '/api/auth/sign-up', { body: { name: 'Ada', email, password: API_PASSWORD, inviteCode } });
  const signIn = (server: RunningServer, email: string) =>
    apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email, password: API_PASSWORD } });
  /** The cells of the `users` table's row for this address. */
  async function usersRow(email: string): Promise<string[] | undefined> {
    const run = await admin('users');
    expect(run.status).toBe(0);
    const line = run.stdout.split('\n').find((row) => row.startsWith(`${email} `));
    return line?.split(/\s{2,}/);
  }

  const unverified = `unverified-${kind}@example.com`;
  const person = `person-${kind}@example.com`;

  it('explains itself, and refuses a wrong command line with status 2', SLOW, async () => {
    const help = await admin('help');
    expect(help.status).toBe(0);
    for (const command of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    const runs = await Promise.all(MISTAKES.slice(0, 3).map(([args]) => admin(...args)));
    runs.forEach((run, index) => {
      expect(run.status, MISTAKES[index]?.[0].join(' ')).toBe(2);
      expect(run.stderr).toMatch(MISTAKES[index]?.[1] ?? /never/);
    });
  });

  it('refuses to run on settings that are not the server’s', SLOW, async () => {
    const elsewhere =
      kind === 'sqlite'
        ? await runAdmin(['users'], { ...env, DATA_DIR: join(tempDir('journal-empty-'), 'data') })
        : await runAdmin(['users'], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toMatch(kind === 'sqlite' ? /There is no database at .*journal\.db/ : /Could not open the database/);
  });

  it('makes invite codes whose links sign people up on either server, once per use', SLOW, async () => {
    const single = await admin('invite');
    expect(single.stdout).toMatch(/^Created an invite for 1 sign-up, valid until .* UTC \(7 days\)\.$/m);
    expect(single.stdout).not.toContain('Note:');
    const { code, link } = printedInvite(single);
    expect(link).toBe(`${b.url}/login?mode=signup&invite=${code}`);
    expect((await signUp(a, unverified, code)).status).toBe(201);
    const again = await signUp(b, `late-${kind}@example.com`, code);
    expect(await again.json()).toEqual({ code: 'invalid-invite', message: AUTH_MESSAGES['invalid-invite'] });

    const family = await admin('invite', '--uses', '2', '--days', '1');
    expect(family.stdout).toMatch(/^Created an invite for 2 sign-ups, valid until .* UTC \(1 day\)\.$/m);
    const shared = printedInvite(family).code;
    expect((await signUp(b, person, shared)).status).toBe(201);
    expect((await signUp(a, `sibling-${kind}@example.com`, shared)).status).toBe(201);
    expect((await signUp(a, `cousin-${kind}@example.com`, shared)).status).toBe(400);
  });

  it('verifies an address, and resends a verification email that goes out and works', SLOW, async () => {
    const verify = await admin('verify', person.toUpperCase());
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain(`Verified the email address of ${person}`);
    expect((await signIn(b, person)).status).toBe(200);
    expect((await admin('verify', person)).stdout).toContain(`${person} is already verified. Nothing changed.`);

    const resend = await admin('resend', unverified);
    expect(resend.status).toBe(0);
    expect(resend.stdout).toMatch(/Sent a new verification email|a running server is sending it/);
    const mail = await a.waitForMail(unverified, { nth: 2 });
    const oobCode = new URL(mail.link).searchParams.get('oobCode');
    expect((await apiRequest(a.url, 'POST', '/api/auth/verify-email', { body: { oobCode } })).status).toBe(200);

    const refused = await admin('resend', person);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${person} is already verified: no email is needed.`);
  });

  it('lists every account with its counts, and never a word of a journal', SLOW, async () => {
    const signedIn = await signIn(a, person);
    const cookie = sessionCookie(signedIn);
    for (const gratitude of [SECRET_TEXT, 'Warm bread']) {
      const content = { gratitude, celebration: '', manifestation: '' };
      const created = await apiRequest(a.url, 'POST', '/api/entries', { cookie, body: { content, localDate: localDayKey(new Date()) } });
      expect(created.status).toBe(201);
    }
    // A photo of a few hundred kB: counted and sized, never shown.
    const noise = Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const photo = await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } }).png().toBuffer();
    const uploaded = await fetch(`${a.url}/api/photos`, {
      method: 'POST',
      headers: { cookie, origin: a.url, 'content-type': 'image/png' },
      body: new Uint8Array(photo),
    });
    expect(uploaded.status).toBe(201);
    const run = await admin('users');
    expect(run.stdout.split('\n')[0]).toMatch(/^EMAIL\s+CREATED\s+VERIFIED\s+DISABLED\s+LAST SIGN-IN\s+ENTRIES\s+PHOTOS\s+PHOTO MB$/);
    expect(run.stdout).toContain('3 accounts');
    expect(run.stdout).not.toContain(SECRET_TEXT);
    expect(run.stdout).not.toContain('Warm bread');
    const time = /^\d{4}-\d\d-\d\d \d\d:\d\d$/;
    const row = await usersRow(person);
    expect(row?.[0]).toBe(person);
    expect(row?.[1]).toMatch(time);
    expect(row?.slice(2, 4)).toEqual(['yes', 'no']);
    expect(row?.[4]).toMatch(time);
    expect(row?.[5]).toBe('2');
    expect(row?.[6]).toBe('1');
    expect(Number(row?.[7])).toBeGreaterThan(0);
    const never = await usersRow(`sibling-${kind}@example.com`);
    expect(never?.slice(2)).toEqual(['no', 'no', '-', '0', '0', '0.0']);
  });

  it('disables an account: its sessions end on both servers at once, and enable lets it back in', SLOW, async () => {
    const onA = sessionCookie(await signIn(a, person));
    const onB = sessionCookie(await signIn(b, person));
    expect((await apiRequest(b.url, 'GET', '/api/profile', { cookie: onA })).status).toBe(200);

    const disable = await admin('disable', person);
    expect(disable.status).toBe(0);
    expect(disable.stdout).toContain(`Disabled ${person}: signed out everywhere`);
    for (const [server, cookie] of [[a, onA], [b, onB], [a, onB], [b, onA]] as const) {
      expect((await apiRequest(server.url, 'GET', '/api/profile', { cookie })).status).toBe(401);
    }
    const refused = await signIn(b, person);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 'account-disabled', message: 'This account has been disabled. Please contact support.' });
    expect((await usersRow(person))?.[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect((await admin('disable', person)).stdout).toContain(`${person} was already disabled. Nothing changed.`);

    const enable = await admin('enable', person);
    expect(enable.status).toBe(0);
    expect(enable.stdout).toContain(`Enabled ${person}: they can sign in again.`);
    const back = await signIn(a, person);
    expect(back.status).toBe(200);
    const day = await apiRequest(a.url, 'GET', `/api/entries?day=${localDayKey(new Date())}`, { cookie: sessionCookie(back) });
    expect(((await day.json()) as { entries: unknown[] }).entries).toHaveLength(2);
    expect((await admin('enable', person)).stdout).toContain(`${person} is not disabled. Nothing changed.`);
  });

  it('deletes an account and its journal for good', SLOW, async () => {
    const cookie = sessionCookie(await signIn(b, person));
    const run = await admin('delete', person);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Deleted ${person} and everything of theirs: 2 entries`);
    expect((await apiRequest(a.url, 'GET', '/api/profile', { cookie })).status).toBe(401);
    expect((await signIn(a, person)).status).toBe(401);
    expect(await usersRow(person)).toBeUndefined();
    expect((await admin('users')).stdout).toContain('2 accounts');
  });

  it('says so, with status 1, when no account has the address', SLOW, async () => {
    const nobody = `nobody-${kind}@example.com`;
    const runs = await Promise.all(['disable', 'enable', 'delete', 'verify', 'resend'].map((command) => admin(command, nobody)));
    for (const run of runs) {
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(`No account with the email address ${nobody}.`);
    }
  });
});
