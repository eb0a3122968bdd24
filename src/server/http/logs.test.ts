import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, STRONG_PASSWORD, uniqueEmail } from '../test/harness';

describe('logs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(async () => {
    await h.close();
  });

  it('are structured, carry request ids, and never contain passwords, tokens, cookies or entry text', async () => {
    const secrets: string[] = [STRONG_PASSWORD];
    const email = uniqueEmail('logs');
    const agent = h.agent();
    await agent.post('/api/auth/sign-up', { name: 'Lena', email, password: STRONG_PASSWORD });
    const [verification] = await h.mailTo(email);
    const verifyCode = verification?.link.searchParams.get('oobCode') ?? '';
    secrets.push(verifyCode);
    await agent.post('/api/auth/verify-email', { oobCode: verifyCode });
    await agent.post('/api/auth/sign-in', { email, password: 'Wrong#Guess123' });
    secrets.push('Wrong#Guess123');
    const signIn = await agent.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    for (const cookie of signIn.headers.getSetCookie()) {
      const value = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '');
      secrets.push(value, value.split('.')[0] ?? value);
    }

    const entryText = {
      gratitude: 'Grateful for the secret garden behind the library',
      celebration: 'Celebrating a private victory over fear',
      manifestation: 'Manifesting a quiet cabin by the lake',
    };
    secrets.push(...Object.values(entryText));
    const written = await agent.post('/api/entries', { content: entryText, localDate: '2026-03-15' });
    expect(written.status).toBe(201);
    await agent.put(`/api/entries/${String(written.json.id)}`, { content: { ...entryText, gratitude: 'Edited secret sunrise' }, localDate: '2026-03-15' });
    secrets.push('Edited secret sunrise');

    await agent.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Second#Secret77' });
    secrets.push('Second#Secret77');
    await h.agent().post('/api/auth/request-password-reset', { email });
    const reset = (await h.mailTo(email)).find((mail) => mail.link.searchParams.get('mode') === 'resetPassword');
    const resetCode = reset?.link.searchParams.get('oobCode') ?? '';
    secrets.push(resetCode);
    await h.agent().post('/api/auth/reset-password', { oobCode: resetCode, newPassword: 'Third#Secret888' });
    secrets.push('Third#Secret888');
    await h.agent().post('/api/auth/sign-in', { email, password: 'Third#Secret888' });

    expect(h.logLines.length).toBeGreaterThanOrEqual(12);
    const requests = h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.event === 'http.request');
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const line of requests) expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const log = h.logLines.join('\n');
    for (const secret of secrets.filter((s) => s.length >= 8)) {
      expect(log, `log contains a secret (${secret.slice(0, 4)}…)`).not.toContain(secret);
    }
    expect(log).not.toMatch(/session_token/i);
    expect(log).not.toMatch(/oobCode/i);
  });
});
