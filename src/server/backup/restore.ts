import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATIONS } from '../db/migrations';
import { createPrivateFile, makePrivateDir } from '../private-files';
import { schemaProblems } from './schema-check';
import { backupStem } from './scheduler';
import { BackupError, type BackupFacts, checkSqliteFile, syncFile } from './sqlite-backup';

/** Every SQLite database file starts with these 16 bytes. */
const SQLITE_HEADER = 'SQLite format 3\0';

export interface Restored extends BackupFacts {
  /** Where the database that was replaced is kept; undefined when there was none. */
  kept: string | undefined;
}

/**
 * Puts the SQLite backup `backupFile` in place of the database at `livePath`, with every server stopped.
 *
 * 1. The backup must be a whole SQLite database of this app, of this version or older: a copy of it, made beside
 *    the database, passes SQLite's integrity check, has no migration this version does not know, and its schema is
 *    exactly what the app's migrations make up to its newest one: no trigger, view, table or index of anyone else's
 *    (a trigger could copy every new entry somewhere, and would run in the live database), and none of the app's
 *    changed or missing (schema-check.ts).
 * 2. Nothing may have the database open. SQLite connections in WAL mode, as the server's, hold a shared lock on
 *    the database file for as long as they are open, and the operating system drops it when their process ends, so
 *    a connection that asks for an exclusive lock gets it exactly when no server (nor anything else) is using the
 *    file: that is the test, and the lock is then held until the new file is in place.
 * 3. With that lock held from the start, the old database is folded into one file (its WAL written back,
 *    rollback-journal mode) and renamed to `journal.db.before-restore-YYYYMMDD-HHMMSS`, stale -wal/-shm files are
 *    removed, and the checked copy, already on disk (fsync), is renamed to `journal.db`. A rename within a folder is
 *    atomic: at every moment journal.db is the old database or the new one, whole.
 */
export async function restoreSqlite(backupFile: string, livePath: string, now: Date): Promise<Restored> {
  const source = resolve(backupFile);
  const live = resolve(livePath);
  checkBackupFile(source, live);

  // First the lock, so that a server still running is found before a large backup is copied and checked.
  const lock = existsSync(live) ? lockExclusively(live) : undefined;
  const dir = dirname(live);
  const copy = join(dir, `.${basename(live)}.restoring-${randomBytes(4).toString('hex')}`);
  try {
    makePrivateDir(dir);
    createPrivateFile(copy);
    copyInto(source, copy);
    const facts = checkSqliteFile(copy, { makeSelfContained: true, name: source });
    const newer = facts.migrations.filter((name) => !(name in MIGRATIONS));
    if (newer.length > 0) {
      throw new BackupError(
        `${source} was written by a newer version of Gratitude Journal (its database has ${newer.join(', ')}). ` +
          'Restore it with that version or a later one.',
      );
    }
    const problems = await schemaProblems(copy, facts.migrations);
    if (problems.length > 0) {
      throw new BackupError(
        `${source} holds a database that is not as Gratitude Journal makes it: ${problems.join('; ')}. A restore puts ` +
          "back only the app's own tables, indexes and triggers, as its migrations make them. Restore another backup, " +
          'or remove these from this one first.',
      );
    }
    syncFile(copy);
    const kept = lock ? replace(lock, live, copy, now) : install(live, copy);
    return { bytes: facts.bytes, entries: facts.entries, accounts: facts.accounts, kept };
  } finally {
    lock?.close();
    rmSync(copy, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${copy}${suffix}`, { force: true });
  }
}

/** Refuses, with a message that says why, a backup file that cannot be what the operator means to restore. */
function checkBackupFile(source: string, live: string): void {
  let stats;
  try {
    stats = statSync(source);
  } catch {
    throw new BackupError(`There is no file at ${source}.`);
  }
  if (stats.isDirectory()) throw new BackupError(`${source} is a folder; name the backup file in it to restore.`);
  if (!stats.isFile()) throw new BackupError(`${source} is not a regular file.`);
  if (source === live) throw new BackupError(`${source} is the database itself; name a backup of it to restore.`);
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(source, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_HEADER) {
    const hint = head.toString('latin1').startsWith('PGDMP')
      ? ' It is a PostgreSQL archive: restore it with pg_restore (see "Backups" in the README).'
      : '';
    throw new BackupError(`${source} is not a SQLite database.${hint}`);
  }
  const wal = `${source}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new BackupError(
      `${source} has a write-ahead log beside it (${wal}) that may hold its newest changes, so the file alone is not ` +
        `the whole database. Fold the log in first (sqlite3 ${source} 'PRAGMA wal_checkpoint(TRUNCATE)'), or make the ` +
        'backup with npm run backup, then restore again.',
    );
  }
}

/**
 * Copies `source` into the existing file `target`, which keeps its own mode (fs.copyFileSync would give it the
 * source's, and a backup made by other means may be readable by everyone).
 */
function copyInto(source: string, target: string): void {
  const input = openSync(source, 'r');
  const output = openSync(target, 'w');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (let read; (read = readSync(input, chunk, 0, chunk.length, null)) > 0; ) {
      for (let written = 0; written < read; ) written += writeSync(output, chunk, written, read - written);
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}

/** Moves the checked copy into place where there is no database yet (a new machine, a new data folder). */
function install(live: string, copy: string): undefined {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${live}${suffix}`, { force: true });
  renameSync(copy, live);
  syncFile(dirname(live));
  return undefined;
}

/**
 * A connection to the database at `live` that holds SQLite's exclusive lock on it until it is closed; refuses, with
 * a BackupError, when any other connection (a server's) has the file open.
 */
function lockExclusively(live: string): SQLite.Database {
  let db: SQLite.Database;
  try {
    // timeout 0: a lock held by a server is an answer, not something to wait for.
    db = new SQLite(live, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new BackupError(`The database ${live} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(
        `A server (or another program) is using ${live}. Stop every server process that uses this database, ` +
          'then run the restore again.',
      );
    }
    throw new BackupError(`The database ${live} could not be locked: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** With the lock held, moves the old database aside and `copy` into its place; returns where the old one is kept. */
function replace(lock: SQLite.Database, live: string, copy: string, now: Date): string {
  // Writes the WAL back into the file and removes it, so the kept database is whole in one file.
  lock.pragma('journal_mode = DELETE');
  syncFile(live);
  const kept = keptName(live, now);
  renameSync(live, kept);
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${live}${suffix}`, { force: true });
  try {
    renameSync(copy, live);
  } catch (error) {
    renameSync(kept, live);
    throw error;
  }
  syncFile(dirname(live));
  return kept;
}

/** `journal.db.before-restore-YYYYMMDD-HHMMSS`, or with -2, -3... when restores follow each other within a second. */
function keptName(live: string, now: Date): string {
  const base = `${live}.before-restore-${backupStem(now).slice('journal-'.length)}`;
  let name = base;
  for (let n = 2; existsSync(name); n += 1) name = `${base}-${n}`;
  return name;
}
