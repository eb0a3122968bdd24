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

interface Queued {
  unit: WriteUnit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Work that writes through another connection (`apart`): it runs alone, between batches. */
  apart?: () => Promise<unknown>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT waits for the disk (docs/decisions/010), and SQLite
 * commits one transaction at a time, so under load most of a write's time is spent waiting for its own fsync. Here
 * the writes that arrive together share one transaction and one fsync: each runs in a savepoint of its own, so a
 * write that fails rolls back alone, and every caller hears back only after the shared COMMIT has reached the disk.
 * A 2xx still means committed.
 *
 * A batch starts at the end of the turn of the event loop its first write arrived in. While writes keep arriving,
 * turn after turn, it waits for them, up to `maxGatherTurns` turns or `maxBatch` writes: each COMMIT holds up the
 * whole server until the disk answers, so fewer and fuller batches leave more time for requests. A write that
 * arrives alone is committed at the end of its own turn, without waiting (docs/decisions/011-throughput-goals.md).
 */
export class GroupCommit {
  private queue: Queued[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 100,
    private readonly maxGatherTurns = 8,
  ) {}

  run<T>(unit: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Writes that arrive in this turn of the event loop join the first batch.
        this.gather(this.queue.length, 0);
      }
    });
  }

  /**
   * Runs `work`, which writes to the same file through a connection of its own (another thread's), while none of this
   * connection's writes runs: those that arrive meanwhile wait their turn here, as they would behind a batch, instead
   * of waiting for SQLite's lock, which on this connection would hold up the whole thread (busy_timeout).
   */
  apart<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const unit: WriteUnit<unknown> = () => Promise.reject(new Error('a write apart runs on its own connection'));
      this.queue.push({ unit, apart: work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        this.gather(this.queue.length, 0);
      }
    });
  }

  /** Drains at the end of this turn, unless writes came in during it: then it waits for the next turn's. */
  private gather(queued: number, turns: number): void {
    setImmediate(() => {
      const now = this.queue.length;
      const arriving = now > queued && now < this.maxBatch && turns < this.maxGatherTurns;
      if (arriving) this.gather(now, turns + 1);
      else void this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const first = this.queue[0];
      if (first?.apart) {
        this.queue.shift();
        await first.apart().then(first.resolve, first.reject);
        continue;
      }
      // A batch ends before the next write apart.
      const apart = this.queue.findIndex((item) => item.apart);
      const batch = this.queue.splice(0, Math.min(this.maxBatch, apart === -1 ? this.maxBatch : apart));
      await this.commit(batch);
    }
    this.running = false;
  }

  private async commit(batch: Queued[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      // Most batches have no failing write, and a savepoint costs two statements per write. So a batch first runs
      // without them; if a write fails, that attempt is rolled back and the batch runs again with a savepoint for
      // each write, so that only the failing one is lost.
      outcomes = (await this.attempt(batch, false)) ?? (await this.attempt(batch, true)) ?? [];
    } catch (error) {
      // The transaction itself failed (the disk, the database): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
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
    const outcomes: Outcome[] = [];
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await this.db.startTransaction().execute();
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
