import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateUpTo, MIGRATIONS } from '../db/migrations';

/** One row of SQLite's schema table: a table, an index, a trigger or a view, and the SQL that made it. */
interface SchemaObject {
  type: string;
  name: string;
  tableName: string;
  sql: string | null;
}

/**
 * Tables SQLite itself makes and fills when asked to (ANALYZE, PRAGMA optimize): statistics for its query planner,
 * which an operator may have made on a live database. Names starting with sqlite_ are SQLite's own; nobody else can
 * create them.
 */
const SQLITE_STATISTICS = new Set(['sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4']);

function readSchema(db: SQLite.Database): SchemaObject[] {
  const rows = db.prepare('select type, name, tbl_name as tableName, sql from sqlite_schema').all() as SchemaObject[];
  return rows.filter((row) => !SQLITE_STATISTICS.has(row.name));
}

/** The SQL as SQLite keeps it, with runs of white space made one space: what it says, not how it was laid out. */
function normalised(sql: string | null): string | null {
  return sql === null ? null : sql.replace(/\s+/g, ' ').trim();
}

/**
 * The schema the app's migrations make, up to and including `last`: migrated afresh in a database in memory, so it is
 * exactly what those migrations' code makes, whatever version they were first run by.
 */
async function appSchemaAt(last: string): Promise<SchemaObject[]> {
  const memory = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: memory }) });
  try {
    await migrateUpTo(db, 'sqlite', last);
    return readSchema(memory);
  } finally {
    await db.destroy();
  }
}

const key = (object: SchemaObject) => `${object.type} ${object.name}`;
const named = (objects: SchemaObject[]) =>
  objects
    .map((object) => `the ${object.type} ${object.name}`)
    .sort()
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');

/**
 * What is wrong with the schema of the SQLite database at `file`, which has run `migrations`, against the schema the
 * app's own migrations make up to the same one: objects it has that the app does not make (a trigger that copies
 * every new entry into a table of its own, a view), objects of the app's whose SQL differs from the app's, and the
 * app's objects it lacks. Empty when it is exactly the app's. Rows of its tables are not looked at.
 */
export async function schemaProblems(file: string, migrations: string[]): Promise<string[]> {
  const known = Object.keys(MIGRATIONS);
  const inOrder = migrations.length > 0 && migrations.every((name, index) => known[index] === name);
  if (!inOrder) {
    return [`its migrations (${migrations.join(', ') || 'none'}) are not the app's own, in their order`];
  }
  const last = migrations[migrations.length - 1] ?? '';
  const expected = new Map((await appSchemaAt(last)).map((object) => [key(object), object]));
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  let actual: SchemaObject[];
  try {
    actual = readSchema(db);
  } finally {
    db.close();
  }
  const present = new Set(actual.map(key));
  const foreign = actual.filter((object) => !expected.has(key(object)));
  const changed = actual.filter((object) => {
    const own = expected.get(key(object));
    return own !== undefined && (own.tableName !== object.tableName || normalised(own.sql) !== normalised(object.sql));
  });
  const missing = [...expected.values()].filter((object) => !present.has(key(object)));

  const problems: string[] = [];
  if (foreign.length > 0) problems.push(`it has ${named(foreign)}, which the app does not make`);
  if (changed.length > 0) {
    const which = named(changed).replace(/\bthe (table|index|trigger|view) /g, (_, type: string) => `${type} `);
    problems.push(`its ${which} ${changed.length === 1 ? 'is' : 'are'} not the app's`);
  }
  if (missing.length > 0) problems.push(`it lacks ${named(missing)}`);
  return problems;
}
