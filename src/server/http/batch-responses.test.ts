import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResponses } from './batch-responses';

describe('batchResponses', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    const app = new Hono();
    app.get('/echo/:n', (c) => c.text(c.req.param('n')));
    app.get('/slow/:n', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, Number(c.req.param('n'))));
      return c.text(`slow ${c.req.param('n')}`);
    });
    server = serve({ fetch: batchResponses(app.fetch), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers each of many concurrent requests with its own response', async () => {
    const paths = Array.from({ length: 200 }, (_, n) => (n % 10 === 0 ? `/slow/${n % 30}` : `/echo/${n}`));
    const bodies = await Promise.all(paths.map(async (path) => (await fetch(base + path)).text()));
    expect(bodies).toEqual(paths.map((path) => (path.startsWith('/slow/') ? `slow ${path.slice(6)}` : path.slice(6))));
  });

  it('holds a finished response until the end of its turn of the event loop, and no longer', async () => {
    const settled: string[] = [];
    const answer = batchResponses((name: string) => new Response(name));
    const pending = ['first', 'second'].map((name) => answer(name).then(async (res) => settled.push(await res.text())));
    // Microtasks run before the turn ends: nothing has been let go yet.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(settled).toEqual([]);
    await nextTurn();
    await Promise.all(pending);
    expect(settled).toEqual(['first', 'second']);
  });

  it('passes a handler’s failure to the server unchanged', async () => {
    const failure = new Error('handler failed');
    const answer = batchResponses(() => Promise.reject(failure));
    await expect(answer()).rejects.toBe(failure);
  });
});
