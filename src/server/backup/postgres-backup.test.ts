import { exec } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiRequest, signedInUser } from '../../../e2e/support/api';
import { type RunningServer, startServer } from '../../../e2e/support/server';
import { localDayKey } from '../../shared/dates';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import { openDatabase } from '../db/connect';
import { createLogger } from '../logger';
import { TEST_POSTGRES_URL } from '../test/databases';
import { TestClock } from '../test/harness';
import { BackupScheduler } from './scheduler';

const shell = promisify(exec);

/** The README's commands ("Backups"), word for word: this test runs them as they are written there. */
const DUMP = 'pg_dump --format=custom --file=journal.dump "$DATABASE_URL"';
const RESTORE = 'pg_restore --no-owner --dbname="$DATABASE_URL" journal.dump';

const AUTH_SECRET = 'pg-backup-test-secret-pg-backup-test-0123';

/** Scratch databases on the test server, each dropped at the end. */
const scratchDatabases: string[] = [];
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
async function scratchDatabase(): Promise<string> {
  const name = `journal_backup_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  scratchDatabases.push(name);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  url.search = '';
  return url.toString();
}
afterAll(async () => {
  await admin(async (client) => {
    for (const name of scratchDatabases) await client.query(`drop database if exists ${name} with (force)`);
  });
});

const servers: RunningServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
async function serverOn(url: string): Promise<RunningServer> {
  const server = await startServer({ DATABASE_URL: url, AUTH_SECRET });
  servers.push(server);
  return server;
}

async function journalOf(url: string, cookie: string): Promise<{ entries: JournalEntry[]; stats: unknown }> {
  const today = localDayKey(new Date());
  const entries: JournalEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const res = await apiRequest(url, 'GET', `/api/entries?month=${today.slice(0, 7)}&limit=100${query}`, { cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as EntryPage;
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  const stats = await (await apiRequest(url, 'GET', `/api/stats?today=${today}`, { cookie })).json();
  return { entries, stats };
}

describe('PostgreSQL backups, by the README', { timeout: 240_000 }, () => {
  it('pg_dump while the server runs, pg_restore into an empty database, and the journal is all there', async () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`\n${DUMP}\n`);
    expect(readme).toContain(`\n${RESTORE}\n`);

    const source = await scratchDatabase();
    const server = await serverOn(source);
    const { cookie } = await signedInUser(server, 'dumped@example.com');
    const today = localDayKey(new Date());
    const texts = ['Morning light on the kitchen table', 'Zoë’s laugh, 😊, and "quotes"', 'Line one\nLine two', "O'Brien's bread"];
    for (const [index, gratitude] of texts.entries()) {
      const res = await apiRequest(server.url, 'POST', '/api/entries', {
        cookie,
        body: { id: randomUUID(), content: { gratitude, celebration: `celebration ${index}`, manifestation: '' }, localDate: today },
      });
      expect(res.status).toBe(201);
    }
    const written = await journalOf(server.url, cookie);
    expect(written.entries).toHaveLength(texts.length);

    // The operator's backup, taken while the server runs.
    const folder = mkdtempSync(join(tmpdir(), 'journal-pg-backup-'));
    folders.push(folder);
    await shell(DUMP, { cwd: folder, env: { PATH: process.env.PATH, DATABASE_URL: source } });

    // A scheduled one from the same database, which restores the same way.
    const handle = await openDatabase({ kind: 'postgres', url: source });
    const scheduler = new BackupScheduler({
      settings: { dir: join(folder, 'scheduled'), everyMs: 3_600_000, keep: 7 },
      location: { kind: 'postgres', url: source },
      database: handle,
      logger: createLogger('silent'),
      now: new TestClock().now,
    });
    const scheduled = await scheduler.runDue();
    await handle.close();
    if (scheduled.status !== 'taken') throw new Error(`no scheduled backup: ${JSON.stringify(scheduled)}`);
    await stopAll();

    for (const dump of [join(folder, 'journal.dump'), scheduled.file]) {
      const restoreFolder = mkdtempSync(join(tmpdir(), 'journal-pg-restore-'));
      folders.push(restoreFolder);
      copyFileSync(dump, join(restoreFolder, 'journal.dump'));
      const target = await scratchDatabase();
      await shell(RESTORE, { cwd: restoreFolder, env: { PATH: process.env.PATH, DATABASE_URL: target } });

      // A server on the restored database: the same entries and stats, and the same session still signed in.
      const restored = await serverOn(target);
      expect(await journalOf(restored.url, cookie)).toEqual(written);
      await stopAll();
    }
  });
});

async function stopAll(): Promise<void> {
  while (servers.length) await servers.pop()?.stop();
}
