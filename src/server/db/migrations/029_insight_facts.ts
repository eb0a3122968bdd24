import { type Kysely, sql } from 'kysely';
import { hourPeriodsOfDay, hourWritten } from '../../insights/hours';
import type { Dialect } from '../connect';
import { entryBatches, inBatches, writersOf } from './fill';

/** The tables this migration reads and writes, with the columns it uses, as they were when it was written. */
interface Db029 {
  journal_entry: {
    id: string;
    user_id: string;
    date: string;
    local_day: number;
    utc_offset: number | null;
    time_unknown: number | null;
    mood: number | null;
  };
  journal_day: { user_id: string; day: number; entries: number; mood_sum: number; mood_count: number };
  journal_hour: { user_id: string; period: number; hour: number; entries: number };
}

/**
 * The facts of Insights kept on write beside the word counts (decision 038): each written day's moods added up and
 * counted (journal_day), and the entries written at each hour of the writer's clock per writer and period
 * (journal_hour, insights/hours.ts); filled here from the entries already stored, and from now on kept by every
 * insert, delete and change of mood.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('journal_day').addColumn('mood_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('journal_day').addColumn('mood_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // On SQLite the key is the table itself (without rowid): a writer's period is one range of it.
  const keyed = dialect === 'sqlite' ? sql`without rowid` : sql``;
  await db.schema
    .createTable('journal_hour')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_hour_pk', ['user_id', 'period', 'hour'])
    .modifyEnd(keyed)
    .execute();
  await fillInsightFacts(db);
}

/**
 * Adds up the moods of every writer's days and counts the hours of their entries (or those of `userIds`, whose
 * hours must not be counted yet), a writer at a time and their entries a batch at a time, along the entries' (user,
 * day) index. Also used by bench/insights.ts for the journals it writes straight into the database.
 */
export async function fillInsightFacts(untyped: Kysely<unknown>, userIds?: readonly string[]): Promise<void> {
  const db = untyped as Kysely<Db029>;
  for (const userId of await writersOf(untyped, userIds)) {
    // Each of the writer's days, from its entries, along the index: one statement.
    await db
      .updateTable('journal_day')
      .set((eb) => ({
        mood_sum: eb.fn.coalesce(
          eb
            .selectFrom('journal_entry')
            .select((inner) => inner.fn.sum<number>('mood').as('sum'))
            .whereRef('journal_entry.user_id', '=', 'journal_day.user_id')
            .whereRef('journal_entry.local_day', '=', 'journal_day.day'),
          eb.lit(0),
        ),
        mood_count: eb
          .selectFrom('journal_entry')
          .select((inner) => inner.fn.count<number>('mood').as('count'))
          .whereRef('journal_entry.user_id', '=', 'journal_day.user_id')
          .whereRef('journal_entry.local_day', '=', 'journal_day.day'),
      }))
      .where('user_id', '=', userId)
      .execute();
    const hours = new Map<string, { period: number; hour: number; entries: number }>();
    const columns = ['id', 'date', 'local_day', 'utc_offset', 'time_unknown'] as const;
    for await (const rows of entryBatches<Pick<Db029['journal_entry'], (typeof columns)[number]>>(untyped, userId, columns)) {
      for (const row of rows) {
        const hour = hourWritten(row);
        for (const period of hourPeriodsOfDay(row.local_day)) {
          const key = `${period} ${hour}`;
          const known = hours.get(key);
          if (known) known.entries += 1;
          else hours.set(key, { period, hour, entries: 1 });
        }
      }
    }
    const hourRows = [...hours.values()].map((row) => ({ user_id: userId, ...row }));
    await inBatches(hourRows, (batch) => db.insertInto('journal_hour').values(batch).execute());
  }
}
