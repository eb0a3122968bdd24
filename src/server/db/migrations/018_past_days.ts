import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The writer's choice to write and edit past days (docs/product.md §5): off (0) for everyone, as before.
  await db.schema
    .alterTable('profile')
    .addColumn('past_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The writer's day (a day number) when an entry was written, or last edited, after its own day: the card says so.
  // Null for every other entry, every earlier one included: they were written and edited on their own day.
  await db.schema.alterTable('journal_entry').addColumn('added_day', 'integer').execute();
  await db.schema.alterTable('journal_entry').addColumn('edited_day', 'integer').execute();
}
