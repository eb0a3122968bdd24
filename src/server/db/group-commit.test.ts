import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connect';
import { GroupCommit } from './group-commit';
import { PreparedQuery } from './prepared';
import type { Database } from './schema';

describe('writes on SQLite (group commit)', () => {
  let dir: string;
  let database: DatabaseHandle;
  let path: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-group-commit-'));
    path = join(dir, 'journal.db');
    database = await openDatabase({ kind: 'sqlite', path });
    await sql`create table note (id integer primary key, body text not null)`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What another process would see: a separate connection to the same file. */
  function storedIds(): number[] {
    const reader = new SQLite(path, { readonly: true });
    try {
      return (reader.prepare('select id from note order by id').all() as { id: number }[]).map((row) => row.id);
    } finally {
      reader.close();
    }
  }

  const insert = (id: number, body = 'text') =>
    database.write(async (trx) => {
      await sql`insert into note (id, body) values (${id}, ${body})`.execute(trx);
      return id;
    });

  it('stores every write of a burst before answering its caller', async () => {
    const ids = Array.from({ length: 50 }, (_, index) => index + 1);
    const seenAtAnswer: number[][] = [];
    await Promise.all(
      ids.map((id) =>
        insert(id).then((value) => {
          expect(value).toBe(id);
          seenAtAnswer.push(storedIds());
        }),
      ),
    );
    for (const seen of seenAtAnswer) expect(seen).toEqual(ids);
  });

  it('holds this connection\'s writes while a write apart holds the file, and runs them after it, in order', async () => {
    // Another connection writes and holds SQLite's lock until told to commit, as the photo writer's thread does.
    const other = new SQLite(path);
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const order: string[] = [];
    const before = insert(1).then(() => order.push('before'));
    const apart = database.writeApart(async () => {
      other.exec('begin immediate');
      other.prepare('insert into note (id, body) values (?, ?)').run(100, 'apart');
      await committed;
      other.exec('commit');
      order.push('apart');
      return 'apart';
    });
    const after = insert(2).then(() => order.push('after'));
    // Meanwhile this connection still reads: what was committed before the write apart began.
    await before;
    expect((await sql<{ id: number }>`select id from note order by id`.execute(database.db)).rows.map((r) => r.id)).toEqual([1]);
    commit();
    expect(await apart).toBe('apart');
    await after;
    other.close();
    expect(order).toEqual(['before', 'apart', 'after']);
    expect(storedIds()).toEqual([1, 2, 100]);
  });

  it('rolls back only the write that fails, however much of it ran', async () => {
    await insert(1);
    const results = await Promise.allSettled([
      insert(2),
      // Writes a row, then fails: its row must not survive.
      database.write(async (trx) => {
        await sql`insert into note (id, body) values (3, 'half')`.execute(trx);
        await sql`insert into note (id, body) values (1, 'duplicate')`.execute(trx);
      }),
      insert(4),
      insert(2, 'again'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(storedIds()).toEqual([1, 2, 4]);
  });

  it('rolls back a prepared statement that fails on the connection directly, and only its write', async () => {
    // The note table is this test's own, outside the app's schema.
    const insertNote = new PreparedQuery<{ id: number }, never>((db, arg) =>
      db.insertInto('note' as never).values({ id: arg('id'), body: 'prepared' } as never),
    );
    const prepared = (id: number) => database.write((trx) => insertNote.run(trx, { id }).then(() => id));
    await prepared(1);
    const results = await Promise.allSettled([
      prepared(2),
      database.write(async (trx) => {
        await insertNote.run(trx, { id: 3 });
        await insertNote.run(trx, { id: 1 });
      }),
      prepared(4),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(storedIds()).toEqual([1, 2, 4]);
  });

  it('keeps taking writes after a failed one', async () => {
    await expect(
      database.write(() => Promise.reject(new Error('the handler gave up'))),
    ).rejects.toThrow('the handler gave up');
    await insert(7);
    expect(storedIds()).toEqual([7]);
  });

  it('reads only committed rows, also while a write is under way', async () => {
    await insert(1);
    const ids = async () =>
      (await database.read(sql<{ id: number }>`select id from note order by id`.compile(database.db))).map(
        (row) => row.id,
      );
    expect(await ids()).toEqual([1]);

    let giveUp = () => {};
    const stopped = new Promise<void>((resolve) => (giveUp = resolve));
    let inserted = () => {};
    const halfway = new Promise<void>((resolve) => (inserted = resolve));
    const write = database.write(async (trx) => {
      await sql`insert into note (id, body) values (2, 'uncommitted')`.execute(trx);
      inserted();
      await stopped;
      throw new Error('rolled back');
    });
    await halfway;
    // Asked while the row is written but not committed: the answer may wait for the write, never see its row.
    const during = ids();
    giveUp();
    await expect(write).rejects.toThrow('rolled back');
    expect(await during).toEqual([1]);
    expect(await ids()).toEqual([1]);
  });
});

describe('batches of the group commit', () => {
  let dir: string;
  let sqlite: SQLite.Database;
  let db: Kysely<Database>;
  /** How many transactions were committed, counted from the statements Kysely ran. */
  let commits: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-group-batches-'));
    sqlite = new SQLite(join(dir, 'journal.db'));
    sqlite.pragma('journal_mode = WAL');
    commits = 0;
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query' && event.query.sql === 'commit') commits += 1;
      },
    });
    await sql`create table note (id integer primary key)`.execute(db);
    commits = 0;
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  function writer(group: GroupCommit) {
    return (id: number) => group.run((trx) => sql`insert into note (id) values (${id})`.execute(trx).then(() => id));
  }

  /**
   * Starts one write in each of the first `count` turns of the event loop, the way requests arrive: before the
   * turn's setImmediate callbacks that were already waiting. Resolves with the turn each write was answered in.
   */
  function oneWriteATurn(write: (id: number) => Promise<number>, count: number): Promise<number[]> {
    return new Promise((resolve) => {
      let turn = 0;
      let answers = 0;
      const answeredIn: number[] = [];
      const tick = () => {
        turn += 1;
        if (answers === count) {
          resolve(answeredIn);
          return;
        }
        setImmediate(tick);
        if (turn <= count) {
          const index = turn - 1;
          void write(turn).then(() => {
            answeredIn[index] = turn;
            answers += 1;
          });
        }
      };
      setImmediate(tick);
    });
  }

  it('commits a lone write at the end of the turn it arrives in', async () => {
    const write = writer(new GroupCommit(db));
    const answeredIn = await oneWriteATurn(write, 1);
    expect(answeredIn).toEqual([2]);
    expect(commits).toBe(1);
  });

  it('waits for writes that keep arriving, and commits them together', async () => {
    const write = writer(new GroupCommit(db, 100, 8));
    await oneWriteATurn(write, 5);
    expect(commits).toBe(1);
    expect(sqlite.prepare('select count(*) as n from note').get()).toEqual({ n: 5 });
  });

  it('waits no more than its number of turns when writes never stop arriving', async () => {
    const write = writer(new GroupCommit(db, 100, 3));
    const answeredIn = await oneWriteATurn(write, 12);
    // Arrived in turn 1, it waits three turns more for the writes of turns 2 to 4, and is answered in the next.
    expect(answeredIn[0]).toBe(5);
    expect(commits).toBe(3);
    expect(sqlite.prepare('select count(*) as n from note').get()).toEqual({ n: 12 });
  });

  it('commits a full batch without waiting for more', async () => {
    const write = writer(new GroupCommit(db, 10, 8));
    await Promise.all(Array.from({ length: 25 }, (_, index) => write(index + 1)));
    expect(commits).toBe(3);
  });
});
