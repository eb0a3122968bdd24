import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An entry's tags (docs/product.md §5, decision 034), folded, separated by spaces (a tag holds none), in the entry's
  // own order: read with the entry wherever it is read. Null for an entry without tags, as every earlier one is.
  await db.schema.alterTable('journal_entry').addColumn('tags', 'text').execute();
  // The same tags one a row, for the journal filtered by a tag and Settings' counts: the entry's day and time are kept
  // beside the tag so that one writer's entries with a tag are read newest first along the index alone, never sorted.
  await db.schema
    .createTable('entry_tag')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entry.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('local_day', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_tag_pkey', ['entry_id', 'tag'])
    .execute();
  await sql`create index entry_tag_user_tag_idx on entry_tag (user_id, tag, local_day, date, entry_id)`.execute(db);
}
