import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, responses } from '../test/raw-http';
import { errorResponse, HttpError } from './errors';
import { readJson } from './read-json';

function post(body: string, headers: Record<string, string> = {}) {
  const head = Object.entries({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return { head: `POST /echo HTTP/1.1\r\nhost: localhost\r\n${head}\r\n`, body };
}

const bodies = (raw: Buffer) => responses(raw).map((response) => response.body);

describe('readJson through Node’s HTTP server', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    const app = new Hono();
    // As in the app, where the session is read first: by then Node has parsed whatever body came with the headers.
    app.use(async (_c, next) => {
      await Promise.resolve();
      await next();
    });
    app.post('/echo', async (c) => c.json({ echoed: await readJson(c) }));
    app.onError((error, c) => (error instanceof HttpError ? errorResponse(c, error) : c.text('unexpected', 500)));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const value = { gratitude: 'tea — and “quotes”', list: [1, 2, 3], nested: { ok: true } };
  const json = JSON.stringify(value);

  it('reads a body that arrives with its headers', async () => {
    const { head, body } = post(json, { connection: 'close' });
    expect(bodies(await exchange(port, [head + body]))).toEqual([JSON.stringify({ echoed: value })]);
  });

  it('reads a body that arrives after its headers, and one that arrives in pieces', async () => {
    const { head, body } = post(json, { connection: 'close' });
    expect(bodies(await exchange(port, [head, body]))).toEqual([JSON.stringify({ echoed: value })]);
    const bytes = Buffer.from(body);
    // Split inside a multi-byte character: the pieces only make sense together.
    const cut = bytes.indexOf(Buffer.from('—')) + 1;
    const raw = await exchange(port, [Buffer.concat([Buffer.from(head), bytes.subarray(0, cut)]), bytes.subarray(cut)]);
    expect(bodies(raw)).toEqual([JSON.stringify({ echoed: value })]);
  });

  it('reads a chunked body', async () => {
    const head = 'POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n';
    const half = Math.floor(json.length / 2);
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const raw = await exchange(port, [head + chunk(json.slice(0, half)), chunk(json.slice(half)) + '0\r\n\r\n']);
    expect(bodies(raw)).toEqual([JSON.stringify({ echoed: value })]);
  });

  it('answers each of two requests sent in one packet with its own body', async () => {
    const first = post(JSON.stringify({ n: 1 }));
    const second = post(JSON.stringify({ n: 2 }), { connection: 'close' });
    const raw = await exchange(port, [first.head + first.body + second.head + second.body]);
    expect(bodies(raw)).toEqual([JSON.stringify({ echoed: { n: 1 } }), JSON.stringify({ echoed: { n: 2 } })]);
  });

  it('refuses a compressed body with a 415: it would be read as if it were plain', async () => {
    const { head, body } = post(json, { connection: 'close', 'content-encoding': 'gzip' });
    const [response] = responses(await exchange(port, [head + body]));
    expect(response?.status).toBe(415);
    expect(response?.head).toMatch(/accept-encoding: identity/i);
    expect(JSON.parse(response?.body ?? '')).toEqual({
      code: 'unsupported-encoding',
      message: 'Request bodies must not be compressed',
    });
    const identity = post(json, { connection: 'close', 'content-encoding': 'identity' });
    expect(bodies(await exchange(port, [identity.head + identity.body]))).toEqual([JSON.stringify({ echoed: value })]);
  });

  it('refuses bytes that are not UTF-8 with a 400, instead of storing replacement characters', async () => {
    // An encoded lone surrogate, a byte that UTF-8 never uses, and a sequence cut short.
    for (const bad of [[0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
      const bytes = Buffer.concat([Buffer.from('{"gratitude":"caf'), Buffer.from(bad), Buffer.from('"}')]);
      const head = `POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${bytes.length}\r\nconnection: close\r\n\r\n`;
      for (const pieces of [[Buffer.concat([Buffer.from(head), bytes])], [Buffer.from(head), bytes]]) {
        const [response] = responses(await exchange(port, pieces));
        expect(response?.status).toBe(400);
        expect(JSON.parse(response?.body ?? '')).toEqual({ code: 'invalid-json', message: 'The request body is not valid JSON' });
      }
    }
  });

  it('refuses a body in another charset with a 415, and reads one declared as UTF-8', async () => {
    for (const charset of ['iso-8859-1', 'windows-1252', '"utf-16"']) {
      const { head, body } = post(json, { connection: 'close', 'content-type': `application/json; charset=${charset}` });
      const [response] = responses(await exchange(port, [head + body]));
      expect(response?.status).toBe(415);
      expect(JSON.parse(response?.body ?? '')).toEqual({
        code: 'unsupported-charset',
        message: 'Request bodies must be sent as UTF-8',
      });
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      const { head, body } = post(json, { connection: 'close', 'content-type': `application/json;charset=${charset}` });
      expect(bodies(await exchange(port, [head + body]))).toEqual([JSON.stringify({ echoed: value })]);
    }
  });

  it('refuses malformed JSON with a 400, whole or in pieces', async () => {
    const { head, body } = post('{"gratitude": ', { connection: 'close' });
    for (const pieces of [[head + body], [head, body]]) {
      const [response] = responses(await exchange(port, pieces));
      expect(response?.status).toBe(400);
      expect(JSON.parse(response?.body ?? '')).toEqual({ code: 'invalid-json', message: 'The request body is not valid JSON' });
    }
  });
});
