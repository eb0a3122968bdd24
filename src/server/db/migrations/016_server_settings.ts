import { type Kysely, sql } from 'kysely';

/**
 * The settings of the server that started last on this database: its public address and who may sign up. The
 * operator's command (`npm run admin`) runs in a shell of its own, whose variables may not be the server's; it reads
 * these, so the links it prints are the server's and it warns about the server's sign-up mode (admin/repository.ts).
 * One row, written by each server process as it starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // The address in the links the server makes: APP_URL, or http://localhost:PORT without it.
    .addColumn('app_url', 'text', (c) => c.notNull())
    // 1 when APP_URL was set; 0 when the address is the one made from PORT, which opens on the server's machine only.
    .addColumn('app_url_set', 'integer', (c) => c.notNull())
    .addColumn('signups', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addCheckConstraint('server_settings_one_row', sql`id = 1`)
    .execute();
}
