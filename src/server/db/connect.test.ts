import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { type DatabaseHandle, openDatabase } from './connect';

/**
 * Another process writing to the same file, on a thread of its own so that its wait for SQLite's lock does not
 * stop this one. It says 'written' once its insert has committed.
 */
function writeFromAnotherConnection(path: string, id: number): { written: Promise<string> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const SQLite = require(workerData.module);
     const db = new SQLite(workerData.path);
     db.pragma('busy_timeout = 5000');
     try {
       db.prepare('insert into note (id) values (?)').run(workerData.id);
       parentPort.postMessage('written');
     } catch (error) {
       parentPort.postMessage(String(error.code));
     } finally {
       db.close();
     }`,
    { eval: true, workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, id } },
  );
  const written = new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { written };
}

describe('a SQLite file shared by two processes', () => {
  let dir: string;
  let path: string;
  let database: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-connect-'));
    path = join(dir, 'journal.db');
    database = await openDatabase({ kind: 'sqlite', path });
    await sql`create table note (id integer primary key)`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a transaction that reads and then writes commit while the other process writes too', async () => {
    // Verifying an email reads its link, then marks it used: if the other process commits a write in between, a
    // transaction that took no write lock at its start cannot write any more, and the writer's click fails.
    let other: { written: Promise<string> } | undefined;
    await database.db.transaction().execute(async (trx) => {
      await sql`select count(*) from note`.execute(trx);
      other = writeFromAnotherConnection(path, 2);
      await Promise.race([other.written, new Promise((resolve) => setTimeout(resolve, 300))]);
      await sql`insert into note (id) values (1)`.execute(trx);
    });
    expect(await other?.written).toBe('written');
    const rows = await sql<{ id: number }>`select id from note order by id`.execute(database.db);
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2]);
  });
});

describe('writes on PostgreSQL that deadlock', () => {
  let test: TestDatabase;
  let database: DatabaseHandle;

  beforeEach(async () => {
    test = await createTestDatabase('postgres', tmpdir());
    database = await openDatabase(test.settings);
    await sql`create table note (id integer primary key, body text not null)`.execute(database.db);
    await sql`insert into note (id, body) values (1, 'one'), (2, 'two')`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    await test.drop();
  });

  it('both commit: the one the server chose to cancel runs again once the other is through', async () => {
    // Two writes that lock the same two rows in opposite orders, each holding its first row until the other has
    // taken its own: PostgreSQL cancels one of them (a deadlock). Both answers must still be a success.
    let bothHoldOne: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      let holding = 0;
      bothHoldOne = () => {
        holding += 1;
        if (holding === 2) resolve();
      };
    });
    const lockBoth = (first: number, second: number, body: string) =>
      database.write(async (trx) => {
        await sql`update note set body = ${body} where id = ${first}`.execute(trx);
        bothHoldOne();
        await held;
        await sql`update note set body = ${body} where id = ${second}`.execute(trx);
      });
    const outcomes = await Promise.allSettled([lockBoth(1, 2, 'first'), lockBoth(2, 1, 'second')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    // Each write is whole: both rows carry the body of whichever committed last.
    const rows = await sql<{ body: string }>`select body from note order by id`.execute(database.db);
    expect(new Set(rows.rows.map((row) => row.body)).size).toBe(1);
  });
});
