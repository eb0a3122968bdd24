import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A person's reminder emails (docs/product.md §14, reminders/): the time of day, the weekdays (bit n for day n,
  // Sunday = 0) and the IANA zone they are kept in, and the next moment one is due, worked out in that zone and
  // kept in UTC so that the scheduler finds the due rows by an index instead of reading every user's. A process
  // claims a due reminder by moving next_due_at on with a conditional update in the transaction that queues its
  // email; last_sent_local_date, the person's day it was for, keeps a change of time from sending a second that day.
  // unsubscribe_nonce goes into the keyed hash of the unsubscribe link: a new one when reminders are turned on again
  // makes the links in older emails void.
  await db.schema
    .createTable('reminder')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('minute_of_day', 'integer', (c) => c.notNull())
    .addColumn('weekdays', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('next_due_at', 'text')
    .addColumn('last_sent_local_date', 'text')
    .addColumn('unsubscribe_nonce', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Only reminders that are on have a next moment; the scheduler reads them oldest first.
  await db.schema.createIndex('reminder_due_idx').on('reminder').columns(['next_due_at', 'user_id']).execute();
}
