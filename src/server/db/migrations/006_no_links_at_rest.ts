import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Emails that carry a link are now composed when they are sent, so the queue never holds a usable link;
  // `template` names what to compose. Sent rows are deleted once sent: those kept so far held their links.
  await db.schema.alterTable('mail_queue').addColumn('template', 'text').execute();
  await sql`delete from mail_queue where sent_at is not null`.execute(db);
  // One cooldown per email address and purpose, for addresses with and without an account alike, so an
  // answer never tells whether an account exists. The key is a keyed hash of the address, not the address.
  await db.schema
    .createTable('email_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
  await db.schema.dropTable('resend_throttle').execute();
  // The pruning of expired rows (maintenance/prune.ts) finds them by these.
  await db.schema.createIndex('email_action_expires_idx').on('email_action').column('expires_at').execute();
  await db.schema
    .createIndex('login_attempt_window_idx')
    .on('login_attempt')
    .column('window_started_at')
    .execute();
}
