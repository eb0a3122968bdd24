import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The writer's offset from UTC when they wrote an entry, so an export gives its time as it read on their clock.
  // Entries written before it was kept have none: their offset is not known, and a guess would be a made-up fact.
  await db.schema.alterTable('journal_entry').addColumn('utc_offset', 'integer').execute();
}
