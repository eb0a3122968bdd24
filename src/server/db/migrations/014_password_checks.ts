import type { Kysely } from 'kysely';

/**
 * Wrong passwords given by a signed-in person (Delete Account, Change Password), counted per account and apart from
 * the sign-in count of `login_attempt`: a session held by someone else could otherwise lock its owner out of signing
 * in, and without a count of their own these checks could guess the password without limit (docs/product.md §11).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_check')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
  // The pruner deletes the counts whose window has passed.
  await db.schema.createIndex('password_check_window_idx').on('password_check').column('window_started_at').execute();
}
