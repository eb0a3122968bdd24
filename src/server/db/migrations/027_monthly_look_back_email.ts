import type { Kysely } from 'kysely';

/**
 * The monthly look-back email (docs/product.md §14 and "Insights", decision 039), beside the reminder it goes with:
 *
 * - monthly_email: 1 when the writer asked for an email on the first of each month saying their look back is ready;
 * - monthly_due_at: the next such moment in UTC (ISO), the first of a month at the reminder's time in its zone; null
 *   while reminders or the email are off. The scheduler claims it as it claims the daily reminder: a conditional
 *   update that moves it on, in the transaction that queues the email, so one process alone queues it;
 * - monthly_sent_for: the month (year * 12 + month index) whose look back the last email was queued for, so that
 *   saving the settings again on the first never brings a second email that month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reminder')
    .addColumn('monthly_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('reminder').addColumn('monthly_due_at', 'text').execute();
  await db.schema.alterTable('reminder').addColumn('monthly_sent_for', 'integer').execute();
  await db.schema
    .createIndex('reminder_monthly_due_idx')
    .on('reminder')
    .columns(['monthly_due_at', 'user_id'])
    .execute();
}
