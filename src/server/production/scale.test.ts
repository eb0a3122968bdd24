import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { API_PASSWORD, apiRequest, signedInUser } from '../../../e2e/support/api';
import { freePort, type RunningServer, startServer } from '../../../e2e/support/server';
import { localDayKey } from '../../shared/dates';
import type { EntryPage } from '../../shared/entry-schemas';
import { createTestDatabase, type TestDatabase } from '../test/databases';

const servers: RunningServer[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.stop();
});
afterAll(async () => {
  while (databases.length) await databases.pop()?.drop();
});

async function postgresUrl(): Promise<string> {
  const database = await createTestDatabase('postgres', '');
  databases.push(database);
  if (database.settings.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return database.settings.url;
}

/**
 * A day's list read on A is current after each write on B: answers A keeps in memory are keyed by the journal version
 * it reads from the database, which B's writes raise.
 */
async function expectCurrentAcrossProcesses(a: RunningServer, b: RunningServer, cookie: string) {
  const today = localDayKey(new Date());
  const readOnA = async () =>
    ((await (await apiRequest(a.url, 'GET', `/api/entries?day=${today}`, { cookie })).json()) as EntryPage).entries;
  const content = { gratitude: 'Written on B', celebration: '', manifestation: '' };
  expect(await readOnA()).toEqual([]);
  expect(await readOnA()).toEqual([]);

  const created = await apiRequest(b.url, 'POST', '/api/entries', { cookie, body: { content, localDate: today } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await readOnA()).map((entry) => [entry.id, entry.gratitude])).toEqual([[id, 'Written on B']]);

  const edited = await apiRequest(b.url, 'PUT', `/api/entries/${id}`, {
    cookie,
    body: { content: { ...content, gratitude: 'Edited on B' }, localDate: today },
  });
  expect(edited.status).toBe(200);
  expect((await readOnA()).map((entry) => entry.gratitude)).toEqual(['Edited on B']);

  expect((await apiRequest(b.url, 'DELETE', `/api/entries/${id}`, { cookie })).status).toBe(200);
  expect(await readOnA()).toEqual([]);
}

describe('two processes on one SQLite file', () => {
  it('see each other’s writes on the next read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'journal-shared-'));
    const a = await startServer({}, { dataDir });
    servers.push(a);
    const b = await startServer({}, { dataDir });
    servers.push(b);
    const { cookie } = await signedInUser(a, 'sqlite-shared@example.com');
    await expectCurrentAcrossProcesses(a, b, cookie);
  });
});

describe('many processes on one PostgreSQL', () => {
  it('share sessions and the per-email sign-in limit', async () => {
    const url = await postgresUrl();
    // Both processes send queued mail, so they share one outbox folder here.
    const env = { DATABASE_URL: url, MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'journal-outbox-')), AUTH_SECRET: 'a'.repeat(40) };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env);
    servers.push(b);

    const email = 'shared@example.com';
    const { cookie } = await signedInUser(a, email);
    const profile = await apiRequest(b.url, 'GET', '/api/profile', { cookie });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { email: string }).email).toBe(email);

    // Failed attempts count toward the limit, wherever they are made: three on A, two on B, five in all.
    for (const server of [a, a, a, b, b]) {
      const res = await apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email, password: 'Wrong#Password1' } });
      expect(res.status).toBe(401);
    }
    const sixth = await apiRequest(b.url, 'POST', '/api/auth/sign-in', { body: { email, password: API_PASSWORD } });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toBe('Too many login attempts. Please try again later.');

    await expectCurrentAcrossProcesses(a, b, cookie);

    // Signing out on B ends the session on A too.
    await apiRequest(b.url, 'POST', '/api/auth/sign-out', { cookie });
    expect((await apiRequest(a.url, 'GET', '/api/profile', { cookie })).status).toBe(401);
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore: the database "goes away". */
async function startProxy(port: number, target = { host: '127.0.0.1', port: 5432 }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitForStatus(url: string, status: number): Promise<number> {
  let last = 0;
  for (let i = 0; i < 100; i += 1) {
    last = (await fetch(url)).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return last;
}

describe('readiness', () => {
  it('answers 503 on /readyz while the database is unreachable, and 200 again when it is back', async () => {
    const database = new URL(await postgresUrl());
    const proxyPort = await freePort();
    database.host = `127.0.0.1:${proxyPort}`;
    let proxy = await startProxy(proxyPort);
    const server = await startServer({ DATABASE_URL: database.toString() });
    servers.push(server);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await proxy.stop();
    expect(await waitForStatus(`${server.url}/readyz`, 503)).toBe(503);
    const down = await fetch(`${server.url}/readyz`);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // A request that needs the database says the service is unavailable, as JSON.
    const signIn = await apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email: 'x@example.com', password: 'y' } });
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toEqual({ code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' });

    proxy = await startProxy(proxyPort);
    try {
      expect(await waitForStatus(`${server.url}/readyz`, 200)).toBe(200);
    } finally {
      await server.stop();
      await proxy.stop();
    }
  });
});

describe('load', () => {
  // Ten seconds of load after signing up 100 users, on a machine that may be running other test files too.
  it('serves 100 users writing and reading at once with no errors and every acknowledged write stored', { timeout: 90_000 }, async () => {
    const server = await startServer();
    servers.push(server);
    const users = [];
    for (let batch = 0; batch < 100; batch += 10) {
      users.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => signedInUser(server, `load${batch + i}@example.com`)))));
    }
    const today = localDayKey(new Date());
    const deadline = Date.now() + 10_000;
    const failures: string[] = [];
    const acknowledged = users.map(() => new Set<string>());

    await Promise.all(
      users.map(async ({ cookie }, index) => {
        while (Date.now() < deadline) {
          const id = randomUUID();
          const write = await apiRequest(server.url, 'POST', '/api/entries', {
            cookie,
            body: { id, content: { gratitude: `thanks ${id}`, celebration: '', manifestation: '' }, localDate: today },
          });
          if (write.status === 201) acknowledged[index]?.add(id);
          else failures.push(`POST ${write.status}`);
          const read = await apiRequest(server.url, 'GET', `/api/entries?day=${today}`, { cookie });
          if (read.status !== 200) failures.push(`GET ${read.status}`);
          await read.arrayBuffer();
          const stats = await apiRequest(server.url, 'GET', `/api/stats?today=${today}`, { cookie });
          if (stats.status !== 200) failures.push(`stats ${stats.status}`);
          await stats.arrayBuffer();
        }
      }),
    );
    expect(failures).toEqual([]);
    const total = acknowledged.reduce((sum, set) => sum + set.size, 0);
    expect(total).toBeGreaterThan(100);

    for (const [index, { cookie }] of users.entries()) {
      // A day comes in pages of 100; a fast run writes more than that for one user.
      const stored = new Set<string>();
      let cursor: string | null = '';
      while (cursor !== null) {
        const path = `/api/entries?day=${today}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await (await apiRequest(server.url, 'GET', path, { cookie })).json()) as EntryPage;
        for (const entry of page.entries) stored.add(entry.id);
        cursor = page.nextCursor;
      }
      expect(stored.size).toBe(acknowledged[index]?.size);
      for (const id of acknowledged[index] ?? []) expect(stored.has(id)).toBe(true);
    }
  });
});

