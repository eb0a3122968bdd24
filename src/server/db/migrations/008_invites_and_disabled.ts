import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Invite codes for SIGNUPS=invite. Only a code's SHA-256 is kept, so the table cannot be used to sign anybody
  // up; each sign-up takes one of its uses in its own transaction.
  await db.schema
    .createTable('invite')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('uses_left', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  // The pruning of spent invites (maintenance/prune.ts) finds the expired ones by this.
  await db.schema.createIndex('invite_expires_idx').on('invite').column('expires_at').execute();
  // When the operator disabled the account (npm run admin -- disable); null while it may sign in. On the profile,
  // which the session query already joins, so every request sees it at no extra cost.
  await db.schema.alterTable('profile').addColumn('disabled_at', 'text').execute();
}
