import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { dayKeyToNumber } from '../../shared/dates';
import type { Dialect } from '../db/connect';
import type { Database, PushSubscriptionTable, ReminderTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ReminderRow = Selectable<ReminderTable>;

/** The person's reminder row; on PostgreSQL, inside a transaction, locked until it ends (`lock`). */
export async function findReminder(
  db: Db,
  dialect: Dialect,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<ReminderRow | undefined> {
  return db
    .selectFrom('reminder')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(Boolean(options.lock) && dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Writes the person's settings whole, creating the row the first time. */
export async function upsertReminder(db: Db, row: ReminderRow): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('reminder')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/**
 * Turns the person's reminders off, if the nonce is still the one the unsubscribe link was made with: a link from
 * before reminders were last turned on changes nothing. True when the row was there to change (already off
 * counts: a second click is as good as the first).
 */
export async function disableReminder(db: Db, userId: string, nonce: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('reminder')
    .set({ enabled: 0, next_due_at: null, monthly_due_at: null, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('unsubscribe_nonce', '=', nonce)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Turns the person's monthly look-back email off, if the nonce is still the one its link was made with; the daily
 * reminder stays as it is. True when the row was there to change (already off counts).
 */
export async function disableMonthlyEmail(db: Db, userId: string, nonce: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('reminder')
    .set({ monthly_email: 0, monthly_due_at: null, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('unsubscribe_nonce', '=', nonce)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the person has an entry on the day (YYYY-MM-DD of their own calendar). */
export async function hasEntryOn(db: Db, userId: string, dayKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('journal_day')
    .select('entries')
    .where('user_id', '=', userId)
    .where('day', '=', dayKeyToNumber(dayKey))
    .executeTakeFirst();
  return (row?.entries ?? 0) > 0;
}

/** What every due email or notification is decided by: the person, their address and account, and its moment. */
interface Due {
  userId: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  timeZone: string;
  minuteOfDay: number;
  dueAt: string;
}

export interface DueReminder extends Due {
  weekdays: number;
  lastSentLocalDate: string | null;
  /** Whether the reminder goes by email too (notifications go to every device the person has). */
  byEmail: boolean;
}

export interface DueMonthly extends Due {
  sentFor: number | null;
}

/**
 * The oldest rows due by `column` (the daily reminder's next_due_at, or the monthly look-back's monthly_due_at), by
 * its index, with what decides whether each is sent: the address and whether it is verified, and whether the account
 * is disabled. On PostgreSQL the rows are locked for the transaction, and rows another process has locked are passed
 * over, so processes share the work instead of queueing behind each other's locks; on SQLite the caller holds the
 * write lock.
 */
function selectDue(
  trx: Transaction<Database>,
  dialect: Dialect,
  column: 'next_due_at' | 'monthly_due_at',
  now: Date,
  limit: number,
) {
  const due = `reminder.${column}` as const;
  return trx
    .selectFrom('reminder')
    .innerJoin('user', 'user.id', 'reminder.user_id')
    .leftJoin('profile', 'profile.uid', 'reminder.user_id')
    .select([
      'reminder.user_id',
      'reminder.time_zone',
      'reminder.minute_of_day',
      'reminder.weekdays',
      'reminder.next_due_at',
      'reminder.last_sent_local_date',
      'reminder.email as by_email',
      'reminder.monthly_due_at',
      'reminder.monthly_sent_for',
      'user.email',
      'user.emailVerified',
      'profile.disabled_at',
    ])
    .where(due, '<=', now.toISOString())
    .orderBy(due)
    .orderBy('reminder.user_id')
    .limit(limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate('reminder').skipLocked())
    .execute();
}

function dueOf(row: Awaited<ReturnType<typeof selectDue>>[number], dueAt: string | null): Due {
  return {
    userId: row.user_id,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    disabled: Boolean(row.disabled_at),
    timeZone: row.time_zone,
    minuteOfDay: row.minute_of_day,
    dueAt: dueAt ?? '',
  };
}

/** The oldest due daily reminders, locked as `selectDue` says. */
export async function lockDueReminders(
  trx: Transaction<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
): Promise<DueReminder[]> {
  const rows = await selectDue(trx, dialect, 'next_due_at', now, limit);
  return rows.map((row) => ({
    ...dueOf(row, row.next_due_at),
    weekdays: row.weekdays,
    lastSentLocalDate: row.last_sent_local_date,
    byEmail: Boolean(row.by_email),
  }));
}

/** The oldest due monthly look-back emails, locked as `selectDue` says. */
export async function lockDueMonthly(
  trx: Transaction<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
): Promise<DueMonthly[]> {
  const rows = await selectDue(trx, dialect, 'monthly_due_at', now, limit);
  return rows.map((row) => ({ ...dueOf(row, row.monthly_due_at), sentFor: row.monthly_sent_for }));
}

/** Of these people, those with an entry in one of these months (year * 12 + month), as `userId month` keys. */
export async function entryMonths(db: Db, userIds: string[], months: number[]): Promise<Set<string>> {
  if (userIds.length === 0 || months.length === 0) return new Set();
  const rows = await db
    .selectFrom('journal_month')
    .select(['user_id', 'month'])
    .where('user_id', 'in', userIds)
    .where('month', 'in', [...new Set(months)])
    .where('entries', '>', 0)
    .execute();
  return new Set(rows.map((row) => `${row.user_id} ${row.month}`));
}

/**
 * Moves these monthly emails, all due at `dueAt`, on to `nextDueAt`, recording the month one was queued for when
 * `sentFor` is given: the claim, as `claimDue` says.
 */
export function advanceMonthly(
  trx: Transaction<Database>,
  userIds: string[],
  dueAt: string,
  nextDueAt: string,
  sentFor: number | null,
): Promise<string[]> {
  return claimDue(
    trx,
    'monthly_due_at',
    userIds,
    dueAt,
    sentFor !== null ? { monthly_due_at: nextDueAt, monthly_sent_for: sentFor } : { monthly_due_at: nextDueAt },
  );
}

/** Of these people, those with an entry on one of these days, as `userId dayNumber` keys. */
export async function entryDays(db: Db, userIds: string[], dayKeys: string[]): Promise<Set<string>> {
  if (userIds.length === 0 || dayKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('journal_day')
    .select(['user_id', 'day'])
    .where('user_id', 'in', userIds)
    .where('day', 'in', [...new Set(dayKeys)].map(dayKeyToNumber))
    .where('entries', '>', 0)
    .execute();
  return new Set(rows.map((row) => `${row.user_id} ${row.day}`));
}

/**
 * Moves these reminders, all due at `dueAt`, on to `nextDueAt`, and records the day one was sent for when `sentFor`
 * is given: the claim, as `claimDue` says.
 */
export function advanceReminders(
  trx: Transaction<Database>,
  userIds: string[],
  dueAt: string,
  nextDueAt: string | null,
  sentFor: string | null,
): Promise<string[]> {
  return claimDue(
    trx,
    'next_due_at',
    userIds,
    dueAt,
    sentFor ? { next_due_at: nextDueAt, last_sent_local_date: sentFor } : { next_due_at: nextDueAt },
  );
}

/**
 * Writes `changes` to these people's rows that are still due at `dueAt` by `column`: this is the claim, and the ids
 * it returns are the ones this transaction has claimed. Of two processes claiming the same row, the second finds it
 * changed (SQLite runs one writer at a time; PostgreSQL makes the second update wait for the first's lock and then
 * read the row again).
 */
async function claimDue(
  trx: Transaction<Database>,
  column: 'next_due_at' | 'monthly_due_at',
  userIds: string[],
  dueAt: string,
  changes: Updateable<ReminderTable>,
): Promise<string[]> {
  const rows = await trx
    .updateTable('reminder')
    .set(changes)
    .where('user_id', 'in', userIds)
    .where(column, '=', dueAt)
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * On SQLite, makes the transaction a writing one before it reads, so that what it reads stays true until it
 * commits: a transaction that read first could not write after another process's commit (SQLITE_BUSY_SNAPSHOT). A
 * write statement takes SQLite's write lock even when it changes no row.
 */
export async function takeWriteLock(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`update reminder set enabled = enabled where 0 = 1`.execute(trx);
}

/**
 * Several reminders in one statement; each is a template and an address (docs/decisions/013). One still waiting from
 * an earlier day (the mail server has been down since) stays, and is dropped when it is composed.
 */
export async function enqueueReminders(
  trx: Transaction<Database>,
  recipients: string[],
  now: Date,
  template: 'reminder' | 'monthlyLookBack' = 'reminder',
): Promise<void> {
  if (recipients.length === 0) return;
  const at = now.toISOString();
  await trx
    .insertInto('mail_queue')
    .values(
      recipients.map((recipient) => ({
        recipient,
        subject: '',
        text_body: '',
        html_body: '',
        created_at: at,
        next_attempt_at: at,
        sent_at: null,
        last_error: null,
        template,
      })),
    )
    .execute();
}

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/**
 * The server's VAPID key pair: the one kept in the database, or `made` kept there first when there is none yet. Of
 * two processes starting at once, the second's insert does nothing and both read the first's pair.
 */
export async function keepPushKeys(
  db: Db,
  made: { publicKey: string; privateKey: string },
  now: Date,
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insertInto('push_keys')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** The person's devices with notifications, oldest first. */
export function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Adds a device for the person. The endpoint is the browser's: if it was someone else's before (one browser, another
 * account signed in since), it is now this person's alone. Past `max` devices, the oldest gives way; returned.
 */
export async function addPushSubscription(
  trx: Transaction<Database>,
  row: PushSubscriptionRow,
  max: number,
): Promise<PushSubscriptionRow[]> {
  await trx.deleteFrom('push_subscription').where('endpoint', '=', row.endpoint).execute();
  await trx.insertInto('push_subscription').values(row).execute();
  const all = await listPushSubscriptions(trx, row.user_id);
  const surplus = all.filter((subscription) => subscription.id !== row.id).slice(0, Math.max(0, all.length - max));
  if (surplus.length > 0) {
    await trx
      .deleteFrom('push_subscription')
      .where('id', 'in', surplus.map((subscription) => subscription.id))
      .execute();
  }
  return surplus;
}

/** Removes one of the person's devices, named by its id or its endpoint; false when the person has no such device. */
export async function removePushSubscription(
  db: Db,
  userId: string,
  by: { id: string } | { endpoint: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .$if('id' in by, (qb) => qb.where('id', '=', 'id' in by ? by.id : ''))
    .$if('endpoint' in by, (qb) => qb.where('endpoint', '=', 'endpoint' in by ? by.endpoint : ''))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Queues a notification for each device of these people, for the day of each's reminder; a device that already has
 * one for that day keeps it (at most one a device a day, whatever claims the reminder again).
 */
export async function enqueuePushes(
  trx: Transaction<Database>,
  people: { userId: string; day: string }[],
  now: Date,
): Promise<void> {
  const byDay = new Map<string, string[]>();
  for (const { userId, day } of people) byDay.set(day, [...(byDay.get(day) ?? []), userId]);
  const at = now.toISOString();
  for (const [day, userIds] of byDay) {
    await trx
      .insertInto('push_queue')
      .columns(['subscription_id', 'local_date', 'user_id', 'created_at', 'next_attempt_at', 'attempts'])
      .expression((eb) =>
        eb
          .selectFrom('push_subscription')
          .select((s) => [
            'push_subscription.id',
            sql<string>`${day}`.as('local_date'),
            'push_subscription.user_id',
            sql<string>`${at}`.as('created_at'),
            sql<string>`${at}`.as('next_attempt_at'),
            s.lit(0).as('attempts'),
          ])
          .where('push_subscription.user_id', 'in', userIds),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'local_date']).doNothing())
      .execute();
  }
}

export interface ClaimedPush {
  subscriptionId: string;
  localDate: string;
  userId: string;
  attempts: number;
  /** Set when a process had begun to send it and stopped before it knew the outcome. */
  interrupted: boolean;
  endpoint: string;
  p256dh: string;
  auth: string;
  timeZone: string | null;
  enabled: boolean;
  /** A disabled account, or one whose address is not verified (any more): nothing is sent to it. */
  inactive: boolean;
}

/**
 * Claims up to `limit` due notifications until `lease`, and marks them as being sent: a process that stops while it
 * sends leaves the mark, and whoever claims the row after the lease knows the notification may have gone.
 */
export async function claimPushes(
  trx: Transaction<Database>,
  dialect: Dialect,
  now: Date,
  lease: Date,
  limit: number,
): Promise<ClaimedPush[]> {
  await takeWriteLock(trx, dialect);
  const rows = await trx
    .selectFrom('push_queue')
    .innerJoin('push_subscription', 'push_subscription.id', 'push_queue.subscription_id')
    .leftJoin('reminder', 'reminder.user_id', 'push_queue.user_id')
    .innerJoin('user', 'user.id', 'push_queue.user_id')
    .leftJoin('profile', 'profile.uid', 'push_queue.user_id')
    .select([
      'user.emailVerified',
      'profile.disabled_at',
      'push_queue.subscription_id',
      'push_queue.local_date',
      'push_queue.user_id',
      'push_queue.attempts',
      'push_queue.sending_at',
      'push_queue.next_attempt_at',
      'push_subscription.endpoint',
      'push_subscription.p256dh',
      'push_subscription.auth',
      'reminder.time_zone',
      'reminder.enabled',
    ])
    .where('push_queue.next_attempt_at', '<=', now.toISOString())
    .orderBy('push_queue.next_attempt_at')
    .limit(limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate('push_queue').skipLocked())
    .execute();
  if (rows.length === 0) return [];
  // One statement for the batch: the rows are this transaction's (SQLite's write lock, PostgreSQL's row locks), and
  // the condition on next_attempt_at keeps out any another process claimed meanwhile.
  const updated = await trx
    .updateTable('push_queue')
    .set({ next_attempt_at: lease.toISOString(), sending_at: now.toISOString() })
    .where((eb) =>
      eb(
        eb.refTuple('subscription_id', 'local_date'),
        'in',
        rows.map((row) => eb.tuple(row.subscription_id, row.local_date)),
      ),
    )
    .where('next_attempt_at', '<=', now.toISOString())
    .returning(['subscription_id', 'local_date'])
    .execute();
  const mine = new Set(updated.map((row) => `${row.subscription_id} ${row.local_date}`));
  const claimed: ClaimedPush[] = [];
  for (const row of rows) {
    if (!mine.has(`${row.subscription_id} ${row.local_date}`)) continue;
    claimed.push({
      subscriptionId: row.subscription_id,
      localDate: row.local_date,
      userId: row.user_id,
      attempts: row.attempts,
      interrupted: row.sending_at !== null,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      timeZone: row.time_zone,
      enabled: Boolean(row.enabled),
      inactive: !row.emailVerified || Boolean(row.disabled_at),
    });
  }
  return claimed;
}

/** Notifications sent, or not to be sent: gone from the queue. */
export async function deletePushes(db: Db, pushes: { subscriptionId: string; localDate: string }[]): Promise<void> {
  if (pushes.length === 0) return;
  await db
    .deleteFrom('push_queue')
    .where((eb) =>
      eb(
        eb.refTuple('subscription_id', 'local_date'),
        'in',
        pushes.map((push) => eb.tuple(push.subscriptionId, push.localDate)),
      ),
    )
    .execute();
}

/** A send that failed: tried again at `at`, its mark cleared, as the push service did not take it. */
export async function retryPush(
  db: Db,
  push: { subscriptionId: string; localDate: string },
  attempts: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable('push_queue')
    .set({ attempts, next_attempt_at: at.toISOString(), sending_at: null })
    .where('subscription_id', '=', push.subscriptionId)
    .where('local_date', '=', push.localDate)
    .execute();
}

/** A device the push service says is gone (404, 410): removed, with whatever was queued for it. */
export async function deletePushSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}
