import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, signedInUser } from '../../../e2e/support/api';
import { type RunningServer, startServer } from '../../../e2e/support/server';
import { localDayKey } from '../../shared/dates';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';

const servers: RunningServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.stop();
});

async function start(env: NodeJS.ProcessEnv = {}, options: Parameters<typeof startServer>[1] = {}) {
  const server = await startServer(env, options);
  servers.push(server);
  return server;
}

function contentFor(id: string) {
  return { gratitude: `gratitude ${id}`, celebration: `celebration ${id} ${'x'.repeat(2000)}`, manifestation: `manifest ${id}` };
}

async function allEntries(url: string, cookie: string): Promise<JournalEntry[]> {
  const month = localDayKey(new Date()).slice(0, 7);
  const entries: JournalEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const res = await apiRequest(url, 'GET', `/api/entries?month=${month}&limit=100${query}`, { cookie });
    const page = (await res.json()) as EntryPage;
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

describe('nothing lost', () => {
  it('keeps every acknowledged entry, and no half-written one, when the server is killed mid-stream', async () => {
    const first = await start();
    const { cookie } = await signedInUser(first, 'durable@example.com');
    const acknowledged = new Set<string>();
    const today = localDayKey(new Date());
    let stop = false;

    const writer = async () => {
      while (!stop) {
        const id = randomUUID();
        try {
          const res = await apiRequest(first.url, 'POST', '/api/entries', { cookie, body: { id, content: contentFor(id), localDate: today } });
          if (res.status === 201) acknowledged.add(id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    for (let waited = 0; acknowledged.size < 150 && waited < 20_000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(150);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all([exited, ...writers]);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await start({}, { dataDir: first.dataDir });
    const stored = await allEntries(second.url, cookie);
    const storedIds = new Set(stored.map((entry) => entry.id));
    for (const id of acknowledged) expect(storedIds.has(id), `acknowledged entry ${id} was lost`).toBe(true);
    for (const entry of stored) expect(entry).toMatchObject(contentFor(entry.id));
    const stats = (await (await apiRequest(second.url, 'GET', `/api/stats?today=${today}`, { cookie })).json()) as { totalEntries: number };
    expect(stats.totalEntries).toBe(stored.length);

    await second.stop({ keepData: true });
    const db = new SQLite(join(first.dataDir, 'journal.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('on SIGTERM finishes the requests in flight, then closes the database and exits cleanly', async () => {
    const server = await start({ LOG_LEVEL: 'info' });
    const { cookie } = await signedInUser(server, 'graceful@example.com');
    const today = localDayKey(new Date());
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const inFlight = ids.map((id) =>
      apiRequest(server.url, 'POST', '/api/entries', { cookie, body: { id, content: contentFor(id), localDate: today } })
        .then((res) => res.status)
        .catch(() => 'refused' as const),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('"event":"server.stopped"');
    // Each request either completed or was never accepted: none was cut off half-way.
    for (const status of statuses) expect([201, 'refused']).toContain(status);
    const completed = ids.filter((_, index) => statuses[index] === 201);
    expect(completed.length).toBeGreaterThan(0);

    const again = await start({}, { dataDir: server.dataDir });
    const stored = new Set((await allEntries(again.url, cookie)).map((entry) => entry.id));
    for (const id of completed) expect(stored.has(id)).toBe(true);
  });
});
