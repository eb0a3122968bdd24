import { type Kysely, sql } from 'kysely';

/**
 * Reminders as notifications on the writer's devices (Web Push, docs/product.md §14, docs/decisions/030).
 *
 * - push_keys: the server's VAPID key pair, made once by the first process to start without VAPID_PUBLIC_KEY and
 *   VAPID_PRIVATE_KEY and read by every other: one row, id 1. A browser's subscription is bound to the public key,
 *   so it never changes while subscriptions made with it live.
 * - push_subscription: a device that takes notifications; its endpoint is on a push service's host (the browsers'
 *   own, or PUSH_SERVICE_HOSTS), and p256dh and auth are the keys its payload is encrypted with. `device` is the
 *   browser and system it was added from, as the list in Settings shows it.
 * - push_queue: a notification to send, one per device and day of the writer's own calendar at most (its primary
 *   key): the scheduler queues it in the transaction that claims the reminder, and any process sends it.
 * - reminder.email: whether the reminder also goes by email (1) or only to the devices (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('push_keys_one_row', sql`id = 1`)
    .execute();

  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscription_user_idx').on('push_subscription').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('push_queue')
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscription.id').onDelete('cascade'))
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('sending_at', 'text')
    .addPrimaryKeyConstraint('push_queue_pk', ['subscription_id', 'local_date'])
    .execute();
  await db.schema.createIndex('push_queue_due_idx').on('push_queue').columns(['next_attempt_at']).execute();

  await db.schema.alterTable('reminder').addColumn('email', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
