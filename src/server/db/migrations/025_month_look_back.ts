import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The month (year * 12 + month index) whose monthly look back the writer put away (docs/product.md, "Insights"):
  // one month at a time is enough, since a look back is offered only in the first days of the month after it.
  await db.schema.alterTable('profile').addColumn('month_look_back_dismissed', 'integer').execute();
}
