import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The writer's choice to see each day's first photo as its tile in the month's calendar and the year at a glance
  // (docs/product.md §16): off (0) for everyone, as the calendars were drawn before.
  await db.schema
    .alterTable('profile')
    .addColumn('calendar_photos', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
