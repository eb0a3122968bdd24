import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayKeyToNumber } from '../../shared/dates';
import { deleteEntry, findEntry, insertEntry, readStats, updateEntryText } from '../journal/repository';
import { findProfile } from '../profile/repository';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { undoMigrations } from '../test/migration-undo';
import { type DatabaseHandle, openDatabase } from './connect';
import type { Database } from './schema';

const text = { gratitude: 'Rain', celebration: 'A finished draft', manifestation: 'Patience', memory: '' };

/** A fresh database of `kind` for each test of the block, dropped after it. */
function freshDatabaseEach(kind: (typeof DATABASE_KINDS)[number]): () => TestDatabase {
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
  return () => testDb;
}

/** Users with a profile each, as signing up makes them, named by their ids. */
async function addUsers(db: Kysely<Database>, kind: string, ids: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const id of ids) {
    await db
      .insertInto('user')
      .values({ id, name: id, email: `${id}@example.com`, emailVerified: kind === 'postgres' ? true : 1, createdAt: now, updatedAt: now } as never)
      .execute();
    await db
      .insertInto('profile')
      .values({ uid: id, email: `${id}@example.com`, display_name: id, created_at: now, show_memory_section: 0 })
      .execute();
  }
}

describe.each(DATABASE_KINDS)('upgrading a database written before the stats counts, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  /** Two users with entries and one without, in a database as migration 003 left it: no month counts, no runs. */
  async function databaseBeforeStatsCounts() {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['writer', 'lapsed', 'new']);
    const write = (userId: string, day: string) =>
      database.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId, date: `${day}T12:00:00.000Z`, updatedAt: `${day}T12:00:00.000Z`, utcOffset: null, localDay: dayKeyToNumber(day) }),
      );
    // Two entries on 30 December, then every day from 1 to 3 January after a gap.
    for (const day of ['2025-12-30', '2025-12-30', '2026-01-01', '2026-01-02', '2026-01-03']) await write('writer', day);
    await write('lapsed', '2025-11-02');

    await sql`drop table journal_month`.execute(database.db);
    await sql`alter table profile drop column run_first`.execute(database.db);
    await sql`alter table profile drop column run_last`.execute(database.db);
    // 004 and every migration after it had not run then.
    await undoMigrations(database.db, '006_no_links_at_rest');
    await sql`delete from kysely_migration where name >= '004_stats_counts'`.execute(database.db);
    return database;
  }

  it('fills the month counts and the newest run from the entries already stored', async () => {
    await (await databaseBeforeStatsCounts()).close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const today = dayKeyToNumber('2026-01-03');
      expect(await readStats(upgraded.db, 'writer', today)).toEqual({
        monthlyCount: 3,
        yearlyCount: 3,
        totalEntries: 5,
        streak: 3,
        newestRun: { first: '2026-01-01', last: '2026-01-03' },
      });
      expect(await readStats(upgraded.db, 'writer', dayKeyToNumber('2025-12-31'))).toEqual({
        monthlyCount: 2,
        yearlyCount: 2,
        totalEntries: 5,
        // 31 December is before the newest run, so the streak is read from the days themselves.
        streak: 1,
        newestRun: { first: '2025-12-30', last: '2025-12-30' },
      });
      expect(await readStats(upgraded.db, 'lapsed', today)).toEqual({
        monthlyCount: 0,
        yearlyCount: 0,
        totalEntries: 1,
        streak: 0,
        newestRun: { first: '2025-11-02', last: '2025-11-02' },
      });
      expect(await readStats(upgraded.db, 'new', today)).toEqual({
        monthlyCount: 0,
        yearlyCount: 0,
        totalEntries: 0,
        streak: 0,
        newestRun: null,
      });
      // And the counts go on from there.
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId: 'writer', date: new Date().toISOString(), updatedAt: new Date().toISOString(), utcOffset: null, localDay: today + 1 }),
      );
      expect(await readStats(upgraded.db, 'writer', today + 1)).toMatchObject({ monthlyCount: 4, streak: 4 });
    } finally {
      await upgraded.close();
    }
  });

  it('leaves the database as it was when an upgrade fails halfway, and completes it on the next start', async () => {
    const before = await databaseBeforeStatsCounts();
    // The profiles refuse the backfill's updates, as a full disk would, after the new table and columns exist.
    if (kind === 'sqlite') {
      await sql`create trigger refuse_profile before update on profile begin select raise(abort, 'refused'); end`.execute(before.db);
    } else {
      await sql`create function refuse_profile() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(before.db);
      await sql`create trigger refuse_profile before update on profile for each row execute function refuse_profile()`.execute(before.db);
    }
    await before.close();

    await expect(openDatabase(testDb().settings)).rejects.toThrow(/004_stats_counts/);

    const failed = await openDatabaseWithoutMigrating();
    try {
      await expect(sql`select entries from journal_month`.execute(failed)).rejects.toThrow(/journal_month/);
      await expect(sql`select run_first from profile`.execute(failed)).rejects.toThrow(/run_first/);
      expect((await sql`select name from kysely_migration where name = '004_stats_counts'`.execute(failed)).rows).toEqual([]);
      if (kind === 'sqlite') await sql`drop trigger refuse_profile`.execute(failed);
      else await sql`drop function refuse_profile() cascade`.execute(failed);
    } finally {
      await failed.destroy();
    }

    const upgraded = await openDatabase(testDb().settings);
    try {
      expect(await readStats(upgraded.db, 'writer', dayKeyToNumber('2026-01-03'))).toEqual({
        monthlyCount: 3,
        yearlyCount: 3,
        totalEntries: 5,
        streak: 3,
        newestRun: { first: '2026-01-01', last: '2026-01-03' },
      });
    } finally {
      await upgraded.close();
    }
  });

  /** The database as it is on disk, without running migrations. */
  async function openDatabaseWithoutMigrating(): Promise<Kysely<Database>> {
    const settings = testDb().settings;
    if (settings.kind === 'sqlite') return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(settings.path) }) });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: settings.url, max: 1 }) }) });
  }
});

describe.each(DATABASE_KINDS)('upgrading entry ids stored in upper case, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('lowers them, but for one whose lower-case form is another entry\'s id', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada', 'bob']);
    const shared = randomUUID();
    const [upper, lower, collides] = [randomUUID().toUpperCase(), randomUUID(), shared.toUpperCase()];
    // As hand-made requests could store them before ids were lowered: Ada's own, and Bob's copy of Ada's id.
    const entries: [string, string][] = [['ada', upper], ['ada', lower], ['ada', shared], ['bob', collides]];
    for (const [userId, id] of entries) {
      await database.write((trx) => insertEntry(trx, { ...text, id, userId, date: new Date().toISOString(), updatedAt: new Date().toISOString(), utcOffset: null, localDay: dayKeyToNumber('2026-03-15') }));
    }
    await undoMigrations(database.db, '006_no_links_at_rest');
    await sql`delete from kysely_migration where name = '005_lower_case_entry_ids'`.execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const stored = await upgraded.db.selectFrom('journal_entry').select(['user_id', 'id']).execute();
      expect(stored.map((row) => `${row.user_id} ${row.id}`).sort()).toEqual(
        [`ada ${upper.toLowerCase()}`, `ada ${lower}`, `ada ${shared}`, `bob ${collides}`].sort(),
      );
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading a mail queue that kept the emails it sent, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('deletes the sent emails, links and all, and keeps the one still waiting to be sent', async () => {
    const database = await openDatabase(testDb().settings);
    await undoMigrations(database.db, '006_no_links_at_rest');
    const row = (recipient: string, sentAt: string | null) => sql`
      insert into mail_queue (recipient, subject, text_body, html_body, created_at, next_attempt_at, sent_at)
      values (${recipient}, 'Reset your password', 'https://journal.example/verify-email?oobCode=secret', '',
              '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', ${sentAt})`;
    await row('sent@example.com', '2026-03-01T00:00:01.000Z').execute(database.db);
    await row('waiting@example.com', null).execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const left = await upgraded.db.selectFrom('mail_queue').select(['recipient', 'template']).execute();
      expect(left).toEqual([{ recipient: 'waiting@example.com', template: null }]);
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('a new database, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('records each migration under the name that databases already upgraded know it by', async () => {
    const database = await openDatabase(testDb().settings);
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual([
        '001_auth_and_profile',
        '002_journal',
        '003_journal_version',
        '004_stats_counts',
        '005_lower_case_entry_ids',
        '006_no_links_at_rest',
        '007_entry_utc_offset',
        '008_invites_and_disabled',
        '009_backup_schedule',
        '010_reminders',
        '011_search',
        '012_gratitude_index',
        '013_search_page_size',
        '014_password_checks',
        '015_mail_sending',
        '016_server_settings',
        '017_entry_time_unknown',
        '018_past_days',
        '019_push_notifications',
        '020_welcome_seen',
        '021_entry_mood',
        '022_own_prompts',
        '023_entry_tags',
        '024_photos',
        '025_month_look_back',
        '026_word_counts',
        '027_monthly_look_back_email',
        '028_calendar_photos',
        '029_insight_facts',
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading entries written before their offset from UTC was kept, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('keeps every entry as it was, with no offset, and keeps the offset of entries written after', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada']);
    await undoMigrations(database.db, '007_entry_utc_offset');
    await sql`
      insert into journal_entry (id, user_id, date, local_day, gratitude, celebration, manifestation, memory, updated_at)
      values ('0b9d5c2e-6f4a-4d0e-9a51-3f2b7c8d9e10', 'ada', '2026-03-15T12:00:00.000Z', ${dayKeyToNumber('2026-03-15')},
              'The sea', '', '', '', '2026-03-15T12:00:00.000Z')`.execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const before = await findEntry(upgraded.db, 'ada', '0b9d5c2e-6f4a-4d0e-9a51-3f2b7c8d9e10');
      expect(before).toMatchObject({ gratitude: 'The sea', localDate: '2026-03-15', utcOffset: null });
      const at = new Date().toISOString();
      const written = await upgraded.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId: 'ada', date: at, updatedAt: at, utcOffset: -300, localDay: dayKeyToNumber('2026-03-16') }),
      );
      expect(written?.utcOffset).toBe(-300);
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading entries written before a time of day could be unknown, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('keeps every earlier entry with its time, and marks only the entries written without one', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada']);
    await undoMigrations(database.db, '017_entry_time_unknown');
    await sql`
      insert into journal_entry (id, user_id, date, local_day, utc_offset, gratitude, celebration, manifestation, memory, updated_at)
      values ('5d1c3b2a-0e9f-4a8b-9c7d-6e5f4a3b2c1d', 'ada', '2026-03-15T12:00:00.000Z', ${dayKeyToNumber('2026-03-15')}, null,
              'Noon tea', '', '', '', '2026-03-15T12:00:00.000Z')`.execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const before = await findEntry(upgraded.db, 'ada', '5d1c3b2a-0e9f-4a8b-9c7d-6e5f4a3b2c1d');
      expect(before).toMatchObject({ gratitude: 'Noon tea', date: '2026-03-15T12:00:00.000Z' });
      expect(before).not.toHaveProperty('timeUnknown');
      const at = '2026-03-16T12:00:00.000Z';
      const id = randomUUID();
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, id, userId: 'ada', date: at, updatedAt: at, utcOffset: null, timeUnknown: true, localDay: dayKeyToNumber('2026-03-16') }),
      );
      expect(await findEntry(upgraded.db, 'ada', id)).toMatchObject({ timeUnknown: true });
    } finally {
      await upgraded.close();
    }
  });
});

describe('upgrading a search index written in large pages, on sqlite', () => {
  const testDb = freshDatabaseEach('sqlite');

  it('writes new pages at 2,000 bytes and still finds the entries written before, and after', async () => {
    const write = (database: DatabaseHandle, gratitude: string, day: string) => {
      const at = new Date().toISOString();
      return database.write((trx) =>
        insertEntry(trx, { ...text, gratitude, id: randomUUID(), userId: 'ada', date: at, updatedAt: at, utcOffset: 0, localDay: dayKeyToNumber(day) }),
      );
    };
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, 'sqlite', ['ada']);
    await undoMigrations(database.db, '013_search_page_size');
    // As the server of then wrote it: the entry's columns of then, and the index's triggers.
    await sql`
      insert into journal_entry (id, user_id, date, local_day, utc_offset, gratitude, celebration, manifestation, memory, updated_at)
      values (${randomUUID()}, 'ada', '2026-03-15T12:00:00.000Z', ${dayKeyToNumber('2026-03-15')}, 0,
              'A lighthouse at dusk', '', '', '', '2026-03-15T12:00:00.000Z')`.execute(database.db);
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const pageSize = await sql<{ v: number }>`select v from search_text_config where k = 'pgsz'`.execute(upgraded.db);
      expect(pageSize.rows).toEqual([{ v: 2000 }]);
      await write(upgraded, 'The lighthouse keeper waved', '2026-03-16');
      const found = await sql<{ n: number }>`select count(*) as n from search_text where search_text match 'lighthouse'`.execute(upgraded.db);
      expect(found.rows[0]?.n).toBe(2);
      // FTS5's own check of its index: it throws if a page of either size is damaged.
      await sql`insert into search_text (search_text, rank) values ('integrity-check', 0)`.execute(upgraded.db);
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading entries written before a writer could have prompts of their own, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('keeps every field of every earlier entry byte for byte, and its writer on the app’s own prompts', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada']);
    await undoMigrations(database.db, '022_own_prompts');
    const day = dayKeyToNumber('2026-03-15');
    // Texts a byte-for-byte comparison would catch a change in: accents composed and not, emoji, line ends, spaces.
    const written = [
      ['6a1f0c2e-1b3d-4c5e-8f70-9a1b2c3d4e5f', 'Caf\u00e9 and cafe\u0301 \u{1F33B}', 'A line\r\nand another\n', '  spaced  ', 'Grandma\u2019s tea', 3, null],
      ['7b2e1d3f-2c4e-4d6f-9a81-ab2c3d4e5f60', 'Rain', '', '', '', null, day + 1],
    ] as const;
    for (const [id, gratitude, celebration, manifestation, memory, mood, addedDay] of written) {
      await sql`
        insert into journal_entry (id, user_id, date, local_day, utc_offset, gratitude, celebration, manifestation, memory,
                                   updated_at, mood, added_day)
        values (${id}, 'ada', '2026-03-15T12:00:00.000Z', ${day}, 60, ${gratitude}, ${celebration}, ${manifestation},
                ${memory}, '2026-03-15T12:30:00.000Z', ${mood}, ${addedDay})`.execute(database.db);
    }
    const rowsOf = async (db: Kysely<Database>) =>
      (await sql<Record<string, unknown>>`select * from journal_entry order by id`.execute(db)).rows;
    const before = await rowsOf(database.db);
    const profileBefore = (await sql<Record<string, unknown>>`select * from profile`.execute(database.db)).rows;
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const after = await rowsOf(upgraded.db);
      expect(after.map((row) => row.prompt_answers)).toEqual([null, null]);
      // The columns migrations 022 and 023 add are new; every other one is as it was.
      const added = ['prompt_answers', 'tags'];
      expect(after.map((row) => row.tags)).toEqual([null, null]);
      const kept = (row: Record<string, unknown>) => Object.keys(row).filter((column) => !added.includes(column));
      const bytes = (rows: Record<string, unknown>[]) =>
        rows.map((row) => kept(row).map((column) => Buffer.from(JSON.stringify(row[column]))));
      expect(bytes(after)).toEqual(bytes(before));
      expect(after.map(kept)).toEqual(before.map(Object.keys));
      const profileAfter = (await sql<Record<string, unknown>>`select * from profile`.execute(upgraded.db)).rows;
      // The profile's columns migrations 022, 025 and 028 add are new and empty or off; every other one is as it was.
      expect(
        profileAfter.map(({ prompts, month_look_back_dismissed: dismissed, calendar_photos: photos, ...rest }) => [
          prompts,
          dismissed,
          Number(photos),
          rest,
        ]),
      ).toEqual(profileBefore.map((row) => [null, null, 0, row]));
      // Read through the journal, the earlier entries have no answers and read as they did.
      const first = await findEntry(upgraded.db, 'ada', '6a1f0c2e-1b3d-4c5e-8f70-9a1b2c3d4e5f');
      expect(first).toMatchObject({ gratitude: written[0][1], celebration: written[0][2], manifestation: written[0][3], memory: written[0][4], mood: 3 });
      expect(first).not.toHaveProperty('answers');

      // An entry of the writer's own prompts written after keeps its wording, and the index finds it by its answers.
      const at = '2026-03-16T12:00:00.000Z';
      const id = randomUUID();
      const answers = [{ prompt: 'Three good things?', answer: 'Marmalade with toast' }];
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, gratitude: '', celebration: '', manifestation: '', memory: '', answers, id, userId: 'ada', date: at, updatedAt: at, utcOffset: null, localDay: day + 1 }),
      );
      expect(await findEntry(upgraded.db, 'ada', id)).toMatchObject({ answers, gratitude: '' });
      const found =
        kind === 'sqlite'
          ? await sql<{ entry_id: string }>`
              select d.entry_id from search_text f join search_doc d on d.doc = f.rowid where search_text match '"marmal"*'`.execute(upgraded.db)
          : await sql<{ entry_id: string }>`
              select s.entry_id from search_entry s join search_owner o on o.user_id = 'ada'
              where s.vector @@ cast(o.owner || '_marmal:*' as tsquery)`.execute(upgraded.db);
      expect(found.rows.map((row) => row.entry_id)).toEqual([id]);
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading profiles written before the calendars could show photos, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  it('keeps every writer’s settings and turns the photos off for each of them', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada', 'bea']);
    await sql`update profile set past_days = 1, theme = 'dark' where uid = 'ada'`.execute(database.db);
    await undoMigrations(database.db, '028_calendar_photos');
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      expect(await findProfile(upgraded.db, 'ada')).toMatchObject({ writePastDays: true, theme: 'dark', calendarPhotos: false });
      expect(await findProfile(upgraded.db, 'bea')).toMatchObject({ writePastDays: false, theme: null, calendarPhotos: false });
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading a journal written before its words were counted, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  const wordRows = async (db: Kysely<Database>) => ({
    words: await db.selectFrom('journal_word').selectAll().orderBy('user_id').orderBy('period').orderBy('word').execute(),
    totals: await db.selectFrom('journal_word_total').selectAll().orderBy('user_id').orderBy('period').execute(),
  });

  it('counts the words of every entry already stored, per writer and period, as the app’s writes count them', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada', 'bob']);
    const write = (userId: string, day: string, gratitude: string, more: Partial<Parameters<typeof insertEntry>[1]> = {}) =>
      database.write((trx) =>
        insertEntry(trx, { ...text, gratitude, id: randomUUID(), userId, date: `${day}T12:00:00.000Z`, updatedAt: `${day}T12:00:00.000Z`, utcOffset: null, localDay: dayKeyToNumber(day), ...more }),
      );
    await write('ada', '2025-12-30', 'Café with Anna, café again');
    await write('ada', '2025-12-31', 'спасибо and the cafe');
    await write('ada', '2026-01-02', 'Anna');
    await write('ada', '2026-01-03', '', { celebration: '', manifestation: '', memory: '', answers: [{ prompt: 'Best bit?', answer: 'Sea swim' }] });
    await write('bob', '2026-01-02', 'zebra zebra');
    // As the app's writes kept them; then as a database of before migration 026, without them.
    const kept = await wordRows(database.db);
    await undoMigrations(database.db, '026_word_counts');
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const filled = await wordRows(upgraded.db);
      expect(filled).toEqual(kept);
      const ada = (period: number) =>
        filled.words.filter((row) => row.user_id === 'ada' && row.period === period).map((row) => [row.word, row.entries]);
      expect(ada(0)).toEqual([['again', 1], ['and', 1], ['anna', 2], ['cafe', 2], ['the', 1], ['with', 1], ['спасибо', 1]]);
      expect(ada(2026)).toEqual([['anna', 1]]);
      expect(ada(202512)).toEqual([['again', 1], ['and', 1], ['anna', 1], ['cafe', 2], ['the', 1], ['with', 1], ['спасибо', 1]]);
      // The gratitudes' 5 + 4 + 1 words, the other answers' 3 + 1 of each of those entries, the own prompt's answer's 2.
      const total = (userId: string, period: number) =>
        filled.totals.find((row) => row.user_id === userId && row.period === period)?.words;
      expect(total('ada', 0)).toBe(10 + 3 * 4 + 2);
      expect(total('ada', 202601)).toBe(1 + 4 + 2);
      expect(filled.words.filter((row) => row.user_id === 'bob').map((row) => [row.period, row.word, row.entries])).toEqual([
        [0, 'zebra', 1],
        [2026, 'zebra', 1],
        [202601, 'zebra', 1],
      ]);

      // And the counts go on from there.
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, gratitude: 'Anna', id: randomUUID(), userId: 'ada', date: '2026-01-04T12:00:00.000Z', updatedAt: '2026-01-04T12:00:00.000Z', utcOffset: null, localDay: dayKeyToNumber('2026-01-04') }),
      );
      const after = await wordRows(upgraded.db);
      expect(after.words.find((row) => row.user_id === 'ada' && row.period === 0 && row.word === 'anna')?.entries).toBe(3);
    } finally {
      await upgraded.close();
    }
  });
});

describe.each(DATABASE_KINDS)('upgrading a journal written before its moods and hours were kept, on %s', (kind) => {
  const testDb = freshDatabaseEach(kind);

  const factRows = async (db: Kysely<Database>) => ({
    days: await db.selectFrom('journal_day').selectAll().orderBy('user_id').orderBy('day').execute(),
    hours: await db.selectFrom('journal_hour').selectAll().orderBy('user_id').orderBy('period').orderBy('hour').execute(),
  });

  it('adds up every day’s moods and counts every entry’s hour, per writer and period, as the app’s writes keep them', async () => {
    const database = await openDatabase(testDb().settings);
    await addUsers(database.db, kind, ['ada', 'bob']);
    const write = (userId: string, at: string, day: string, more: Partial<Parameters<typeof insertEntry>[1]> = {}) =>
      database.write(async (trx) => {
        const id = randomUUID();
        await insertEntry(trx, { ...text, id, userId, date: at, updatedAt: at, utcOffset: 0, localDay: dayKeyToNumber(day), ...more });
        return id;
      });
    await write('ada', '2025-12-30T08:00:00.000Z', '2025-12-30', { mood: 4, utcOffset: 540 });
    const edited = await write('ada', '2025-12-30T09:30:00.000Z', '2025-12-30', { mood: 2, utcOffset: 540 });
    await write('ada', '2025-12-31T20:00:00.000Z', '2025-12-31', { utcOffset: -480 });
    const deleted = await write('ada', '2026-01-02T12:00:00.000Z', '2026-01-02', { mood: 5 });
    await write('ada', '2026-01-02T13:00:00.000Z', '2026-01-02', { mood: 3, utcOffset: null });
    await write('ada', '2026-01-03T00:00:00.000Z', '2026-01-03', { mood: 1, timeUnknown: true });
    await write('bob', '2026-01-02T12:00:00.000Z', '2026-01-02', { mood: 5 });
    await database.write((trx) =>
      updateEntryText(trx, 'ada', edited, { ...text, mood: 5, tags: [] }, new Date('2026-01-03T12:00:00.000Z')),
    );
    await database.write((trx) => deleteEntry(trx, 'ada', deleted));
    // As the app's writes kept them; then as a database of before migration 029, without them.
    const kept = await factRows(database.db);
    await undoMigrations(database.db, '029_insight_facts');
    await database.close();

    const upgraded = await openDatabase(testDb().settings);
    try {
      const filled = await factRows(upgraded.db);
      expect(filled).toEqual(kept);
      const ada = (rows: typeof filled.days) => rows.filter((row) => row.user_id === 'ada');
      expect(ada(filled.days).map(({ day, entries, mood_sum, mood_count }) => [day, entries, mood_sum, mood_count])).toEqual([
        [dayKeyToNumber('2025-12-30'), 2, 9, 2],
        [dayKeyToNumber('2025-12-31'), 1, 0, 0],
        [dayKeyToNumber('2026-01-02'), 1, 3, 1],
        [dayKeyToNumber('2026-01-03'), 1, 1, 1],
      ]);
      // Tokyo's 08:00 and 09:30 UTC are 17:00 and 18:30; Los Angeles' 20:00 UTC is 12:00; no offset or no time: -1.
      const hours = (userId: string, period: number) =>
        filled.hours.filter((row) => row.user_id === userId && row.period === period).map((row) => [row.hour, row.entries]);
      expect(hours('ada', 0)).toEqual([[-1, 2], [12, 1], [17, 1], [18, 1]]);
      expect(hours('ada', 2025)).toEqual([[12, 1], [17, 1], [18, 1]]);
      expect(hours('ada', 2026)).toEqual([[-1, 2]]);
      expect(hours('bob', 0)).toEqual([[12, 1]]);

      // And the counts go on from there.
      await upgraded.write((trx) =>
        insertEntry(trx, { ...text, id: randomUUID(), userId: 'ada', date: '2026-01-03T12:00:00.000Z', updatedAt: '2026-01-03T12:00:00.000Z', utcOffset: 0, localDay: dayKeyToNumber('2026-01-03'), mood: 5 }),
      );
      const after = await factRows(upgraded.db);
      expect(ada(after.days).at(-1)).toMatchObject({ entries: 2, mood_sum: 6, mood_count: 2 });
      expect(after.hours.find((row) => row.user_id === 'ada' && row.period === 2026 && row.hour === 12)?.entries).toBe(1);
    } finally {
      await upgraded.close();
    }
  });
});
