import { type ControlledTransaction, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * A unit of writes. It must use only the transaction it is given, never the database handle, and do nothing else
 * that lasts: on SQLite it runs again when another write of its batch fails (GroupCommit).
 */
export type WriteUnit<T> = (trx: Transaction<Database>) => Promise<T>;

const SAVEPOINT = sql`savepoint unit`;
const RELEASE = sql`release savepoint unit`;
const ROLLBACK_TO = sql`rollback to savepoint unit`;
// SQLite's safety level may change only between transactions (docs/decisions/013).
const COMMIT_WITHOUT_WAITING = sql`pragma synchronous = NORMAL`;
const COMMIT_AND_WAIT = sql`pragma synchronous = FULL`;

interface Queued {
  unit: WriteUnit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT waits for the disk (docs/decisions/010), and SQLite
 * commits one transaction at a time, so under load most of a write's time is spent waiting for its own fsync. Here
 * the writes that arrive together share one transaction and one fsync: each runs in a savepoint of its own, so a
 * write that fails rolls back alone, and every caller hears back only after the shared COMMIT has reached the disk.
 * A 2xx still means committed.
 *
 * With `syncLater` (decision 013), a batch commits without waiting for the disk, and `syncLater` then flushes the
 * log off the main thread: the callers are answered once it has, while the main thread serves other requests and
 * the next batch may already commit.
 */
export class GroupCommit {
  private queue: Queued[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      maxBatch?: number;
      /** Puts every commit so far on disk; called after each batch's COMMIT. */
      syncLater?: () => Promise<void>;
    } = {},
  ) {}

  run<T>(unit: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Writes that arrive in this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 100);
      const outcomes = await this.commit(batch);
      // Not awaited: the next batch may commit while this one's log is being flushed.
      if (outcomes) void this.answer(batch, outcomes);
    }
    this.running = false;
  }

  /** The outcome of each write of the batch once committed, or undefined when the batch failed as a whole. */
  private async commit(batch: Queued[]): Promise<Outcome[] | undefined> {
    try {
      // Most batches have no failing write, and a savepoint costs two statements per write. So a batch first runs
      // without them; if a write fails, that attempt is rolled back and the batch runs again with a savepoint for
      // each write, so that only the failing one is lost.
      return (await this.attempt(batch, false)) ?? (await this.attempt(batch, true)) ?? [];
    } catch (error) {
      // The transaction itself failed (the disk, the database): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return undefined;
    }
  }

  private async answer(batch: Queued[], outcomes: Outcome[]): Promise<void> {
    if (this.options.syncLater) {
      try {
        await this.options.syncLater();
      } catch (error) {
        // Committed, but perhaps not on disk: nobody is told it is stored. A retry with the same id is safe.
        for (const item of batch) item.reject(error);
        return;
      }
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }

  /**
   * Runs the batch in one transaction and commits it. Without savepoints, the first failing write rolls the whole
   * attempt back and the answer is undefined; with them, each write's outcome is its own, and there always is one.
   */
  private async attempt(batch: Queued[], savepoints: boolean): Promise<Outcome[] | undefined> {
    if (!this.options.syncLater) return this.attemptOn(this.db, batch, savepoints);
    // On one connection, held from before BEGIN to after COMMIT, so that no other transaction runs in between
    // with the relaxed setting.
    return this.db.connection().execute(async (connection) => {
      await COMMIT_WITHOUT_WAITING.execute(connection);
      try {
        return await this.attemptOn(connection, batch, savepoints);
      } finally {
        await COMMIT_AND_WAIT.execute(connection);
      }
    });
  }

  /**
   * Runs the batch in one transaction and commits it. Without savepoints, the first failing write rolls the whole
   * attempt back and the answer is undefined; with them, each write's outcome is its own, and there always is one.
   */
  private async attemptOn(db: Kysely<Database>, batch: Queued[], savepoints: boolean): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await db.startTransaction().execute();
      for (const item of batch) {
        if (savepoints) await SAVEPOINT.execute(trx);
        try {
          const value = await item.unit(trx);
          if (savepoints) await RELEASE.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          if (!savepoints) {
            await trx.rollback().execute();
            return undefined;
          }
          await ROLLBACK_TO.execute(trx);
          await RELEASE.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
  }
}
