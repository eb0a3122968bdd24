import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, STRONG_PASSWORD, uniqueEmail } from '../test/harness';

interface Answer {
  status: number;
  json: { code?: string; message?: string } & Record<string, unknown>;
  setCookies: string[];
}

/**
 * A request over a real connection to 127.0.0.1, with the Host and Origin a browser would send from the address it
 * shows (the server cannot tell which name the browser resolved: only these two headers say it).
 */
function send(
  port: number,
  method: string,
  path: string,
  { host, origin, body, cookie }: { host: string; origin?: string; body?: unknown; cookie?: string },
): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: {
        host,
        ...(origin === undefined ? {} : { origin }),
        ...(cookie ? { cookie } : {}),
        ...(text === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
      },
    });
    request.on('response', (response) => {
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      response.on('end', () => {
        const header = response.headers['set-cookie'] ?? [];
        resolve({ status: response.statusCode ?? 0, json: received ? JSON.parse(received) : {}, setCookies: header });
      });
    });
    request.on('error', reject);
    request.end(text);
  });
}

const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(';')[0]).join('; ');

/** A harness served over HTTP on a port of its own, with PORT set to that port as the operator's server would be. */
async function servedHarness(env: NodeJS.ProcessEnv): Promise<{ h: Harness; port: number; close: () => Promise<void> }> {
  const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const h = await createHarness('sqlite', { PORT: String(port), ...env });
  const server: ServerType = serve({ fetch: h.journal.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    h,
    port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await h.close();
    },
  };
}

describe('a journal started without APP_URL, as npm start runs it', () => {
  let served: Awaited<ReturnType<typeof servedHarness>>;
  let port = 0;
  beforeAll(async () => {
    served = await servedHarness({ APP_URL: undefined });
    port = served.port;
  });
  afterAll(async () => {
    await served.close();
  });

  it.each(['127.0.0.1', 'localhost', '[::1]'])(
    'takes sign-up, sign-in and writes from http://%s on its own port, and keeps the session there',
    async (name) => {
      const at = { host: `${name}:${port}`, origin: `http://${name}:${port}` };
      const email = uniqueEmail();
      const signUp = await send(port, 'POST', '/api/auth/sign-up', { ...at, body: { name: 'Ada', email, password: STRONG_PASSWORD } });
      expect(signUp.status, JSON.stringify(signUp.json)).toBe(201);

      // The email's link is the server's own address, whichever name the sign-up came from.
      const [mail] = await served.h.mailTo(email);
      expect(mail?.link.origin).toBe(`http://localhost:${port}`);
      const oobCode = mail?.link.searchParams.get('oobCode');
      expect((await send(port, 'POST', '/api/auth/verify-email', { ...at, body: { oobCode } })).status).toBe(200);

      const signIn = await send(port, 'POST', '/api/auth/sign-in', { ...at, body: { email, password: STRONG_PASSWORD } });
      expect(signIn.status).toBe(200);
      // A cookie for the host the browser asked, whatever that was: no Domain that would tie it to another name.
      const session = signIn.setCookies.find((cookie) => cookie.includes('session_token')) ?? '';
      expect(session).not.toMatch(/domain=/i);
      const cookie = cookieHeader(signIn.setCookies);
      const entry = { content: { gratitude: 'Tea at dawn', celebration: '', manifestation: '' }, localDate: '2026-03-15' };
      expect((await send(port, 'POST', '/api/entries', { ...at, cookie, body: entry })).status).toBe(201);
      const read = await send(port, 'GET', '/api/auth/session', { host: at.host, cookie });
      expect(read.json.user).toMatchObject({ email });
      expect((await send(port, 'POST', '/api/auth/sign-out', { ...at, cookie, body: {} })).status).toBe(200);
    },
  );

  it('refuses every other origin, and says which address to open', async () => {
    const refused: [origin: string, host: string][] = [
      // Another port of this machine: another program.
      [`http://127.0.0.1:${port + 1}`, `127.0.0.1:${port}`],
      [`http://localhost:${port + 1}`, `localhost:${port}`],
      // A page at one name writing to another: cross-site for the browser, and not the page's own server.
      [`http://127.0.0.1:${port}`, `localhost:${port}`],
      [`http://[::1]:${port}`, `127.0.0.1:${port}`],
      // Not the plain-http loopback names.
      [`https://127.0.0.1:${port}`, `127.0.0.1:${port}`],
      [`http://127.0.0.2:${port}`, `127.0.0.2:${port}`],
      [`http://localhost.evil.example:${port}`, `localhost.evil.example:${port}`],
      // A name of the attacker's that resolves to 127.0.0.1 (DNS rebinding): the browser sends that name.
      [`http://evil.example:${port}`, `evil.example:${port}`],
      // The machine's address on the network: another device, which APP_URL must name.
      [`http://192.168.1.20:${port}`, `192.168.1.20:${port}`],
      ['null', `localhost:${port}`],
      [`http://127.0.0.1:${port}/`, `127.0.0.1:${port}`],
    ];
    const message = `Open the journal at http://localhost:${port} to do this, or set APP_URL on the server to the address you use.`;
    for (const [origin, host] of refused) {
      const res = await send(port, 'POST', '/api/auth/sign-up', {
        host,
        origin,
        body: { name: 'Eve', email: uniqueEmail('eve'), password: STRONG_PASSWORD },
      });
      expect(res.status, `${origin} at ${host}`).toBe(403);
      expect(res.json, `${origin} at ${host}`).toEqual({ code: 'forbidden-origin', message });
    }
    const anonymous = await send(port, 'POST', '/api/auth/sign-out', { host: `127.0.0.1:${port}`, body: {} });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.code).toBe('forbidden-origin');
  });
});

describe('a journal with APP_URL set', () => {
  let served: Awaited<ReturnType<typeof servedHarness>>;
  let port = 0;
  beforeAll(async () => {
    served = await servedHarness({ APP_URL: 'https://journal.example.com' });
    port = served.port;
  });
  afterAll(async () => {
    await served.close();
  });

  it('takes writes from that address alone, and names it when it refuses one', async () => {
    const body = () => ({ name: 'Ada', email: uniqueEmail(), password: STRONG_PASSWORD });
    const own = await send(port, 'POST', '/api/auth/sign-up', {
      host: 'journal.example.com',
      origin: 'https://journal.example.com',
      body: body(),
    });
    expect(own.status).toBe(201);
    // Even the server's own machine, at its loopback names: the operator named the journal's address.
    for (const name of ['localhost', '127.0.0.1']) {
      const res = await send(port, 'POST', '/api/auth/sign-up', {
        host: `${name}:${port}`,
        origin: `http://${name}:${port}`,
        body: body(),
      });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'forbidden-origin',
        message: 'Open the journal at https://journal.example.com to do this.',
      });
    }
  });
});
