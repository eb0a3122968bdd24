import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayKeyToNumber } from '../../shared/dates';
import { insertEntry, readStats } from '../journal/repository';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { openDatabase } from './connect';

const text = { gratitude: 'Rain', celebration: 'A finished draft', manifestation: 'Patience', memory: '' };

describe.each(DATABASE_KINDS)('upgrading a database written before the stats counts, on %s', (kind) => {
  let dir: string;
  let testDb: TestDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-migrations-'));
    testDb = await createTestDatabase(kind, dir);
  });

  afterEach(async () => {
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills the month counts and the newest run from the entries already stored', async () => {
    const database = await openDatabase(testDb.settings);
    const now = new Date().toISOString();
    const users = ['writer', 'lapsed', 'new'];
    for (const id of users) {
      await database.db
        .insertInto('user')
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: kind === 'postgres' ? true : 1, createdAt: now, updatedAt: now } as never)
        .execute();
      await database.db.insertInto('profile').values({ uid: id, email: `${id}@example.com`, display_name: id, created_at: now, show_memory_section: 0 }).execute();
    }
    const write = (userId: string, day: string) =>
      database.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId, date: new Date(`${day}T12:00:00Z`), localDay: dayKeyToNumber(day) }),
      );
    // Two entries on 30 December, then every day from 1 to 3 January after a gap.
    for (const day of ['2025-12-30', '2025-12-30', '2026-01-01', '2026-01-02', '2026-01-03']) await write('writer', day);
    await write('lapsed', '2025-11-02');

    // The database as migration 003 left it: no month counts, no runs.
    await sql`drop table journal_month`.execute(database.db);
    await sql`alter table profile drop column run_first`.execute(database.db);
    await sql`alter table profile drop column run_last`.execute(database.db);
    await sql`delete from kysely_migration where name = '004_stats_counts'`.execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb.settings);
    try {
      const today = dayKeyToNumber('2026-01-03');
      expect(await readStats(upgraded.db, 'writer', today)).toEqual({ monthlyCount: 3, yearlyCount: 3, totalEntries: 5, streak: 3 });
      expect(await readStats(upgraded.db, 'writer', dayKeyToNumber('2025-12-31'))).toEqual({
        monthlyCount: 2,
        yearlyCount: 2,
        totalEntries: 5,
        // 31 December is before the newest run, so the streak is read from the days themselves.
        streak: 1,
      });
      expect(await readStats(upgraded.db, 'lapsed', today)).toEqual({ monthlyCount: 0, yearlyCount: 0, totalEntries: 1, streak: 0 });
      expect(await readStats(upgraded.db, 'new', today)).toEqual({ monthlyCount: 0, yearlyCount: 0, totalEntries: 0, streak: 0 });
      // And the counts go on from there.
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId: 'writer', date: new Date(), localDay: today + 1 }),
      );
      expect(await readStats(upgraded.db, 'writer', today + 1)).toMatchObject({ monthlyCount: 4, streak: 4 });
    } finally {
      await upgraded.close();
    }
  });
});
