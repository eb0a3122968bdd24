import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../e2e/support/server';
import { dayKeyToNumber } from '../../shared/dates';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { insertEntry } from '../journal/repository';
import { createLogger } from '../logger';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind, type TestDatabase } from '../test/databases';
import { TestClock } from '../test/harness';
import { type BackupRun, BackupScheduler } from './scheduler';

const run = promisify(execFile);
const HOUR = 3_600_000;
/** Written into the journal; no log line may ever contain it. */
const SECRET_TEXT = 'The letter from my grandmother, read aloud at last';

interface Instance {
  database: DatabaseHandle;
  scheduler: BackupScheduler;
  logLines: string[];
}

describe.each(DATABASE_KINDS)('scheduled backups on %s', { timeout: 120_000 }, (kind: DatabaseKind) => {
  let dir: string;
  let backupDir: string;
  let testDb: TestDatabase;
  let instances: Instance[];
  let clock: TestClock;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-schedule-'));
    backupDir = join(dir, 'backups');
    testDb = await createTestDatabase(kind, dir);
    instances = [];
    clock = new TestClock(new Date('2026-03-15T12:00:00.000Z'));
  });
  afterEach(async () => {
    for (const instance of instances) {
      await instance.scheduler.stop();
      await instance.database.close();
    }
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A server process's part in this: its own connection to the shared database, and its own scheduler. */
  async function instance(
    options: { keep?: number; pgDump?: string; location?: Config['database'] } = {},
  ): Promise<Instance> {
    const database = await openDatabase(testDb.settings);
    const logLines: string[] = [];
    const scheduler = new BackupScheduler({
      settings: { dir: backupDir, everyMs: HOUR, keep: options.keep ?? 3 },
      location: options.location ?? testDb.settings,
      database,
      logger: createLogger('debug', (line) => logLines.push(line)),
      now: clock.now,
      ...(options.pgDump ? { pgDump: options.pgDump } : {}),
    });
    const made = { database, scheduler, logLines };
    instances.push(made);
    return made;
  }

  async function writeEntries(database: DatabaseHandle, count: number): Promise<void> {
    const now = new Date().toISOString();
    await database.db
      .insertInto('user')
      .values({ id: 'ada', name: 'Ada', email: 'ada@example.com', emailVerified: kind === 'postgres' ? true : 1, createdAt: now, updatedAt: now })
      .execute();
    await database.db
      .insertInto('profile')
      .values({ uid: 'ada', email: 'ada@example.com', display_name: 'Ada', created_at: now, show_memory_section: 0 })
      .execute();
    for (let n = 0; n < count; n += 1) {
      await database.write((trx) =>
        insertEntry(trx, {
          id: randomUUID(),
          userId: 'ada',
          date: now,
          updatedAt: now,
          utcOffset: 0,
          localDay: dayKeyToNumber('2026-03-15'),
          gratitude: `${SECRET_TEXT} (${n})`,
          celebration: '',
          manifestation: '',
          memory: '',
        }),
      );
    }
  }

  const statuses = (runs: BackupRun[]) => runs.map((result) => result.status).sort();
  const scheduledFiles = () => readdirSync(backupDir).filter((name) => /^journal-\d{8}-\d{6}\.(db|dump)$/.test(name)).sort();
  const extension = kind === 'sqlite' ? 'db' : 'dump';

  it('takes each period’s backup in one process only, however many run, and keeps the newest BACKUP_KEEP', async () => {
    const a = await instance();
    const b = await instance();
    await writeEntries(a.database, 5);

    // Both wake at the same moment: one takes the backup, the other finds the period claimed.
    expect(statuses(await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]))).toEqual(['not-due', 'taken']);
    expect(scheduledFiles()).toEqual([`journal-20260315-120000.${extension}`]);
    // Later in the same period, nobody takes another.
    clock.advance(HOUR / 2);
    expect(statuses(await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]))).toEqual(['not-due', 'not-due']);
    expect(scheduledFiles()).toHaveLength(1);

    // The operator's own files in the folder, and an old scheduled backup of the kind not written here.
    const otherKind = kind === 'sqlite' ? 'journal-20200101-000000.dump' : 'journal-20200101-000000.db';
    const others = ['notes.txt', 'journal-manual.db', 'journal-20200101-000000.db.keep', otherKind];
    for (const name of others) writeFileSync(join(backupDir, name), 'kept by the operator');
    // An old scheduled backup of this kind: the oldest of all, so the first to go.
    writeFileSync(join(backupDir, `journal-20200101-000000.${extension}`), 'an old backup');

    // Five more periods, the processes waking in either order.
    for (let period = 1; period <= 5; period += 1) {
      clock.set(new Date(Date.parse('2026-03-15T12:00:00.000Z') + period * HOUR + 1000 * period));
      const first = period % 2 ? b : a;
      const second = period % 2 ? a : b;
      const runs = await Promise.all([first.scheduler.runDue(), second.scheduler.runDue()]);
      expect(statuses(runs)).toEqual(['not-due', 'taken']);
    }
    expect(scheduledFiles().filter((name) => name.endsWith(`.${extension}`))).toEqual([
      `journal-20260315-150003.${extension}`,
      `journal-20260315-160004.${extension}`,
      `journal-20260315-170005.${extension}`,
    ]);
    for (const name of others) expect(readFileSync(join(backupDir, name), 'utf8')).toBe('kept by the operator');

    // Private: the folder made for them and every file in it.
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    for (const name of scheduledFiles().filter((file) => file.endsWith(`.${extension}`))) {
      expect(statSync(join(backupDir, name)).mode & 0o777).toBe(0o600);
    }

    // Each backup holds the journal, whole.
    const newest = join(backupDir, `journal-20260315-170005.${extension}`);
    if (kind === 'sqlite') {
      const copy = new SQLite(newest, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.prepare('select count(*) from journal_entry').pluck().get()).toBe(5);
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      } finally {
        copy.close();
      }
      expect(readdirSync(backupDir).filter((name) => /-(wal|shm|journal)$|\.partial$/.test(name))).toEqual([]);
    } else {
      const { stdout } = await run('pg_restore', ['--list', newest]);
      expect(stdout).toMatch(/TABLE DATA \S+ journal_entry/);
    }

    // The log says when, how large and how long; never what anyone wrote.
    const lines = [...a.logLines, ...b.logLines];
    const taken = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'backup.taken');
    expect(taken).toHaveLength(6);
    for (const line of taken) {
      expect(line).toMatchObject({ level: 'info', dir: backupDir });
      expect(line.file).toMatch(/^journal-\d{8}-\d{6}\./);
      expect(line.bytes).toBeGreaterThan(0);
      expect(typeof line.ms).toBe('number');
      if (kind === 'sqlite') expect(line.entries).toBe(5);
    }
    for (const line of lines) expect(line).not.toContain('grandmother');
  });

  it('gives a failed backup’s period back, so another process takes it', async () => {
    // Its backups cannot be taken: the file it copies is not there, or pg_dump finds no server.
    const broken = await instance({
      location:
        kind === 'sqlite'
          ? { kind: 'sqlite', path: join(dir, 'missing', 'journal.db') }
          : { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' },
    });
    const working = await instance();

    const failed = await broken.scheduler.runDue();
    expect(failed.status).toBe('failed');
    const warning = broken.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'backup.failed');
    expect(warning).toMatchObject({ level: 'warn', file: `journal-20260315-120000.${extension}` });
    expect(readdirSync(backupDir)).toEqual([]);

    expect((await working.scheduler.runDue()).status).toBe('taken');
    expect(scheduledFiles()).toEqual([`journal-20260315-120000.${extension}`]);
  });

  if (kind === 'postgres') {
    it('without pg_dump, warns once at boot and leaves the backups to a process that has it', async () => {
      const without = await instance({ pgDump: 'pg_dump-not-installed' });
      const withIt = await instance();
      await without.scheduler.start();
      await withIt.scheduler.start();

      expect((await without.scheduler.runDue()).status).toBe('unavailable');
      expect((await withIt.scheduler.runDue()).status).toBe('taken');
      clock.advance(HOUR);
      expect((await without.scheduler.runDue()).status).toBe('unavailable');
      expect((await withIt.scheduler.runDue()).status).toBe('taken');

      const warnings = without.logLines.filter((line) => line.includes('"event":"backup.unavailable"'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
        level: 'warn',
        reason: expect.stringContaining('pg_dump-not-installed is not on the PATH') as unknown,
      });
      expect(withIt.logLines.some((line) => line.includes('"event":"backup.unavailable"'))).toBe(false);
      expect(withIt.logLines.some((line) => line.includes('"event":"backup.scheduled"'))).toBe(true);
    });
  }
});

describe('the server', { timeout: 120_000 }, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-schedule-server-'));
    mkdirSync(join(dir, 'data'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a backup soon after it starts with BACKUP_DIR set, and stops cleanly on SIGTERM', async () => {
    const backupDir = join(dir, 'backups');
    const server = await startServer({ BACKUP_DIR: backupDir, BACKUP_EVERY: '24h', LOG_LEVEL: 'info' }, { dataDir: join(dir, 'data') });
    try {
      for (let waited = 0; !server.output().includes('"event":"backup.taken"'); waited += 100) {
        if (waited > 30_000) throw new Error(`no backup was taken:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const files = readdirSync(backupDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^journal-\d{8}-\d{6}\.db$/);
      expect(server.output()).toContain('"event":"backup.scheduled"');
    } finally {
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
