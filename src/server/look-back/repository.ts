import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toEntry } from '../journal/repository';

type Db = Kysely<Database> | Transaction<Database>;

// Looking back (docs/product.md §15): a handful of index reads, never the whole journal.

/** The user's oldest day with an entry, from the per-day counts' key: one index read. */
export async function firstEntryDay(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('journal_day')
    .select('day')
    .where('user_id', '=', userId)
    .orderBy('day')
    .limit(1)
    .executeTakeFirst();
  return row?.day;
}

/** The entries of some days, newest first: one index seek per day. */
export async function listEntriesOfDays(db: Db, userId: string, days: readonly number[], limit: number) {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('journal_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('local_day', 'in', days)
    .orderBy('local_day', 'desc')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

/** How many entries each earlier month holds (year * 12 + month), oldest first: at most twelve rows a year. */
export function monthCountsBefore(db: Db, userId: string, month: number) {
  return db
    .selectFrom('journal_month')
    .select(['month', 'entries'])
    .where('user_id', '=', userId)
    .where('month', '<', month)
    .where('entries', '>', 0)
    .orderBy('month')
    .execute();
}

/** How many entries each day of a range holds, oldest first: at most a month's days. */
export function dayCountsBetween(db: Db, userId: string, firstDay: number, lastDay: number) {
  return db
    .selectFrom('journal_day')
    .select(['day', 'entries'])
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .orderBy('day')
    .execute();
}

/**
 * The condition of the partial index journal_entry_gratitude_idx (migration 012), written out as a literal: the
 * databases use a partial index only for a query whose WHERE states its condition, and a parameter would hide it.
 */
const hasGratitude = sql<boolean>`gratitude <> ''`;

/**
 * Entries with a gratitude, in the partial index's order (day, then id), from a point on: those of the days from
 * `fromDay`, or those after `after` (a day and an id), up to the day before `beforeDay`. An index range read.
 */
export async function gratitudesFrom(
  db: Db,
  userId: string,
  from: { fromDay: number } | { after: { localDay: number; id: string } },
  beforeDay: number,
  limit: number,
) {
  const rows = await gratitudesQuery(db, userId, from, beforeDay, limit).execute();
  return rows.map(toEntry);
}

/** gratitudesFrom's query, built but not run: its test reads the plan SQLite makes for it. */
export function gratitudesQuery(
  db: Db,
  userId: string,
  from: { fromDay: number } | { after: { localDay: number; id: string } },
  beforeDay: number,
  limit: number,
) {
  let query = db
    .selectFrom('journal_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where(hasGratitude)
    .where('local_day', '<', beforeDay);
  if ('fromDay' in from) query = query.where('local_day', '>=', from.fromDay);
  else {
    const { localDay, id } = from.after;
    query = query.where((eb) => eb(eb.refTuple('local_day', 'id'), '>', eb.tuple(localDay, id)));
  }
  return query.orderBy('local_day').orderBy('id').limit(limit);
}
