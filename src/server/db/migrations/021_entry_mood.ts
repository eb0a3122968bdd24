import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How the day felt, the writer's optional choice of five (docs/product.md §5): 1 (Rough) to 5 (Great), or null for
  // an entry without one, as every entry written before is.
  await db.schema.alterTable('journal_entry').addColumn('mood', 'integer').execute();
}
