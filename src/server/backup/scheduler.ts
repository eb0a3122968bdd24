import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { Logger } from '../logger';
import { createPrivateFile, makePrivateDir } from '../private-files';
import { commandAvailable, isCustomFormatArchive, runPgDump } from './postgres-dump';
import { BackupError, type BackupFacts, syncFile } from './sqlite-backup';

/** The row of backup_schedule this scheduler claims periods in (migration 009). */
const SCHEDULE = 'scheduled';
/** A process checks this long after it starts: the period it starts in gets its backup, if none was taken yet. */
const FIRST_CHECK_MS = 5_000;
/** After a failed backup, the next try comes this much later, unless the next period starts sooner. */
const RETRY_MS = 5 * 60_000;
/** Timers wait at most this long at a time; a longer wait (BACKUP_EVERY=30d) is a chain of them. */
const LONGEST_TIMER_MS = 24 * 3_600_000;
/** A .partial file untouched this long is left over from a process that stopped while writing it. */
const ABANDONED_PARTIAL_MS = 3_600_000;

/** The names scheduled backups take, and the only files rotation ever deletes. */
const BACKUP_NAME = /^journal-\d{8}-\d{6}\.(db|dump)$/;
const PARTIAL_NAME = /^journal-\d{8}-\d{6}\.(db|dump)\.partial$/;

export type BackupRun =
  | { status: 'taken'; file: string; bytes: number; ms: number; entries: number | undefined; deleted: string[] }
  /** Another process (or this one) has claimed the current period already. */
  | { status: 'not-due' }
  /** This process cannot take backups (no pg_dump, an in-memory database); it claims nothing. */
  | { status: 'unavailable' }
  | { status: 'failed'; error: string };

export interface BackupSchedulerDeps {
  settings: NonNullable<Config['backups']>;
  /** Where the database is: the file SQLite backups copy, or the URL pg_dump reads. */
  location: Config['database'];
  database: DatabaseHandle;
  logger: Logger;
  now: () => Date;
  /** The pg_dump to run; the one on the PATH unless told otherwise. */
  pgDump?: string;
}

