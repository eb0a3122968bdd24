import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
