import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../app';
import { createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from '../test/harness';
import { exchange, responses } from '../test/raw-http';

describe('hardened HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(async () => {
    await h.close();
  });

  describe('security headers', () => {
    it.each(['/healthz', '/api/auth/session', '/api/no-such-route', '/journal'])('are on %s', async (path) => {
      const res = await h.agent().get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('are the same on the journal’s own answers, reads and writes, as on every other response', async () => {
      const { agent } = await signUpAndVerify(h);
      const reference = (await h.agent().get('/api/no-such-route')).headers;
      const answers = [
        await agent.get('/api/entries?day=2026-03-15'),
        await agent.post('/api/entries', {
          content: { gratitude: 'Tea', celebration: '', manifestation: '' },
          localDate: '2026-03-15',
        }),
        await agent.get('/api/stats?today=2026-03-15'),
        await h.agent().get('/healthz'),
      ];
      for (const res of answers) {
        expect(res.status).toBeLessThan(300);
        for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-resource-policy']) {
          expect(res.headers.get(name)).toBe(reference.get(name));
        }
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get('x-request-id')).not.toBe(reference.get('x-request-id'));
        expect(res.headers.get('content-type')).toBe('application/json');
      }
    });

    it('has a strict Content-Security-Policy', async () => {
      const csp = (await h.agent().get('/healthz')).headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // The demo is the walkthrough the server hosts: its own media, no frame and no other origin at all.
      expect(directives.get('media-src')).toEqual(["'self'"]);
      expect(directives.get('frame-src')).toEqual(["'none'"]);
      expect(csp).not.toContain('youtube');
    });

    it('grants no powerful feature except the video player’s', async () => {
      const policy = (await h.agent().get('/healthz')).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
      expect(policy).toContain('autoplay=(self)');
      expect(policy).not.toContain('youtube');
    });

    it('lets the hosted player in only when DEMO_VIDEO_ID names a hosted video', async () => {
      const hosted = await createHarness('sqlite', { DEMO_VIDEO_ID: 'abcdefghijk' });
      try {
        const headers = (await hosted.agent().get('/healthz')).headers;
        const csp = headers.get('content-security-policy') ?? '';
        expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
        expect(csp).toContain("connect-src 'self' https://www.youtube-nocookie.com;");
        expect(headers.get('permissions-policy')).toContain('autoplay=(self "https://www.youtube-nocookie.com")');
        expect((await hosted.agent().get('/api/config')).json).toMatchObject({ demoVideoId: 'abcdefghijk' });
      } finally {
        await hosted.close();
      }
    });

    it('tells the page to play its own walkthrough when no DEMO_VIDEO_ID is set', async () => {
      expect((await h.agent().get('/api/config')).json).toMatchObject({ demoVideoId: null });
    });

    it('sends no Strict-Transport-Security over plain http', async () => {
      expect((await h.agent().get('/healthz')).headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('request bodies', () => {
    it('refuses a body over the limit with 413 before reading it', async () => {
      const res = await h.agent().post('/api/auth/sign-in', 'x'.repeat(MAX_BODY_BYTES + 1));
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ code: 'payload-too-large', message: 'The request body is too large' });
    });

    it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
      const malformed = await h.agent().post('/api/auth/sign-in', '{"email":');
      expect(malformed.status).toBe(400);
      expect(malformed.json.code).toBe('invalid-json');
      const form = await h.agent().post('/api/auth/sign-in', 'email=a', { 'content-type': 'text/plain' });
      expect(form.status).toBe(415);
      expect(form.json.code).toBe('unsupported-media-type');
    });

    it.each([null, 42, 'text', [], [1, 2], { email: { $gt: '' } }, { email: 'a@b.co', password: 12 }])(
      'answers odd JSON %j with a 4xx JSON error, never a 500',
      async (body) => {
        const { agent } = await signUpAndVerify(h);
        for (const path of ['/api/auth/sign-in', '/api/auth/sign-up', '/api/auth/send-verification', '/api/auth/reset-password', '/api/auth/check-action', '/api/entries']) {
          const res = await agent.post(path, JSON.stringify(body));
          expect(res.status, path).toBeLessThan(500);
          expect(res.text).not.toMatch(/at .+\.(ts|js):\d+/);
          if (res.status >= 400) {
            expect(res.json, path).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          } else {
            // Only the resend answers success for any well-formed address, by design.
            expect(path).toBe('/api/auth/send-verification');
          }
        }
        const patch = await agent.patch('/api/profile', body);
        expect(patch.status).toBe(400);
      },
    );

    it('answers an unknown API route with a JSON 404', async () => {
      const res = await h.agent().get('/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'not-found', message: 'Not found' });
    });
  });

  describe('request bodies over a real connection', () => {
    // Through Node's HTTP server, as in production: a declared length and a streamed (chunked) body take
    // different paths to the limit.
    let server: ServerType;
    let port = 0;
    beforeAll(async () => {
      server = serve({ fetch: h.journal.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    function send(body: string, framing: 'length' | 'chunked'): Promise<{ status: number; json: unknown }> {
      return new Promise((resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in',
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            ...(framing === 'length' ? { 'content-length': Buffer.byteLength(body) } : { 'transfer-encoding': 'chunked' }),
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
        });
        // The server may answer 413 and close before the whole body is sent.
        request.on('error', reject);
        if (framing === 'chunked') {
          for (let at = 0; at < body.length; at += 16_384) request.write(body.slice(at, at + 16_384));
          request.end();
        } else {
          request.end(body);
        }
      });
    }

    const tooLarge = { code: 'payload-too-large', message: 'The request body is too large' };
    const signIn = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#Pass1' });

    it.each(['length', 'chunked'] as const)('refuses a body over the limit sent with %s framing', async (framing) => {
      const res = await send(JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES), password: 'y' }), framing);
      expect(res).toEqual({ status: 413, json: tooLarge });
    });

    it.each(['length', 'chunked'] as const)('reads a body within the limit sent with %s framing', async (framing) => {
      const res = await send(signIn, framing);
      expect(res).toEqual({ status: 401, json: expect.objectContaining({ code: 'invalid-credential' }) });
      expect(await send('{"email":', framing)).toEqual({ status: 400, json: expect.objectContaining({ code: 'invalid-json' }) });
    });

    it('refuses a body sent in a transfer coding other than chunked with a 501, and stores nothing', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const entry = JSON.stringify({ content: { gratitude: 'tea', celebration: '', manifestation: '' }, localDate: '2026-03-15' });
      const chunked = `${Buffer.byteLength(entry).toString(16)}\r\n${entry}\r\n0\r\n\r\n`;
      const head = (codings: string) =>
        `POST /api/entries HTTP/1.1\r\nhost: localhost\r\norigin: http://localhost:3000\r\ncookie: ${agent.cookie}\r\n` +
        `content-type: application/json\r\ntransfer-encoding: ${codings}\r\nconnection: close\r\n\r\n`;
      for (const codings of ['gzip, chunked', 'deflate,chunked']) {
        const [response] = responses(await exchange(port, [head(codings) + chunked]));
        expect(response?.status).toBe(501);
        expect(JSON.parse(response?.body ?? '')).toEqual({
          code: 'unsupported-transfer-encoding',
          message: 'Request bodies must be sent whole or chunked',
        });
      }
      expect((await agent.get('/api/stats?today=2026-03-15')).json).toMatchObject({ totalEntries: 0 });
      const [plain] = responses(await exchange(port, [head('Chunked') + chunked]));
      expect(plain?.status).toBe(201);
    });

    it.each([
      ['a malformed chunk', 'zz\r\n{"email":"a"}\r\n0\r\n\r\n'],
      ['a body that breaks off', '5\r\n{"ema'],
    ])('counts %s as the client’s fault, not a database outage', async (_, chunks) => {
      const head =
        'POST /api/auth/sign-in HTTP/1.1\r\nhost: localhost\r\norigin: http://localhost:3000\r\n' +
        'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      const seen = h.logLines.length;
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(head);
      await new Promise((resolve) => setTimeout(resolve, 30));
      socket.end(chunks);
      const logged = async () => {
        for (let tries = 0; tries < 100; tries += 1) {
          const lines = h.logLines.slice(seen).map((line) => JSON.parse(line) as Record<string, unknown>);
          const request = lines.find((line) => line.event === 'http.request' && line.path === '/api/auth/sign-in');
          if (request) return { lines, request };
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the request was never logged');
      };
      const { lines, request } = await logged();
      socket.destroy();
      expect(request.status).toBe(400);
      expect(lines.map((line) => line.event)).not.toContain('http.unavailable');
    });
  });

  describe('same-origin writes', () => {
    it('refuses a state-changing request from another origin, or with no origin', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = { content: { gratitude: 'x', celebration: '', manifestation: '' }, localDate: '2026-03-15' };
      const foreign = await agent.post('/api/entries', entry, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.json.code).toBe('forbidden-origin');
      const anonymous = await agent.request('POST', '/api/auth/sign-out', {}, { origin: '' });
      expect(anonymous.status).toBe(403);
      // Reads need no origin, and the session survived both attempts.
      expect((await agent.get('/api/profile', { origin: '' })).status).toBe(200);
    });
  });
});

