import type { Kysely, Selectable, Transaction } from 'kysely';
import { dayNumberToKey } from '../../shared/dates';
import type { JournalEntry, Stats } from '../../shared/entry-schemas';
import type { Database, JournalEntryTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface EntryText {
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
}

export function toEntry(row: Selectable<JournalEntryTable>): JournalEntry {
  return {
    id: row.id,
    userId: row.user_id,
    date: row.date,
    localDate: dayNumberToKey(row.local_day),
    gratitude: row.gratitude,
    celebration: row.celebration,
    manifestation: row.manifestation,
    memory: row.memory,
    updatedAt: row.updated_at,
  };
}

export async function findEntry(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom('journal_entry')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toEntry(row);
}

/** An entry by id whoever owns it; callers compare its userId. Ids are client-chosen, so they may collide. */
export async function findEntryById(db: Db, id: string) {
  const row = await db.selectFrom('journal_entry').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * Writes an entry and keeps the per-day and per-user counts that stats read, in one transaction, so the counts
 * are always exactly the entries that exist.
 */
export async function insertEntry(
  trx: Transaction<Database>,
  input: EntryText & { id: string; userId: string; date: Date; localDay: number },
): Promise<JournalEntry> {
  const row = {
    id: input.id,
    user_id: input.userId,
    date: input.date.toISOString(),
    local_day: input.localDay,
    gratitude: input.gratitude,
    celebration: input.celebration,
    manifestation: input.manifestation,
    memory: input.memory,
    updated_at: input.date.toISOString(),
  };
  await trx.insertInto('journal_entry').values(row).execute();
  await trx
    .insertInto('journal_day')
    .values({ user_id: input.userId, day: input.localDay, entries: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ entries: eb('journal_day.entries', '+', 1) })),
    )
    .execute();
  await trx
    .updateTable('profile')
    .set((eb) => ({ entry_count: eb('entry_count', '+', 1), journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', input.userId)
    .execute();
  return toEntry(row);
}

/** Rewrites one of the user's entries and returns it as stored; undefined when there is no such entry of theirs. */
export async function updateEntryText(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  text: EntryText,
  now: Date,
) {
  const row = await trx
    .updateTable('journal_entry')
    .set({ ...text, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await bumpJournalVersion(trx, userId);
  return toEntry(row);
}

function bumpJournalVersion(trx: Transaction<Database>, userId: string) {
  return trx
    .updateTable('profile')
    .set((eb) => ({ journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .execute();
}

/** Deletes one of the user's entries; false when there is no such entry of theirs. */
export async function deleteEntry(trx: Transaction<Database>, userId: string, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('journal_entry')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('local_day')
    .executeTakeFirst();
  if (!deleted) return false;
  await trx
    .updateTable('journal_day')
    .set((eb) => ({ entries: eb('entries', '-', 1) }))
    .where('user_id', '=', userId)
    .where('day', '=', deleted.local_day)
    .execute();
  await trx
    .deleteFrom('journal_day')
    .where('user_id', '=', userId)
    .where('day', '=', deleted.local_day)
    .where('entries', '<=', 0)
    .execute();
  await trx
    .updateTable('profile')
    .set((eb) => ({ entry_count: eb('entry_count', '-', 1), journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .execute();
  return true;
}

export interface EntryCursor {
  localDay: number;
  date: string;
  id: string;
}

/**
 * Entries of a range of local days, newest first, after the cursor when there is one. The order is the index's
 * own (user, local day, date, id), read backwards, so SQLite and PostgreSQL never sort.
 */
export async function listEntries(
  db: Db,
  userId: string,
  range: { firstDay: number; lastDay: number },
  page: { limit: number; after?: EntryCursor },
): Promise<JournalEntry[]> {
  let query = db
    .selectFrom('journal_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('local_day', '>=', range.firstDay)
    .where('local_day', '<=', range.lastDay);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('local_day', '<', after.localDay),
        eb.and([eb('local_day', '=', after.localDay), eb('date', '<', after.date)]),
        eb.and([eb('local_day', '=', after.localDay), eb('date', '=', after.date), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('local_day', 'desc')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toEntry);
}

/**
 * Stats from the per-day counts: each figure costs a few index lookups, however many entries the user has.
 * The streak walks back from the newest day through consecutive days, so it costs the streak's length.
 */
export async function readStats(
  db: Db,
  userId: string,
  today: number,
  month: { first: number; last: number },
  year: { first: number; last: number },
): Promise<Stats> {
  const sums = await db
    .selectFrom('journal_day')
    .select((eb) => [
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('day', '>=', month.first), eb('day', '<=', month.last)]))
            .then(eb.ref('entries'))
            .else(0)
            .end(),
        )
        .as('monthly'),
      eb.fn.sum<number>('entries').as('yearly'),
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', year.first)
    .where('day', '<=', year.last)
    .executeTakeFirst();
  const profile = await db.selectFrom('profile').select('entry_count').where('uid', '=', userId).executeTakeFirst();
  return {
    monthlyCount: Number(sums?.monthly ?? 0),
    yearlyCount: Number(sums?.yearly ?? 0),
    totalEntries: profile?.entry_count ?? 0,
    streak: await readStreak(db, userId, today),
  };
}

async function readStreak(db: Db, userId: string, today: number): Promise<number> {
  const newest = await db
    .selectFrom('journal_day')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '<=', today)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest || newest.day < today - 1) return 0;
  // The first day of the run that ends on the newest day: the latest day whose day before has no entry.
  const start = await db
    .selectFrom('journal_day as d')
    .select('d.day')
    .where('d.user_id', '=', userId)
    .where('d.day', '<=', newest.day)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('journal_day as p')
            .select('p.day')
            .whereRef('p.user_id', '=', 'd.user_id')
            .where((eb) => eb('p.day', '=', eb('d.day', '-', 1))),
        ),
      ),
    )
    .orderBy('d.day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest.day - (start?.day ?? newest.day) + 1;
}
