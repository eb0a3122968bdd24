import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../e2e/support/server';
import { exchange, responses } from '../test/raw-http';
import { answerClientErrors } from './client-errors';

/** The one answer to a request sent alone, with its JSON body parsed. */
async function answerTo(port: number, request: string) {
  const [answer] = responses(await exchange(port, [request]));
  if (!answer) throw new Error('the server closed the connection without an answer');
  return { status: answer.status, head: answer.head, body: JSON.parse(answer.body) as unknown };
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
    const answer = await answerTo(port, 'NONSENSE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.head).toContain('content-type: application/json');
    expect(answer.head).toContain('x-content-type-options: nosniff');
    expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
  });

  it('answers an invalid Content-Length in JSON', async () => {
    const answer = await answerTo(port, 'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
  });

  it('answers headers over the size limit with 431', async () => {
    const answer = await answerTo(port, `GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ code: 'headers-too-large', message: 'The request headers are too large' });
  });

  it('writes nothing into a connection whose answer has already started, and closes it', async () => {
    const raw = await exchange(port, ['GET /ok HTTP/1.1\r\nHost: x\r\n\r\nNONSENSE\r\n\r\n']);
    expect(responses(raw).map(({ status, body }) => ({ status, body }))).toEqual([{ status: 200, body: 'fine' }]);
  });
});

describe('the journal server', () => {
  it('answers a request its parser refuses in JSON, and keeps serving', async () => {
    const server = await startServer();
    try {
      const port = Number(new URL(server.url).port);
      const answer = await answerTo(port, 'POST /api/entries HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'bad-request', message: 'The request is malformed' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
