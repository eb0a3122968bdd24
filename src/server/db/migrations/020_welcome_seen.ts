import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the person finished or skipped the welcome shown after their first sign-in (an ISO time), kept with the
  // profile so that a second device does not show it again. Null until then. Accounts made before the welcome existed
  // have long had their first sign-in: they are marked as having seen it, at their account's creation.
  await db.schema.alterTable('profile').addColumn('welcome_seen_at', 'text').execute();
  await sql`update profile set welcome_seen_at = created_at`.execute(db);
}