/** `journal-YYYYMMDD-HHMMSS` for a moment, in UTC. */
export function backupStem(at: Date): string {
  const iso = at.toISOString();
  return `journal-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

/**
 * Takes a backup of the database every BACKUP_EVERY into BACKUP_DIR and keeps the newest BACKUP_KEEP of them.
 * Time is cut into periods of BACKUP_EVERY counted from 1970-01-01 UTC (so 24h periods start at midnight UTC);
 * each period gets one backup, taken when it starts, or when the first process starts within it. Several processes
 * may share the database: each claims the period in backup_schedule with a conditional update, and only the one
 * whose update changed the row takes the backup. SQLite is copied with SQLite's backup API on a worker thread
 * (sqlite-backup.ts), PostgreSQL with pg_dump in custom format.
 */
export class BackupScheduler {
  private readonly settings: NonNullable<Config['backups']>;
  private readonly pgDump: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<BackupRun> | undefined;
  private abort: AbortController | undefined;
  private unavailable: Promise<string | undefined> | undefined;
  private stopped = false;

  constructor(private readonly deps: BackupSchedulerDeps) {
    this.settings = deps.settings;
    this.pgDump = deps.pgDump ?? 'pg_dump';
  }

  /**
   * Checks that backups can be taken (logging once why not), then looks for a due backup shortly after and at the
   * start of each period. Resolves once the first check is scheduled, or the reason it is not was logged.
   */
  start(): Promise<void> {
    return this.whyUnavailable().then((reason) => {
      if (this.stopped) return;
      if (reason) {
        this.deps.logger.warn('backup.unavailable', { dir: this.settings.dir, reason });
        return;
      }
      this.deps.logger.info('backup.scheduled', {
        dir: this.settings.dir,
        everyMinutes: this.settings.everyMs / 60_000,
        keep: this.settings.keep,
        nextPeriodAt: new Date(this.periodStart(this.deps.now()) + this.settings.everyMs).toISOString(),
      });
      this.wakeIn(FIRST_CHECK_MS);
    });
  }

  /**
   * Takes the current period's backup if no process has claimed it yet, then deletes the scheduled backups beyond
   * the newest BACKUP_KEEP. One run at a time; a call during a run shares it.
   */
  runDue(): Promise<BackupRun> {
    this.running ??= this.claimAndTake().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops the timer and any backup under way (its partial file is deleted and its period released). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort?.abort();
    await this.running;
  }

  private wakeIn(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.wake(), Math.min(Math.max(ms, 0), LONGEST_TIMER_MS));
    this.timer.unref();
  }

  private async wake(): Promise<void> {
    const run = await this.runDue();
    const now = this.deps.now().getTime();
    // A second past the next period's start, so that the clock reads inside it whatever the timer's rounding.
    const untilNextPeriod = this.periodStart(new Date(now)) + this.settings.everyMs - now + 1000;
    this.wakeIn(run.status === 'failed' ? Math.min(RETRY_MS, untilNextPeriod) : untilNextPeriod);
  }

  private periodStart(at: Date): number {
    return Math.floor(at.getTime() / this.settings.everyMs) * this.settings.everyMs;
  }

  /** Why this process cannot take backups, or undefined when it can; worked out once. */
  private whyUnavailable(): Promise<string | undefined> {
    this.unavailable ??= (async () => {
      const { location } = this.deps;
      if (location.kind === 'sqlite' && location.path === ':memory:') {
        return 'The database is in memory (DATABASE_URL=:memory:), so there is no file to back up.';
      }
      if (location.kind === 'postgres' && !(await commandAvailable(this.pgDump))) {
        return (
          `BACKUP_DIR is set, but ${this.pgDump} is not on the PATH, so this process takes no scheduled backups of ` +
          'PostgreSQL. Install the PostgreSQL client tools (for example: apt-get install postgresql-client, of the ' +
          "server's major version or newer), or unset BACKUP_DIR and back up with pg_dump yourself."
        );
      }
      return undefined;
    })();
    return this.unavailable;
  }

  private async claimAndTake(): Promise<BackupRun> {
    if (this.stopped) return { status: 'not-due' };
    if (await this.whyUnavailable()) return { status: 'unavailable' };
    const now = this.deps.now();
    const period = new Date(this.periodStart(now)).toISOString();
    if (!(await this.claim(period, now))) return { status: 'not-due' };

    const started = performance.now();
    const { dir } = this.settings;
    const kind = this.deps.location.kind;
    const name = `${backupStem(now)}.${kind === 'sqlite' ? 'db' : 'dump'}`;
    const file = join(dir, name);
    this.abort = new AbortController();
    try {
      makePrivateDir(dir);
      const facts = await this.take(file, this.abort.signal);
      const ms = Math.round(performance.now() - started);
      const deleted = this.rotate(kind === 'sqlite' ? '.db' : '.dump');
      this.deps.logger.info('backup.taken', {
        file: name,
        dir,
        bytes: facts.bytes,
        ms,
        ...(facts.entries === undefined ? {} : { entries: facts.entries }),
        deleted: deleted.length,
      });
      return { status: 'taken', file, bytes: facts.bytes, ms, entries: facts.entries, deleted };
    } catch (error) {
      rmSync(`${file}.partial`, { force: true });
      // The period is free again: the next check here, or any process starting within it, tries again.
      await this.release(period).catch(() => undefined);
      const message = this.abort.signal.aborted
        ? 'The server stopped while the backup was being taken.'
        : error instanceof Error
          ? error.message
          : String(error);
      this.deps.logger.warn('backup.failed', { file: name, dir, error: message });
      return { status: 'failed', error: message };
    } finally {
      this.abort = undefined;
    }
  }

  /** Claims the period starting at `period` for this process; false when another process has it already. */
  private async claim(period: string, now: Date): Promise<boolean> {
    const result = await this.deps.database.write((trx) =>
      trx
        .updateTable('backup_schedule')
        .set({ slot_start: period, claimed_at: now.toISOString() })
        .where('name', '=', SCHEDULE)
        .where('slot_start', '<', period)
        .executeTakeFirst(),
    );
    return result.numUpdatedRows > 0n;
  }

  /** Gives a claimed period back after its backup failed, unless a newer period was claimed meanwhile. */
  private async release(period: string): Promise<void> {
    const before = new Date(Date.parse(period) - this.settings.everyMs).toISOString();
    await this.deps.database.write((trx) =>
      trx
        .updateTable('backup_schedule')
        .set({ slot_start: before })
        .where('name', '=', SCHEDULE)
        .where('slot_start', '=', period)
        .executeTakeFirst(),
    );
  }

  private async take(file: string, signal: AbortSignal): Promise<{ bytes: number; entries: number | undefined }> {
    const { location } = this.deps;
    if (location.kind === 'sqlite') {
      const facts = await backupOnWorker(location.path, file, signal);
      return { bytes: facts.bytes, entries: facts.entries };
    }
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    createPrivateFile(partial);
    const schema = await this.ownSchema();
    await runPgDump({ command: this.pgDump, url: location.url, file: partial, schema, signal });
    if (!isCustomFormatArchive(partial)) throw new BackupError('pg_dump wrote a file that is not a custom-format archive.');
    syncFile(partial);
    renameSync(partial, file);
    syncFile(this.settings.dir);
    return { bytes: statSync(file).size, entries: undefined };
  }

  /** The PostgreSQL schema this deployment's tables are in, when it is not the default one (public). */
  private async ownSchema(): Promise<string | undefined> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.deps.database.db);
    const schema = rows[0]?.schema;
    return schema && schema !== 'public' ? schema : undefined;
  }

  /**
   * Deletes the scheduled backups of this kind beyond the newest BACKUP_KEEP (their names sort by time), and partial
   * files left by a process that stopped while writing one. Nothing else in the folder is touched.
   */
  private rotate(extension: '.db' | '.dump'): string[] {
    const { dir, keep } = this.settings;
    const names = readdirSync(dir);
    const backups = names.filter((name) => BACKUP_NAME.test(name) && name.endsWith(extension)).sort();
    const deleted = backups.slice(0, Math.max(0, backups.length - keep));
    const now = Date.now();
    for (const name of names.filter((candidate) => PARTIAL_NAME.test(candidate))) {
      try {
        if (now - statSync(join(dir, name)).mtimeMs > ABANDONED_PARTIAL_MS) deleted.push(name);
      } catch {
        // gone already
      }
    }
    for (const name of deleted) rmSync(join(dir, name), { force: true });
    return deleted;
  }
}

/** Runs backupSqliteFile on a worker thread; stopping `signal` ends the worker and rejects. */
function backupOnWorker(source: string, destination: string, signal: AbortSignal): Promise<BackupFacts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backup-worker.mjs', import.meta.url), { workerData: { source, destination } });
    const stop = () => void worker.terminate();
    signal.addEventListener('abort', stop, { once: true });
    worker.once('message', (reply: { ok: true; facts: BackupFacts } | { ok: false; name: string; message: string }) => {
      if (reply.ok) resolve(reply.facts);
      else reject(reply.name === 'BackupError' ? new BackupError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', stop);
      // After a reply this changes nothing; without one, the worker was stopped or died.
      reject(new Error(`The backup's worker ended (${code}) before it finished.`));
    });
  });
}