describe('the development origin', () => {
  const devOrigin = { origin: 'http://localhost:5173' };
  const signIn = (h: Harness, headers: Record<string, string>) =>
    h.agent().post('/api/auth/sign-in', { email: uniqueEmail(), password: STRONG_PASSWORD }, headers);

  it('is refused for writes by default, even with NODE_ENV unset (as under npm start)', async () => {
    const h = await createHarness('sqlite', { NODE_ENV: undefined });
    try {
      const res = await signIn(h, devOrigin);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('forbidden-origin');
    } finally {
      await h.close();
    }
  });

  it('is trusted for writes when DEV_ORIGIN names it, as npm run dev does', async () => {
    const h = await createHarness('sqlite', { NODE_ENV: undefined, DEV_ORIGIN: 'http://localhost:5173' });
    try {
      // Past the origin check: an unknown account is refused as such, not as a foreign origin.
      const res = await signIn(h, devOrigin);
      expect(res.status).toBe(401);
      expect(res.json.code).not.toBe('forbidden-origin');
      expect((await signIn(h, { origin: 'http://localhost:3000' })).status).toBe(401);
      expect((await signIn(h, { origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      await h.close();
    }
  });
});

describe('under https', () => {
  it('marks the session cookie Secure and sends Strict-Transport-Security', async () => {
    const h = await createHarness('sqlite', { APP_URL: 'https://journal.example.com' });
    try {
      const email = uniqueEmail();
      const origin = { origin: 'https://journal.example.com' };
      const agent = h.agent();
      await agent.post('/api/auth/sign-up', { name: 'Ada', email, password: STRONG_PASSWORD }, origin);
      const [mail] = await h.mailTo(email);
      expect(mail?.link.origin).toBe('https://journal.example.com');
      await agent.post('/api/auth/verify-email', { oobCode: mail?.link.searchParams.get('oobCode') }, origin);
      const res = await agent.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD }, origin);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await h.close();
    }
  });
});

describe('the app page', () => {
  it('carries the public settings in a meta tag, escaped, on every client route', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { staticRoutes } = await import('./static');
    const dir = mkdtempSync(join(tmpdir(), 'journal-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const routes = staticRoutes(dir, { announcement: 'Closed "for now" <b>&</b>', demoVideoId: 'abcdefghijk' });
    for (const path of ['/', '/index.html', '/journal', '/about']) {
      const res = await routes.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain(
        '<meta name="app-config" content="{&quot;announcement&quot;:&quot;Closed \\&quot;for now\\&quot; &lt;b&gt;&amp;&lt;/b&gt;&quot;,&quot;demoVideoId&quot;:&quot;abcdefghijk&quot;}" />',
      );
      expect(html).not.toContain('<b>');
    }
    const asset = await routes.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await routes.request('/assets/app-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).not.toContain('immutable');
  });

  it('puts the settings before the head\'s first script, which reads them before the page paints', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { staticRoutes } = await import('./static');
    const dir = mkdtempSync(join(tmpdir(), 'journal-static-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<html><head><title>t</title><script src="/theme-boot.js"></script><script src="/late.js"></script></head><body><script src="/main.js"></script></body></html>',
    );
    const html = await (await staticRoutes(dir, { announcement: 'Hello', demoVideoId: null }).request('/')).text();
    const meta = html.indexOf('<meta name="app-config"');
    expect(meta).toBeGreaterThan(html.indexOf('<title>'));
    expect(meta).toBeLessThan(html.indexOf('<script src="/theme-boot.js">'));
    expect(html.match(/<meta name="app-config"/g)).toHaveLength(1);
  });

  it('puts an announcement with replacement patterns ($\', $`, $&, $$) into the page exactly as written', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { staticRoutes } = await import('./static');
    const dir = mkdtempSync(join(tmpdir(), 'journal-static-'));
    const page = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';
    writeFileSync(join(dir, 'index.html'), page);
    const announcement = "Prices: $' then $` then $& then $$ and $1 $<name>";
    const routes = staticRoutes(dir, { announcement, demoVideoId: 'abcdefghijk' });
    const html = await (await routes.request('/')).text();
    const match = /^<html><head><title>t<\/title>\s*<meta name="app-config" content="([^"]*)" \/>\s*<\/head><body><div id="root"><\/div><\/body><\/html>$/.exec(html);
    expect(match, html).not.toBeNull();
    const content = (match?.[1] ?? '')
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(JSON.parse(content)).toEqual({ announcement, demoVideoId: 'abcdefghijk' });
  });
});
