import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Counts every change to a user's entries; a cached answer about them is good while it is unchanged.
  await db.schema
    .alterTable('profile')
    .addColumn('journal_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
