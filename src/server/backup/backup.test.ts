import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, signedInUser } from '../../../e2e/support/api';
import { type RunningServer, startServer } from '../../../e2e/support/server';
import { localDayKey } from '../../shared/dates';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import { MIGRATIONS } from '../db/migrations';
import type { Database } from '../db/schema';
import { undoMigrations } from '../test/migration-undo';

/** Both folders' servers sign sessions with it, so a session kept in a backup works on the restored server. */
const AUTH_SECRET = 'backup-test-secret-backup-test-secret-0123';

interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <tool> -- <args>` as an operator would, with the server's variables. */
function tool(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv): Promise<ToolResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      { env: { PATH: process.env.PATH, NODE_ENV: 'test', AUTH_SECRET, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function contentFor(id: string) {
  return { gratitude: `grateful ${id}`, celebration: `celebrating ${id}`, manifestation: `manifesting ${id}` };
}

async function allEntries(url: string, cookie: string): Promise<JournalEntry[]> {
  const month = localDayKey(new Date()).slice(0, 7);
  const entries: JournalEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const res = await apiRequest(url, 'GET', `/api/entries?month=${month}&limit=100${query}`, { cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as EntryPage;
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

async function writeEntry(url: string, cookie: string): Promise<string> {
  const id = randomUUID();
  const res = await apiRequest(url, 'POST', '/api/entries', { cookie, body: { id, content: contentFor(id), localDate: localDayKey(new Date()) } });
  expect(res.status).toBe(201);
  return id;
}

function integrity(file: string): unknown {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

let scratch: string;
const servers: RunningServer[] = [];
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'journal-backups-'));
});
afterEach(async () => {
  while (servers.length) await servers.pop()?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function start(dataDir?: string): Promise<RunningServer> {
  const server = await startServer({ AUTH_SECRET }, dataDir ? { dataDir } : {});
  servers.push(server);
  return server;
}

/** Stops a server and keeps its data folder. */
async function stop(server: RunningServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.stop({ keepData: true });
}

// Each test runs servers and the tools as processes of their own, on a machine that may be busy.
describe('npm run backup', { timeout: 180_000 }, () => {
  it('takes a backup while entries are being written that holds every entry acknowledged before it began', async () => {
    const server = await start();
    const { cookie } = await signedInUser(server, 'busy@example.com');
    const today = localDayKey(new Date());
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const id = randomUUID();
        const res = await apiRequest(server.url, 'POST', '/api/entries', { cookie, body: { id, content: contentFor(id), localDate: today } });
        if (res.status === 201) acknowledged.push(id);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));

    // Every entry the server has answered 201 for by now is committed; the writers go on during the backup.
    const beforeBackup = [...acknowledged];
    const file = join(scratch, 'busy.db');
    const backup = await tool('backup', [file], { DATA_DIR: server.dataDir });
    const duringOrBefore = acknowledged.length;
    writing = false;
    await Promise.all(writers);

    expect(backup).toMatchObject({ code: 0, stderr: '' });
    const reported = /^Backed up .+\n {2}to (.+)\n {2}\d[\d.]* (kB|MB), ([\d,]+) entries of 1 account; integrity check: ok; [\d.]+ s\n$/.exec(backup.stdout);
    expect(reported, backup.stdout).not.toBeNull();
    expect(reported?.[1]).toBe(file);
    const reportedEntries = Number(reported?.[3]?.replace(/,/g, ''));
    expect(reportedEntries).toBeGreaterThanOrEqual(beforeBackup.length);
    expect(reportedEntries).toBeLessThanOrEqual(duringOrBefore + 4);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(integrity(file)).toBe('ok');
    expect(readdirSync(scratch)).toEqual(['busy.db']);

    // Restored into a new data folder, a server there has every one of them, each as it was written.
    const freshDir = join(scratch, 'fresh');
    const restore = await tool('restore', [file], { DATA_DIR: freshDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${join(freshDir, 'journal.db')}`);
    expect(restore.stdout).toContain(`${reported?.[3]} entries of 1 account; integrity check: ok`);
    expect(restore.stdout).toContain('There was no database here before.');
    expect(statSync(join(freshDir, 'journal.db')).mode & 0o777).toBe(0o600);

    const restored = await start(freshDir);
    const entries = await allEntries(restored.url, cookie);
    expect(entries).toHaveLength(reportedEntries);
    const ids = new Set(entries.map((entry) => entry.id));
    for (const id of beforeBackup) expect(ids.has(id), `entry ${id} acknowledged before the backup is missing`).toBe(true);
    for (const entry of entries) {
      expect(entry).toMatchObject(contentFor(entry.id));
      expect(acknowledged).toContain(entry.id);
    }
    await stop(restored);
    expect(integrity(join(freshDir, 'journal.db'))).toBe('ok');
  });

  it('names the file by the time when given a folder, and explains each refusal', async () => {
    const server = await start();
    const named = await tool('backup', [scratch], { DATA_DIR: server.dataDir });
    expect(named.code, named.stderr).toBe(0);
    expect(readdirSync(scratch)).toEqual([expect.stringMatching(/^journal-\d{8}-\d{6}\.db$/)]);

    expect(await tool('backup', [], { DATA_DIR: server.dataDir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run backup -- <file>') as unknown,
    });
    const nowhere = join(scratch, 'no-such-folder');
    expect(await tool('backup', [join(scratch, 'x.db')], { DATA_DIR: nowhere })).toMatchObject({
      code: 1,
      stderr: `There is no database at ${join(nowhere, 'journal.db')}. Run the backup with the same DATA_DIR (or DATABASE_URL) as the server.\n`,
    });
    expect(await tool('backup', [join(nowhere, 'x.db')], { DATA_DIR: server.dataDir })).toMatchObject({
      code: 1,
      stderr: `The folder ${nowhere} does not exist.\n`,
    });
    expect(await tool('backup', [join(server.dataDir, 'journal.db')], { DATA_DIR: server.dataDir })).toMatchObject({
      code: 1,
      stderr: `${join(server.dataDir, 'journal.db')} is the database's own file; name another file for the backup.\n`,
    });
  });

  it('on PostgreSQL, prints the pg_dump command for the configured database, without its password', async () => {
    const result = await tool('backup', ['journal.dump'], {
      DATABASE_URL: 'postgres://journal:s3cret-pass@db.internal:5432/journal',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run backup copies SQLite files only');
    expect(result.stderr).toContain('  pg_dump --format=custom --file=journal.dump postgres://journal@db.internal:5432/journal\n');
    expect(result.stderr).toContain('  pg_restore --no-owner --dbname=postgres://journal@db.internal:5432/journal journal.dump');
    expect(result.stderr).not.toContain('s3cret-pass');
  });
});

describe('npm run restore', { timeout: 180_000 }, () => {
  it('refuses while any server uses the database, and restores once every one is stopped', async () => {
    const first = await start();
    const second = await start(first.dataDir);
    const { cookie } = await signedInUser(first, 'restore@example.com');
    const kept = await writeEntry(first.url, cookie);
    const file = join(scratch, 'before.db');
    expect((await tool('backup', [file], { DATA_DIR: first.dataDir })).code).toBe(0);
    const later = await writeEntry(second.url, cookie);
    const live = join(first.dataDir, 'journal.db');

    const refusal = `A server (or another program) is using ${live}. Stop every server process that uses this database, then run the restore again.\nNothing was restored; the database is as it was.\n`;
    expect(await tool('restore', [file], { DATA_DIR: first.dataDir })).toMatchObject({ code: 1, stdout: '', stderr: refusal });
    await stop(first);
    // One of the two processes still has it open.
    expect(await tool('restore', [file], { DATA_DIR: first.dataDir })).toMatchObject({ code: 1, stderr: refusal });
    expect((await allEntries(second.url, cookie)).map((entry) => entry.id).sort()).toEqual([kept, later].sort());
    expect(readdirSync(first.dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);
    await stop(second);

    // A backup readable by everyone (copied around by hand, say) is restored readable by the server's user only.
    chmodSync(file, 0o644);
    const restore = await tool('restore', [file], { DATA_DIR: first.dataDir });
    expect(restore.code, restore.stderr).toBe(0);
    const keptAs = /The database it replaced is kept as (.+)\n/.exec(restore.stdout)?.[1] ?? '';
    expect(keptAs).toMatch(new RegExp(`^${live.replace(/[.]/g, '\\.')}\\.before-restore-\\d{8}-\\d{6}$`));
    expect(readdirSync(first.dataDir).filter((name) => name.startsWith('journal.db')).sort()).toEqual(['journal.db', keptAs.slice(first.dataDir.length + 1)]);
    expect(statSync(live).mode & 0o777).toBe(0o600);

    // The restored journal is the backup's; the one it replaced, the later entry included, is kept whole.
    const again = await start(first.dataDir);
    expect((await allEntries(again.url, cookie)).map((entry) => entry.id)).toEqual([kept]);
    const old = new SQLite(keptAs, { readonly: true });
    try {
      expect(old.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((old.prepare('select id from journal_entry').pluck().all() as string[]).sort()).toEqual([kept, later].sort());
    } finally {
      old.close();
    }
  });

  it("restores only the app's own schema, as its migrations make it for the backup's version, and names what is not", async () => {
    const server = await start();
    const { cookie } = await signedInUser(server, 'schema@example.com');
    const id = await writeEntry(server.url, cookie);
    await stop(server);
    const env = { DATA_DIR: server.dataDir };
    const live = join(server.dataDir, 'journal.db');
    const backup = join(scratch, 'backup.db');
    expect((await tool('backup', [backup], env)).code).toBe(0);

    /** A copy of the backup, changed by `change` as someone with the file could. */
    function tampered(name: string, change: string): string {
      const file = join(scratch, name);
      writeFileSync(file, readFileSync(backup));
      const db = new SQLite(file);
      db.exec(change);
      db.close();
      return file;
    }
    const refused = (file: string, what: string) => ({
      code: 1,
      stdout: '',
      stderr:
        `${file} holds a database that is not as Gratitude Journal makes it: ${what}. A restore puts back only the ` +
        "app's own tables, indexes and triggers, as its migrations make them. Restore another backup, or remove " +
        'these from this one first.\nNothing was restored; the database is as it was.\n',
    });

    // A trigger that copies every new entry somewhere else, the table it copies into, and a view.
    const copying = tampered(
      'copying.db',
      `create table stolen (body text);
       create trigger copy_entries after insert on journal_entry begin insert into stolen values (new.gratitude); end;
       create view entry_texts as select gratitude from journal_entry;
       create index profile_email_idx on profile (email);`,
    );
    expect(await tool('restore', [copying], env)).toMatchObject(
      refused(copying, 'it has the index profile_email_idx, the table stolen, the trigger copy_entries and the view entry_texts, which the app does not make'),
    );
    // One of the app's triggers, written to do more than the app's does.
    const changed = tampered(
      'changed.db',
      `create table stolen (body text);
       drop trigger search_entry_delete;
       create trigger search_entry_delete after delete on journal_entry begin insert into stolen values (old.gratitude); end;`,
    );
    expect(await tool('restore', [changed], env)).toMatchObject(
      refused(changed, "it has the table stolen, which the app does not make; its trigger search_entry_delete is not the app's"),
    );
    // One of the app's indexes gone.
    const lacking = tampered('lacking.db', 'drop index journal_entry_gratitude_idx;');
    expect(await tool('restore', [lacking], env)).toMatchObject(refused(lacking, 'it lacks the index journal_entry_gratitude_idx'));

    // Nothing of them reached the live database.
    const names = () => {
      const db = new SQLite(live, { readonly: true });
      try {
        return db.prepare("select name from sqlite_schema where name in ('stolen', 'copy_entries', 'entry_texts')").pluck().all();
      } finally {
        db.close();
      }
    };
    expect(names()).toEqual([]);

    // A backup of an older version (before the newest migration) is compared with that version's schema, and restored.
    const older = join(scratch, 'older.db');
    writeFileSync(older, readFileSync(backup));
    const olderDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(older) }) });
    await undoMigrations(olderDb, Object.keys(MIGRATIONS).at(-1) ?? '');
    await olderDb.destroy();
    const restored = await tool('restore', [older], env);
    expect(restored.code, restored.stderr).toBe(0);
    // And the backup as it was, too; the server upgrades the older one and then reads it.
    expect((await tool('restore', [backup], env)).code).toBe(0);
    const again = await start(server.dataDir);
    expect((await allEntries(again.url, cookie)).map((entry) => entry.id)).toEqual([id]);
  });

  it('refuses a missing file, a file that is not a database, a database of another app, and a damaged one', async () => {
    const server = await start();
    const { cookie } = await signedInUser(server, 'careful@example.com');
    const id = await writeEntry(server.url, cookie);
    await stop(server);
    const env = { DATA_DIR: server.dataDir };
    const refused = (message: string) => ({ code: 1, stdout: '', stderr: `${message}\nNothing was restored; the database is as it was.\n` });

    const missing = join(scratch, 'missing.db');
    expect(await tool('restore', [missing], env)).toMatchObject(refused(`There is no file at ${missing}.`));

    const text = join(scratch, 'notes.db');
    writeFileSync(text, 'Dear diary, this is not a database.');
    expect(await tool('restore', [text], env)).toMatchObject(refused(`${text} is not a SQLite database.`));

    const foreign = join(scratch, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table notes (body text)');
    other.close();
    expect(await tool('restore', [foreign], env)).toMatchObject(
      refused(`${foreign} is a SQLite database, but not a Gratitude Journal one: it has no kysely_migration, user, profile, journal_entry tables.`),
    );

    // A backup whose entries' page was overwritten, as a failing disk might.
    const damaged = join(scratch, 'damaged.db');
    expect((await tool('backup', [damaged], env)).code).toBe(0);
    const db = new SQLite(damaged);
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const root = db.prepare("select rootpage from sqlite_schema where name = 'journal_entry'").pluck().get() as number;
    db.close();
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (root - 1) * pageSize);
    closeSync(fd);
    const result = await tool('restore', [damaged], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${damaged.replace(/[.]/g, '\\.')} is damaged`));

    expect(await tool('restore', [scratch], env)).toMatchObject(refused(`${scratch} is a folder; name the backup file in it to restore.`));
    expect(await tool('restore', [], env)).toMatchObject({ code: 2, stderr: 'Usage: npm run restore -- <backup file>\n' });

    // Nothing was touched: the same journal, and nothing left beside it.
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('journal.db') || name.startsWith('.journal.db'))).toEqual(['journal.db']);
    const again = await start(server.dataDir);
    expect((await allEntries(again.url, cookie)).map((entry) => entry.id)).toEqual([id]);
  });
});
