import type { Kysely } from 'kysely';
import { monthIndexOfDay } from '../../../shared/dates';

/** The tables this migration reads and writes, with the columns it uses, as they were when it was written. */
interface Db004 {
  journal_day: { user_id: string; day: number; entries: number };
  journal_month: { user_id: string; month: number; entries: number };
  profile: { uid: string; run_first: number | null; run_last: number | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Per-month counts and the newest run of days, so stats cost the same for 10 entries and for 10,000.
  await db.schema
    .createTable('journal_month')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_month_pk', ['user_id', 'month'])
    .execute();
  await db.schema.alterTable('profile').addColumn('run_first', 'integer').execute();
  await db.schema.alterTable('profile').addColumn('run_last', 'integer').execute();
  await backfillStatsCounts(db as Kysely<Db004>);
}

/** Fills journal_month and the profiles' newest runs from the per-day counts, in one pass over them. */
async function backfillStatsCounts(db: Kysely<Db004>): Promise<void> {
  const days = await db
    .selectFrom('journal_day')
    .select(['user_id', 'day', 'entries'])
    .orderBy('user_id')
    .orderBy('day')
    .execute();
  const months = new Map<string, { user_id: string; month: number; entries: number }>();
  const runs = new Map<string, { first: number; last: number }>();
  for (const { user_id, day, entries } of days) {
    const month = monthIndexOfDay(day);
    const key = `${user_id} ${month}`;
    const counted = months.get(key);
    if (counted) counted.entries += entries;
    else months.set(key, { user_id, month, entries });
    const run = runs.get(user_id);
    if (run && run.last === day - 1) run.last = day;
    else runs.set(user_id, { first: day, last: day });
  }
  const rows = [...months.values()];
  for (let at = 0; at < rows.length; at += 500) {
    await db.insertInto('journal_month').values(rows.slice(at, at + 500)).execute();
  }
  for (const [uid, run] of runs) {
    await db.updateTable('profile').set({ run_first: run.first, run_last: run.last }).where('uid', '=', uid).execute();
  }
}
