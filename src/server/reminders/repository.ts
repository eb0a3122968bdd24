import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { dayKeyToNumber } from '../../shared/dates';
import type { Dialect } from '../db/connect';
import type { Database, ReminderTable } from '../db/schema';

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
    .set({ enabled: 0, next_due_at: null, updated_at: now.toISOString() })
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

export interface DueReminder {
  userId: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  timeZone: string;
  minuteOfDay: number;
  weekdays: number;
  dueAt: string;
  lastSentLocalDate: string | null;
}

/**
 * The oldest due reminders, by the index on next_due_at, with what decides whether each is sent: the address and
 * whether it is verified, and whether the account is disabled. On PostgreSQL the rows are locked for the
 * transaction, and rows another process has locked are passed over, so processes share the work instead of
 * queueing behind each other's locks.
 */
export async function lockDueReminders(
  trx: Transaction<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
): Promise<DueReminder[]> {
  const rows = await trx
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
      'user.email',
      'user.emailVerified',
      'profile.disabled_at',
    ])
    .where('reminder.next_due_at', '<=', now.toISOString())
    .orderBy('reminder.next_due_at')
    .orderBy('reminder.user_id')
    .limit(limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate('reminder').skipLocked())
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    disabled: Boolean(row.disabled_at),
    timeZone: row.time_zone,
    minuteOfDay: row.minute_of_day,
    weekdays: row.weekdays,
    dueAt: row.next_due_at ?? '',
    lastSentLocalDate: row.last_sent_local_date,
  }));
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
 * is given. Only rows still due at `dueAt` change: this is the claim, and the ids it returns are the ones this
 * transaction has claimed. Of two processes claiming the same reminder, the second finds it changed (SQLite runs
 * one writer at a time; PostgreSQL makes the second update wait for the first's lock and then read the row again).
 */
export async function advanceReminders(
  trx: Transaction<Database>,
  userIds: string[],
  dueAt: string,
  nextDueAt: string | null,
  sentFor: string | null,
): Promise<string[]> {
  const rows = await trx
    .updateTable('reminder')
    .set(sentFor ? { next_due_at: nextDueAt, last_sent_local_date: sentFor } : { next_due_at: nextDueAt })
    .where('user_id', 'in', userIds)
    .where('next_due_at', '=', dueAt)
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
export async function enqueueReminders(trx: Transaction<Database>, recipients: string[], now: Date): Promise<void> {
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
        template: 'reminder' as const,
      })),
    )
    .execute();
}
