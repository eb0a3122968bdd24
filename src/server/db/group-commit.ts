import { type ControlledTransaction, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** A unit of writes. It must use only the transaction it is given, never the database handle. */
export type WriteUnit<T> = (trx: Transaction<Database>) => Promise<T>;

const SAVEPOINT = sql`savepoint unit`;
const RELEASE = sql`release savepoint unit`;
const ROLLBACK_TO = sql`rollback to savepoint unit`;

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
 */
export class GroupCommit {
  private queue: Queued[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 100,
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
      const batch = this.queue.splice(0, this.maxBatch);
      await this.commit(batch);
    }
    this.running = false;
  }

  private async commit(batch: Queued[]): Promise<void> {
    const outcomes: Outcome[] = [];
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await this.db.startTransaction().execute();
      for (const item of batch) {
        // Plain statements: Kysely's savepoint() builds a new transaction object for each.
        await SAVEPOINT.execute(trx);
        try {
          const value = await item.unit(trx);
          await RELEASE.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await ROLLBACK_TO.execute(trx);
          await RELEASE.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction itself failed (the disk, the database): nothing of the batch is stored.
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }
}
