import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { monthIndexOfDay } from '../../shared/dates';
import type { Dialect } from './connect';
import type { Database } from './schema';

/**
 * Migrations are code, so they ship inside the server and run at boot. Column types differ only where
 * better-auth's adapter expects them to (dates and booleans), everything else is the same on both databases.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  const authDate = dialect === 'postgres' ? 'timestamptz' : 'date';
  const authBoolean = dialect === 'postgres' ? 'boolean' : 'integer';

  return {
    '001_auth_and_profile': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('user')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('emailVerified', authBoolean, (c) => c.notNull())
          .addColumn('image', 'text')
          .addColumn('createdAt', authDate, (c) => c.notNull())
          .addColumn('updatedAt', authDate, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('session')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('expiresAt', authDate, (c) => c.notNull())
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('createdAt', authDate, (c) => c.notNull())
          .addColumn('updatedAt', authDate, (c) => c.notNull())
          .addColumn('ipAddress', 'text')
          .addColumn('userAgent', 'text')
          .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .execute();
        await db.schema.createIndex('session_user_idx').on('session').column('userId').execute();
        await db.schema
          .createTable('account')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('accountId', 'text', (c) => c.notNull())
          .addColumn('providerId', 'text', (c) => c.notNull())
          .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('accessToken', 'text')
          .addColumn('refreshToken', 'text')
          .addColumn('idToken', 'text')
          .addColumn('accessTokenExpiresAt', authDate)
          .addColumn('refreshTokenExpiresAt', authDate)
          .addColumn('scope', 'text')
          .addColumn('password', 'text')
          .addColumn('createdAt', authDate, (c) => c.notNull())
          .addColumn('updatedAt', authDate, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('account_user_idx').on('account').column('userId').execute();
        await db.schema
          .createTable('verification')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('identifier', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('expiresAt', authDate, (c) => c.notNull())
          .addColumn('createdAt', authDate, (c) => c.notNull())
          .addColumn('updatedAt', authDate, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('verification_identifier_idx')
          .on('verification')
          .column('identifier')
          .execute();

        await db.schema
          .createTable('profile')
          .addColumn('uid', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('show_memory_section', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('theme', 'text')
          .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('email_action')
          .addColumn('code_hash', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('email_action_user_idx')
          .on('email_action')
          .columns(['user_id', 'kind', 'created_at'])
          .execute();
        await db.schema
          .createTable('login_attempt')
          .addColumn('email', 'text', (c) => c.primaryKey())
          .addColumn('window_started_at', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('resend_throttle')
          .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
          .addColumn('last_sent_at', 'text', (c) => c.notNull())
          .addColumn('blocked_until', 'text')
          .execute();
        await db.schema
          .createTable('mail_queue')
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('html_body', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text')
          .addColumn('last_error', 'text')
          .execute();
        await db.schema
          .createIndex('mail_queue_pending_idx')
          .on('mail_queue')
          .columns(['sent_at', 'next_attempt_at'])
          .execute();
      },
    },
    '002_journal': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('journal_entry')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('local_day', 'integer', (c) => c.notNull())
          .addColumn('gratitude', 'text', (c) => c.notNull())
          .addColumn('celebration', 'text', (c) => c.notNull())
          .addColumn('manifestation', 'text', (c) => c.notNull())
          .addColumn('memory', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('journal_entry_user_day_idx')
          .on('journal_entry')
          .columns(['user_id', 'local_day', 'date', 'id'])
          .execute();
        await db.schema
          .createTable('journal_day')
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('entries', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('journal_day_pk', ['user_id', 'day'])
          .execute();
      },
    },
    '003_journal_version': {
      async up(db: Kysely<unknown>) {
        // Counts every change to a user's entries; a cached answer about them is good while it is unchanged.
        await db.schema
          .alterTable('profile')
          .addColumn('journal_version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '004_stats_counts': {
      async up(db: Kysely<unknown>) {
        // Per-month counts and the newest run of days, so stats cost the same for 10 entries and for 10,000.
        await db.schema
          .createTable('journal_month')
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('month', 'integer', (c) => c.notNull())
          .addColumn('entries', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('journal_month_pk', ['user_id', 'month'])
          .execute();
        await db.schema.alterTable('profile').addColumn('run_first', 'integer').execute();
        await db.schema.alterTable('profile').addColumn('run_last', 'integer').execute();
        await backfillStatsCounts(db as Kysely<Database>);
      },
    },
    '005_lower_case_entry_ids': {
      async up(db: Kysely<unknown>) {
        // Entry ids are UUIDs, the same in any letter case, and the server now keeps them in lower case
        // (journal/routes.ts). An id stored in other letters before (only a hand-made request could send one) is
        // lowered too, unless its lower-case form is, in any case, another entry's id: that one stays as it is. The
        // subquery runs only for ids not in lower case, usually none.
        await sql`
          update journal_entry set id = lower(id)
          where id <> lower(id)
            and not exists (
              select 1 from journal_entry other where other.id <> journal_entry.id and lower(other.id) = lower(journal_entry.id)
            )
        `.execute(db);
      },
    },
    '006_no_links_at_rest': {
      async up(db: Kysely<unknown>) {
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
      },
    },
  };
}

/** Fills journal_month and the profiles' newest runs from the per-day counts, in one pass over them. */
async function backfillStatsCounts(db: Kysely<Database>): Promise<void> {
  const days = await db
    .selectFrom('journal_day')
    .select(['user_id', 'day', 'entries'])
    .orderBy('user_id')
    .orderBy('day')
    .execute();
  const months = new Map<string, { user_id: string; month: number; entries: number }>();
  const runs = new Map<string, { first: number; last: number }>();
  for (const { user_id, day, entries } of days) {
    const month = monthIndexOfDay(day);
    const key = `${user_id} ${month}`;
    const counted = months.get(key);
    if (counted) counted.entries += entries;
    else months.set(key, { user_id, month, entries });
    const run = runs.get(user_id);
    if (run && run.last === day - 1) run.last = day;
    else runs.set(user_id, { first: day, last: day });
  }
  const rows = [...months.values()];
  for (let at = 0; at < rows.length; at += 500) {
    await db.insertInto('journal_month').values(rows.slice(at, at + 500)).execute();
  }
  for (const [uid, run] of runs) {
    await db.updateTable('profile').set({ run_first: run.first, run_last: run.last }).where('uid', '=', uid).execute();
  }
}

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations(this.dialect));
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see; name ours, so that two deployments in
  // two schemas of one PostgreSQL database never mistake each other's migrations for their own.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
