import type { Kysely } from 'kysely';

/** The entries, and the count of each user's entries per day. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('journal_entry')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('local_day', 'integer', (c) => c.notNull())
    .addColumn('gratitude', 'text', (c) => c.notNull())
    .addColumn('celebration', 'text', (c) => c.notNull())
    .addColumn('manifestation', 'text', (c) => c.notNull())
    .addColumn('memory', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entry_user_day_idx')
    .on('journal_entry')
    .columns(['user_id', 'local_day', 'date', 'id'])
    .execute();
  await db.schema
    .createTable('journal_day')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_day_pk', ['user_id', 'day'])
    .execute();
}
