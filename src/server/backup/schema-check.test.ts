import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo, MIGRATIONS } from '../db/migrations';
import { schemaProblems } from './schema-check';

const NAMES = Object.keys(MIGRATIONS);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-schema-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A SQLite file that a version of the app made (the migrations up to `first`), then upgraded to `last`. */
async function databaseFile(first: string, last?: string): Promise<string> {
  const file = join(dir, `${first}-${last ?? 'same'}.db`);
  const sqlite = new SQLite(file);
  // A throwaway file whose schema alone is checked: no wait for the disk at each of its migrations' commits.
  sqlite.pragma('synchronous = off');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateUpTo(db, 'sqlite', first);
    if (last) await migrateToLatest(db, 'sqlite');
  } finally {
    await db.destroy();
  }
  return file;
}

describe("a restore's schema check", () => {
  it('finds nothing wrong with a database of any version, nor one upgraded from any version', async () => {
    for (const name of NAMES) {
      expect(await schemaProblems(await databaseFile(name), NAMES.slice(0, NAMES.indexOf(name) + 1)), name).toEqual([]);
      expect(await schemaProblems(await databaseFile(name, 'latest'), NAMES), `${name}, upgraded`).toEqual([]);
    }
  });

  it("ignores SQLite's own statistics, and names anything else that is not the app's", async () => {
    const file = await databaseFile(NAMES.at(-1) ?? '');
    const db = new SQLite(file);
    db.exec('analyze');
    db.close();
    expect(await schemaProblems(file, NAMES)).toEqual([]);
    const changed = new SQLite(file);
    changed.exec(`create view everyone as select email from user;
      drop index journal_entry_gratitude_idx;
      create index journal_entry_gratitude_idx on journal_entry (gratitude);`);
    changed.close();
    expect(await schemaProblems(file, NAMES)).toEqual([
      'it has the view everyone, which the app does not make',
      "its index journal_entry_gratitude_idx is not the app's",
    ]);
  });

  it("refuses migrations that are not the app's, in their order", async () => {
    const file = await databaseFile(NAMES[1] ?? '');
    expect(await schemaProblems(file, [NAMES[1] ?? ''])).toEqual([
      `its migrations (${NAMES[1]}) are not the app's own, in their order`,
    ]);
    expect(await schemaProblems(file, [])).toEqual(["its migrations (none) are not the app's own, in their order"]);
  });
});
