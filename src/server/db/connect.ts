import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { createPrivateFile, makePrivateDir } from '../private-files';
import { isWriteConflict } from './errors';
import { GroupCommit, type WriteUnit } from './group-commit';
import { runDirectlyInTransactions } from './prepared';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs a unit of writes in a transaction and resolves once it is committed. On SQLite, writes that arrive
   * together share one commit (GroupCommit); on PostgreSQL each has its own transaction.
   */
  write<T>(unit: WriteUnit<T>): Promise<T>;
  /**
   * The SQLite file, for work that writes to it through a connection of its own on another thread (`writeApart`);
   * null on PostgreSQL and for an in-memory SQLite database.
   */
  file: string | null;
  /**
   * Runs `work`, which writes through a connection of its own, while this handle's writes wait their turn (on SQLite,
   * whose writers go one at a time); on PostgreSQL it simply runs.
   */
  writeApart<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs a compiled read and returns its rows. On SQLite, while no transaction is open on the connection, it runs
   * at once: it can see only committed rows then, and Kysely's connection queue costs more than a small indexed
   * read. During a transaction it waits its turn in that queue, like any other query.
   */
  read<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Checks that the database answers; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts always fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export async function openDatabase(settings: Config['database']): Promise<DatabaseHandle> {
  const handle = settings.kind === 'postgres' ? openPostgres(settings.url) : openSqlite(settings.path);
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  return handle;
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') {
    // A new database is the server user's only; SQLite gives its -wal and -shm files the database file's mode.
    makePrivateDir(dirname(path));
    createPrivateFile(path);
  }
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // WAL with synchronous=FULL: a committed transaction survives a crash of the process or the machine.
  sqlite.pragma('synchronous = FULL');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteWithTransactionalDdl({ database: statements }) });
  const groupCommit = new GroupCommit(db);
  // What Kysely's SQLite driver does with a query, on the same connection and statement cache, without the promises.
  const runNow = ({ sql, parameters }: CompiledQuery) => {
    const statement = statements.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) };
    return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
  };
  runDirectlyInTransactions(db.getExecutor().adapter, runNow);
  return {
    db,
    dialect: 'sqlite',
    write: (unit) => groupCommit.run(unit),
    file: path === ':memory:' ? null : sqlite.name,
    writeApart: (work) => groupCommit.apart(work),
    read: async <R>(query: CompiledQuery<R>) =>
      sqlite.inTransaction ? (await db.executeQuery(query)).rows : (runNow(query).rows as R[]),
    ping: () => {
      sqlite.prepare('select 1').get();
      return Promise.resolve();
    },
    close: () => db.destroy(),
  };
}

/**
 * SQLite's schema changes are transactional, but Kysely's SQLite adapter says they are not, so its Migrator would
 * run each statement of a migration on its own: a migration that failed halfway would stay half done, and fail
 * again on every start. With this, pending migrations run in one transaction with their bookkeeping, as on
 * PostgreSQL. Kysely reads this property only when migrating.
 */
class SqliteWithTransactionalDdl extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  /**
   * Transactions begin IMMEDIATE, taking the write lock at once (waiting for it up to busy_timeout). A transaction
   * begun the default way takes it only at its first write, and if another process has committed since its first
   * read, SQLite refuses that write at once, whatever the timeout: with two processes on one file, a writer's
   * click (verifying an email reads the link, then marks it used) would fail now and then.
   */
  override createDriver() {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.#config);
  }

  override createAdapter() {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }
}

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query. The app issues a
 * handful of distinct SQL strings, so their prepared statements are kept (bounded, in case of surprises).
 */
function withStatementCache(sqlite: SQLite.Database, limit = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= limit) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** How often a PostgreSQL write the server cancelled for a deadlock or a serialization conflict runs again. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Runs a unit in its own PostgreSQL transaction, and again if PostgreSQL cancelled it to break a deadlock (40P01)
 * or for a serialization conflict (40001). Writes of one person lock some of the same rows (their counts, a day's
 * counts); should two ever take them in different orders, PostgreSQL cancels one to break the deadlock. That one kept
 * nothing, and once the other is through it runs alone, so the writer sees a success rather than an error. A unit may
 * run again (WriteUnit's contract): it touches only its transaction.
 */
async function writeRetryingConflicts<T>(db: Kysely<Database>, unit: WriteUnit<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(unit);
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isWriteConflict(error)) throw error;
      // A short wait, longer each time and never the same for both sides, lets the other write finish first.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    write: (unit) => writeRetryingConflicts(db, unit),
    file: null,
    writeApart: (work) => work(),
    read: async (query) => (await db.executeQuery(query)).rows,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => db.destroy(),
  };
}
