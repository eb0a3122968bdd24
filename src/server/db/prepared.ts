import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Runs a compiled query on a connection at once, as Kysely's driver would, without Kysely's hand-offs. */
export type DirectRunner = (query: CompiledQuery) => QueryResult<unknown>;

/** Registered by connect.ts for SQLite, whose queries run synchronously on its one connection. */
const directRunners = new WeakMap<DialectAdapter, DirectRunner>();

export function runDirectlyInTransactions(adapter: DialectAdapter, runner: DirectRunner): void {
  directRunners.set(adapter, runner);
}

/** Stands in for a named argument while the query is built; replaced by the argument's value on every run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query Kysely builds and compiles once per database, then runs with new arguments each time.
 *
 * Building and compiling a query costs more than SQLite takes to run a small one, and the hottest writes (a new
 * entry and its counts) run several per request. The query is written with Kysely as usual, with `arg('name')`
 * where a value changes from run to run; `run(db, { name: value })` puts the values in their places. Constants in
 * the query stay as Kysely compiled them.
 */
export class PreparedQuery<Args extends Record<string, unknown>, Row> {
  /** One compiled form per dialect: every Kysely instance and its transactions share their adapter. */
  private readonly compiled = new WeakMap<DialectAdapter, CompiledQuery<Row>>();

  constructor(private readonly build: (db: Db, arg: (name: keyof Args & string) => never) => Compilable<Row>) {}

  async run(db: Db, args: Args): Promise<QueryResult<Row>> {
    const adapter = db.getExecutor().adapter;
    let compiled = this.compiled.get(adapter);
    if (!compiled) {
      compiled = this.build(db, (name) => new Slot(name) as never).compile();
      this.compiled.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((value) => {
      if (!(value instanceof Slot)) return value;
      if (args[value.name] === undefined) throw new Error(`PreparedQuery: no value for ${value.name}`);
      return args[value.name];
    });
    const query = { ...compiled, parameters };
    // Inside a transaction the connection is this caller's alone, so on SQLite the query can run on it directly:
    // Kysely's connection hand-off costs several promises per query, more than a small statement takes to run.
    const direct = db.isTransaction ? directRunners.get(adapter) : undefined;
    if (direct) return direct(query) as QueryResult<Row>;
    return db.executeQuery(query);
  }
}
