import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // 1 for an entry whose source gave its day but no time of day (a CSV date alone): it is stored at noon of that day,
  // so it sorts among the day's entries, and shown with no time. Null for every other entry, every earlier one
  // included: their times are their own. An integer, the same on both databases.
  await db.schema.alterTable('journal_entry').addColumn('time_unknown', 'integer').execute();
}
