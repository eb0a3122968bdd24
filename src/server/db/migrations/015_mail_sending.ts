import type { Kysely } from 'kysely';

/**
 * What the mail worker needs to send an email at most once more after a crash (mail/queue.ts): the email's own
 * Message-ID, the same on every try so that receiving servers and mail programs can tell a second copy; when the
 * send in progress began, set just before the SMTP server is given the email and cleared when it refuses it, so a row
 * found with it after its claim has lapsed is one whose send may have happened; and how many such sends of unknown
 * outcome it has had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('message_id', 'text').execute();
  await db.schema.alterTable('mail_queue').addColumn('sending_at', 'text').execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('interrupted_sends', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
