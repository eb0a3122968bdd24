import { type Kysely, sql } from 'kysely';

/**
 * The entries whose gratitude is not empty, per user in day order, for the gratitude jar (docs/product.md §15). A
 * journal imported from elsewhere often has an empty gratitude on most of its entries (Day One's text goes to the
 * memory): without this index, finding the next gratitude from a random day could read every one of them. Partial,
 * so it holds only the entries the jar can show, on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('journal_entry_gratitude_idx')
    .on('journal_entry')
    .columns(['user_id', 'local_day', 'id'])
    .where(sql.ref('gratitude'), '<>', sql.lit(''))
    .execute();
}
