import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../e2e/support/server';
import { answerClientErrors } from './client-errors';

/** Sends raw bytes and returns all the server answers until it closes the connection. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as unknown };
}

describe('answerClientErrors', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = new Hono();
    app.get('/ok', (c) => c.text('fine'));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a malformed request in JSON', async () => {
    const answer = parse(await exchange(port, 'NONSENSE\r\n\r\n'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.head).toContain('content-type: application/json');
    expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
  });

  it('answers an invalid Content-Length in JSON', async () => {
    const answer = parse(await exchange(port, 'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
  });

  it('answers headers over the size limit with 431', async () => {
    const answer = parse(await exchange(port, `GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toEqual({ code: 'headers-too-large', message: 'The request headers are too large' });
  });

  it('writes nothing into a connection whose answer has already started, and closes it', async () => {
    const answer = await exchange(port, 'GET /ok HTTP/1.1\r\nHost: x\r\n\r\nNONSENSE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('\r\n\r\nfine')).toBe(true);
  });
});

describe('the journal server', () => {
  it('answers a request its parser refuses in JSON, and keeps serving', async () => {
    const server = await startServer();
    try {
      const port = Number(new URL(server.url).port);
      const answer = parse(await exchange(port, 'POST /api/entries HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'));
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
