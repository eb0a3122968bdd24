import type { Kysely } from 'kysely';

/** The table this migration writes, as it was when it was written. */
interface Db009 {
  backup_schedule: { name: string; slot_start: string; claimed_at: string | null };
}

/** Before any period: the first period the server sees is always newer. */
const NEVER = '1970-01-01T00:00:00.000Z';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per kind of scheduled backup: the start of the newest period whose backup a process has claimed. A
  // process claims a period with a conditional update (slot_start < the period's start), so when several processes
  // share the database exactly one of them takes each backup (backup/scheduler.ts).
  await db.schema
    .createTable('backup_schedule')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .execute();
  await (db as Kysely<Db009>)
    .insertInto('backup_schedule')
    .values({ name: 'scheduled', slot_start: NEVER, claimed_at: null })
    .execute();
}
