import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Photos in entries (docs/product.md §5, docs/decisions/035): each upload is one row, in the database beside the
 * entries, so that every server process on a PostgreSQL database sees it without a shared disk and every backup holds
 * it. `entry_id` is null from the upload until an entry's save attaches it (the pruner deletes such rows after a
 * day); deleting the entry deletes its photos. `bytes` is what the quota counts: both renditions together. The small
 * rendition comes before the large one, so that SQLite reads a thumbnail without walking the full size's pages.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('photo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entry_id', 'text', (c) => c.references('journal_entry.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('thumb', bytes, (c) => c.notNull())
    .addColumn('full_size', bytes, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_user_idx').on('photo').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('photo_entry_idx').on('photo').columns(['entry_id', 'position']).execute();
}
