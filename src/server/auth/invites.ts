import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Random bytes in a code: 144 bits, 24 characters of base64url, beyond guessing however many tries are made. */
const INVITE_CODE_BYTES = 18;

export const DEFAULT_INVITE_USES = 1;
export const DEFAULT_INVITE_DAYS = 7;

function hashInviteCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Makes an invite code good for `uses` sign-ups until `expiresAt`. The code is returned once, to be handed to the
 * people invited; only its SHA-256 is stored, so neither the database nor a backup of it can be used to sign up.
 */
export async function createInvite(db: Db, input: { uses: number; expiresAt: Date; now: Date }): Promise<string> {
  const code = randomBytes(INVITE_CODE_BYTES).toString('base64url');
  await db
    .insertInto('invite')
    .values({
      code_hash: hashInviteCode(code),
      uses_left: input.uses,
      created_at: input.now.toISOString(),
      expires_at: input.expiresAt.toISOString(),
    })
    .execute();
  return code;
}

/** Whether the code could be used now: known, unexpired, with a use left. Reads only. */
export async function isInviteUsable(db: Db, code: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('invite')
    .select('code_hash')
    .where('code_hash', '=', hashInviteCode(code))
    .where('uses_left', '>', 0)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of the code, in the sign-up's transaction; true only for a caller that got one. One conditional
 * UPDATE: of any number of sign-ups racing for the last use, in any number of processes, exactly one sees its row
 * changed (PostgreSQL re-reads the condition once the row lock is released; SQLite runs one writer at a time).
 */
export async function takeInviteUse(db: Db, code: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invite')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
    .where('code_hash', '=', hashInviteCode(code))
    .where('uses_left', '>', 0)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
