import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase, sharedFlush } from './connect';
import { GroupCommit } from './group-commit';
import { PreparedQuery } from './prepared';

/** Every file the code under test opens through node:fs/promises, which only the log flush uses. */
const opened = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: (path: string, ...rest: [string?]) => {
      opened.push(path);
      return actual.open(path, ...rest);
    },
  };
});

/** A promise and the functions that settle it, for steps a test lets happen one at a time. */
function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets every pending callback and timer of this turn run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Whether a promise has settled by now, without waiting for it. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await settle();
  return settled;
}

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

  it('keeps SQLite waiting for the disk on every commit outside group commits', async () => {
    await insert(1);
    // 2 is FULL: better-auth's writes, which do not go through group commit, still wait for their fsync.
    expect(await database.read(sql<{ synchronous: number }>`pragma synchronous`.compile(database.db))).toEqual([
      { synchronous: 2 },
    ]);
  });

  it('flushes the write-ahead log, where the commit is, before answering', async () => {
    opened.length = 0;
    await insert(1);
    expect(opened).toEqual([`${path}-wal`]);
  });

  describe('with the log flushed off the main thread (decision 013)', () => {
    const insertWith = (commits: GroupCommit, id: number) =>
      commits.run(async (trx) => {
        await sql`insert into note (id, body) values (${id}, 'text')`.execute(trx);
        return id;
      });

    it('answers a write only once the flush after its commit is done', async () => {
      const flush = deferred();
      const commits = new GroupCommit(database.db, { syncLater: () => flush.promise });
      const written = insertWith(commits, 1);
      await settle();
      // Committed (another connection sees it), but not yet flushed: not answered.
      expect(storedIds()).toEqual([1]);
      expect(await isSettled(written)).toBe(false);
      flush.resolve();
      await expect(written).resolves.toBe(1);
    });

    it('commits the next batch while the last one is being flushed', async () => {
      const flushes = [deferred(), deferred()];
      let asked = 0;
      const commits = new GroupCommit(database.db, { syncLater: () => flushes[asked++]?.promise ?? Promise.resolve() });
      const first = insertWith(commits, 1);
      await settle();
      const second = insertWith(commits, 2);
      await settle();
      expect(storedIds()).toEqual([1, 2]);
      expect(asked).toBe(2);
      flushes[1]?.resolve();
      await expect(second).resolves.toBe(2);
      expect(await isSettled(first)).toBe(false);
      flushes[0]?.resolve();
      await expect(first).resolves.toBe(1);
    });

    it('tells every writer of the batch when the flush fails, and keeps taking writes', async () => {
      let failing = true;
      const commits = new GroupCommit(database.db, {
        syncLater: () => (failing ? Promise.reject(new Error('EIO: the disk failed')) : Promise.resolve()),
      });
      const results = await Promise.allSettled([insertWith(commits, 1), insertWith(commits, 2)]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      failing = false;
      await expect(insertWith(commits, 3)).resolves.toBe(3);
    });

    it('commits a batch without waiting for the disk, and restores the safety level after it, also after a failed one', async () => {
      const commits = new GroupCommit(database.db, { syncLater: () => Promise.resolve() });
      // 1 is NORMAL: in WAL mode, a commit that does not wait for its fsync.
      const levelInBatch = await commits.run(
        async (trx) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]?.synchronous,
      );
      expect(levelInBatch).toBe(1);
      await insertWith(commits, 1);
      await expect(insertWith(commits, 1)).rejects.toThrow();
      expect(await database.read(sql<{ synchronous: number }>`pragma synchronous`.compile(database.db))).toEqual([
        { synchronous: 2 },
      ]);
    });
  });
});

describe('shared flushes', () => {
  it('answers each caller with a flush that began after it asked, one flush for all who asked meanwhile', async () => {
    const started: ReturnType<typeof deferred>[] = [];
    const flush = sharedFlush(() => {
      const next = deferred();
      started.push(next);
      return next.promise;
    });
    const first = flush();
    // Asked while the first flush runs, which may have begun before their writes: they wait for a second one.
    const later = [flush(), flush(), flush()];
    expect(started).toHaveLength(1);
    started[0]?.resolve();
    await first;
    await settle();
    expect(started).toHaveLength(2);
    expect(await isSettled(Promise.all(later))).toBe(false);
    started[1]?.resolve();
    await Promise.all(later);
  });

  it('passes a failed flush to its callers only, and flushes again for the next', async () => {
    let calls = 0;
    const flush = sharedFlush(async () => {
      calls += 1;
      if (calls === 1) throw new Error('EIO');
    });
    await expect(flush()).rejects.toThrow('EIO');
    await expect(flush()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
