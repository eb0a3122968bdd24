import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const outbox = (env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/outbox.mjs'], {
    env: { ...process.env, NODE_ENV: 'development', ...env },
  });

/** An email as the server's outbox writes it: built by nodemailer, its text part quoted-printable. */
async function writeEmail(file: string, text: string): Promise<void> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { message } = await builder.sendMail({
    from: 'Gratitude Journal <no-reply@localhost>',
    to: 'ada@example.com',
    subject: 'Verify your email for Gratitude Journal',
    text,
  });
  await writeFile(file, message as Buffer);
}

describe('npm run outbox', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the recipient, subject and our own link whole, where the file has it cut and encoded', async () => {
    const link = `https://journal.example.com/verify-email?mode=verifyEmail&oobCode=${'A1b2-C3d4_'.repeat(5)}`;
    const file = join(dir, '2026-03-15T09-00-00-000Z-1.eml');
    await writeEmail(
      file,
      `Hello Ada,\n\nPlease verify your email: ${link}\n\nNot ours: https://elsewhere.example/verify-email?mode=x\n`,
    );
    const raw = await readFile(file, 'utf8');
    expect(raw).not.toContain(link);
    expect(raw).toContain('=3D');

    const { stdout } = await outbox({ MAIL_OUTBOX_DIR: dir, APP_URL: 'https://journal.example.com' });
    expect(stdout).toContain('to ada@example.com');
    expect(stdout).toContain('Verify your email for Gratitude Journal');
    expect(stdout.split('\n')).toContain(`  ${link}`);
    expect(stdout).not.toContain('elsewhere.example');
    expect(stdout).not.toContain('=3D');
  });

  it('says so when the outbox is empty', async () => {
    const { stdout } = await outbox({ MAIL_OUTBOX_DIR: join(dir, 'none') });
    expect(stdout).toContain(`No emails in ${join(dir, 'none')}`);
  });
});
