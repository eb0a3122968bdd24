import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile } from '../private-files';

/** What a finished backup holds: its size on disk, and how many entries and accounts are in it. */
export interface BackupFacts {
  bytes: number;
  entries: number;
  accounts: number;
}

/** A problem the operator can act on; its message says what happened and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** SQLite's backup API copies this many pages in a step at most: all of them, so the copy is taken in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database at `source` to `destination`, consistent as of one moment, while servers go on
 * reading and writing it. The copy is made next to the destination as `<destination>.partial`, readable by the
 * server's user only, checked (PRAGMA integrity_check), written to disk (fsync) and only then renamed into place,
 * so `destination` is always either absent or a whole, checked backup.
 *
 * The copy is taken with SQLite's backup API in a single step: one read transaction, which in WAL mode never
 * blocks writers, and which writes by other connections cannot restart, as they restart a copy taken in
 * several steps. The backup is a self-contained file in rollback-journal mode, with no -wal or -shm beside it.
 */
export async function backupSqliteFile(source: string, destination: string): Promise<BackupFacts> {
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial);
  try {
    let live: SQLite.Database;
    try {
      // Read-write, so that when it is the last connection its close folds the WAL back in, as a server's would.
      live = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    } catch (error) {
      throw new BackupError(`The database ${source} could not be opened: ${reason(error)}`);
    }
    try {
      await live.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      live.close();
    }
    const facts = checkSqliteFile(partial, { makeSelfContained: true, name: `The backup of ${source}` });
    syncFile(partial);
    renameSync(partial, destination);
    syncFile(dirname(destination));
    return { ...facts, bytes: statSync(destination).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The tables every Gratitude Journal database has, whatever its version. */
const APP_TABLES = ['kysely_migration', 'user', 'profile', 'journal_entry'];

/**
 * Opens a SQLite file and checks that it is a whole Gratitude Journal database: SQLite's integrity check passes
 * and it has the app's tables. Returns what it holds; throws a BackupError saying what is wrong, naming the file
 * `name` (a copy is checked under the name of its original). With `makeSelfContained`, it also switches the file to
 * rollback-journal mode, which folds in and removes any -wal.
 */
export function checkSqliteFile(
  file: string,
  options: { makeSelfContained?: boolean; name?: string } = {},
): BackupFacts & { migrations: string[] } {
  const name = options.name ?? file;
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 5000 });
  } catch (error) {
    throw new BackupError(`${name} could not be opened: ${reason(error)}`);
  }
  try {
    try {
      if (options.makeSelfContained) db.pragma('journal_mode = DELETE');
      const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
      const first = problems[0]?.integrity_check;
      if (problems.length !== 1 || first !== 'ok') {
        throw new BackupError(
          `${name} is damaged: SQLite's integrity check found ${problems.length} problem${problems.length === 1 ? '' : 's'}` +
            `${first ? ` (the first: ${first})` : ''}.`,
        );
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_NOTADB') throw new BackupError(`${name} is not a SQLite database.`);
      if (code === 'SQLITE_CORRUPT') throw new BackupError(`${name} is damaged: ${reason(error)}.`);
      throw new BackupError(`${name} could not be read: ${reason(error)}`);
    }
    const tables = new Set(
      db
        .prepare("select name from sqlite_schema where type = 'table'")
        .pluck()
        .all() as string[],
    );
    const missing = APP_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      throw new BackupError(
        `${name} is a SQLite database, but not a Gratitude Journal one: it has no ${missing.join(', ')} table${missing.length === 1 ? '' : 's'}.`,
      );
    }
    const count = (table: string) => db.prepare(`select count(*) from "${table}"`).pluck().get() as number;
    return {
      bytes: statSync(file).size,
      entries: count('journal_entry'),
      accounts: count('user'),
      migrations: db.prepare('select name from kysely_migration order by name').pluck().all() as string[],
    };
  } finally {
    db.close();
  }
}

/** Asks the operating system to put a file's (or a folder's) contents on the disk before going on. */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A size as a person reads it: 512 bytes, 84.1 kB, 12.3 MB, 1.20 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
