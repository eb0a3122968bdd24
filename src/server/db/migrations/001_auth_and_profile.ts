import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

/** The accounts (better-auth's tables), the profiles and what signing in and mail need. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Column types differ only where better-auth's adapter expects them to (dates and booleans), everything else is
  // the same on both databases.
  const authDate = dialect === 'postgres' ? 'timestamptz' : 'date';
  const authBoolean = dialect === 'postgres' ? 'boolean' : 'integer';

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
}
