import { type Kysely, type Transaction } from 'kysely';
import type { TagCount } from '../../../shared/tags';
import { PreparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { type NewestFirstCursor, olderThan } from '../cursor';

type Db = Kysely<Database> | Transaction<Database>;

/** The tags column of journal_entry (migration 023): the tags separated by spaces, or null for none. */
export function tagsColumn(tags: readonly string[]): string | null {
  return tags.length === 0 ? null : tags.join(' ');
}

export function tagsOfColumn(column: string | null): string[] {
  return column ? column.split(' ') : [];
}

const insertTag = new PreparedQuery<
  { entryId: string; userId: string; tag: string; localDay: number; date: string },
  never
>((db, arg) =>
  db.insertInto('entry_tag').values({
    entry_id: arg('entryId'),
    user_id: arg('userId'),
    tag: arg('tag'),
    local_day: arg('localDay'),
    date: arg('date'),
  }),
);

/** The rows of a new entry's tags, in the entry's transaction. */
export async function insertEntryTags(
  trx: Transaction<Database>,
  entry: { id: string; userId: string; localDay: number; date: string },
  tags: readonly string[],
): Promise<void> {
  for (const tag of tags) {
    await insertTag.run(trx, { entryId: entry.id, userId: entry.userId, tag, localDay: entry.localDay, date: entry.date });
  }
}

/** Replaces an entry's tag rows with `tags`, in the edit's transaction; the entry is the writer's, checked before. */
export async function replaceEntryTags(
  trx: Transaction<Database>,
  entry: { id: string; userId: string; localDay: number; date: string },
  tags: readonly string[],
): Promise<void> {
  await trx.deleteFrom('entry_tag').where('entry_id', '=', entry.id).execute();
  await insertEntryTags(trx, entry, tags);
}

/** Every tag of the writer's and how many of their entries have it, read along the (user, tag, …) index. */
export async function listTagCounts(db: Db, userId: string): Promise<TagCount[]> {
  const rows = await db
    .selectFrom('entry_tag')
    .select((eb) => ['tag', eb.fn.countAll<number | string>().as('entries')])
    .where('user_id', '=', userId)
    .groupBy('tag')
    .execute();
  return rows.map((row) => ({ tag: row.tag, entries: Number(row.entries) }));
}


/**
 * The ids of the writer's entries with a tag, newest first, after the cursor: the order is the index's own (user, tag,
 * local day, date, entry), read backwards, so neither database sorts, however many entries others have.
 */
export async function entryIdsWithTag(
  db: Db,
  userId: string,
  tag: string,
  page: { limit: number; after?: NewestFirstCursor | undefined; firstDay?: number | undefined; lastDay?: number | undefined },
): Promise<string[]> {
  let query = db
    .selectFrom('entry_tag')
    .select('entry_id')
    .where('user_id', '=', userId)
    .where('tag', '=', tag);
  if (page.firstDay !== undefined) query = query.where('local_day', '>=', page.firstDay);
  if (page.lastDay !== undefined) query = query.where('local_day', '<=', page.lastDay);
  const after = page.after;
  if (after) query = query.where(olderThan(after, 'entry_id'));
  const rows = await query
    .orderBy('local_day', 'desc')
    .orderBy('date', 'desc')
    .orderBy('entry_id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.entry_id);
}

/**
 * Up to `limit` of the writer's entries with the tag `from`, the rows the renaming rewrites; read in the writer's
 * transaction, so each is rewritten as it is.
 */
export function entriesWithTag(trx: Transaction<Database>, userId: string, from: string, limit: number) {
  return trx
    .selectFrom('journal_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', (eb) =>
      eb.selectFrom('entry_tag').select('entry_id').where('user_id', '=', userId).where('tag', '=', from).limit(limit),
    )
    .execute();
}

/**
 * One entry's answers and tags after a renaming, its tag rows with them; the entry is the writer's, read before.
 * `prompt_answers` (JSON) is given for an entry of the writer's own prompts only.
 */
export async function rewriteEntryTags(
  trx: Transaction<Database>,
  entry: { id: string; userId: string; localDay: number; date: string },
  change: {
    gratitude: string;
    celebration: string;
    manifestation: string;
    memory: string;
    prompt_answers?: string | undefined;
    tags: string[];
  },
  now: Date,
): Promise<void> {
  const { tags, prompt_answers: promptAnswers, ...text } = change;
  await trx
    .updateTable('journal_entry')
    .set({
      ...text,
      ...(promptAnswers === undefined ? {} : { prompt_answers: promptAnswers }),
      tags: tagsColumn(tags),
      updated_at: now.toISOString(),
    })
    .where('id', '=', entry.id)
    .where('user_id', '=', entry.userId)
    .execute();
  await replaceEntryTags(trx, entry, tags);
}

export function bumpVersion(trx: Transaction<Database>, userId: string) {
  return trx
    .updateTable('profile')
    .set((eb) => ({ journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .execute();
}
