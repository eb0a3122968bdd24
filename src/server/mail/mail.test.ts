import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness, STRONG_PASSWORD, uniqueEmail } from '../test/harness';
import { startSmtp } from '../test/smtp';

describe('mail over SMTP', () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('sends the verification email through a real SMTP server, with plain-text and HTML bodies', async () => {
    const smtp = await startSmtp();
    try {
      harness = await createHarness('sqlite', {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Gratitude Journal <hello@journal.test>',
      });
      const email = uniqueEmail('smtp');
      const res = await harness.agent().post('/api/auth/sign-up', { name: 'Sam', email, password: STRONG_PASSWORD });
      expect(res.status).toBe(201);
      await harness.journal.mailWorker.idle();

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from?.value[0]).toMatchObject({ name: 'Gratitude Journal', address: 'hello@journal.test' });
      expect(Array.isArray(mail?.to) ? undefined : mail?.to?.text).toBe(email);
      expect(mail?.subject).toBe('Verify your email for Gratitude Journal');
      expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\?mode=verifyEmail&oobCode=[\w-]{43}/);
      expect(mail?.html).toContain('Hello,');
      // The name typed at sign-up goes nowhere near an inbox that may be a stranger's.
      expect(`${mail?.text} ${mail?.html}`).not.toContain('Sam');
    } finally {
      await smtp.stop();
    }
  });

  it('keeps an email queued while SMTP is down and delivers it once when the server is back', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    harness = await createHarness('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    const email = uniqueEmail('later');
    expect((await harness.agent().post('/api/auth/sign-up', { name: 'Lee', email, password: STRONG_PASSWORD })).status).toBe(201);
    await harness.journal.mailWorker.idle();
    const queued = await harness.database.db.selectFrom('mail_queue').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.sent_at).toBeNull();
    expect(queued[0]?.attempts).toBe(1);

    const smtp = await startSmtp(port);
    try {
      harness.clock.advance(60_000);
      harness.journal.mailWorker.kick();
      await harness.journal.mailWorker.idle();
      harness.clock.advance(60_000);
      harness.journal.mailWorker.kick();
      await harness.journal.mailWorker.idle();
      expect(smtp.received).toHaveLength(1);
      expect(Array.isArray(smtp.received[0]?.to) ? undefined : smtp.received[0]?.to?.text).toBe(email);
    } finally {
      await smtp.stop();
    }
  });
});

describe('mail in development', () => {
  it('prints the link the server made on the console, never a link someone typed', async () => {
    const harness = await createHarness('sqlite', { NODE_ENV: 'development' });
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const email = uniqueEmail('dev');
      const name = 'https://evil.example/confirm';
      expect((await harness.agent().post('/api/auth/sign-up', { name, email, password: STRONG_PASSWORD })).status).toBe(201);
      const [mail] = await harness.mailTo(email);
      const console = printed.join('');
      expect(console).toContain(mail?.link.toString());
      expect(console).not.toContain('evil.example');
    } finally {
      write.mockRestore();
      await harness.close();
    }
  });
});
