import { type Kysely, sql, type Transaction } from 'kysely';
import type { EntryPhoto } from '../../shared/photos';
import type { Database } from '../db/schema';
import type { Renditions } from './decode';

type Db = Kysely<Database> | Transaction<Database>;

/** The bytes and photos a person keeps, unattached uploads included: what the quota counts. */
export async function photoUsage(db: Db, userId: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('photo')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('bytes').as('bytes')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

/**
 * Takes the person's profile row for the rest of the transaction on PostgreSQL, so that two uploads of theirs at once
 * count each other against the quota; SQLite's writes are one at a time already.
 */
export async function lockPhotoSpace(trx: Transaction<Database>, userId: string, dialect: 'sqlite' | 'postgres') {
  if (dialect === 'postgres') await sql`select 1 from profile where uid = ${userId} for update`.execute(trx);
}

export async function insertPhoto(
  trx: Transaction<Database>,
  photo: { id: string; userId: string; createdAt: string } & Renditions,
): Promise<void> {
  await trx
    .insertInto('photo')
    .values({
      id: photo.id,
      user_id: photo.userId,
      entry_id: null,
      created_at: photo.createdAt,
      width: photo.width,
      height: photo.height,
      thumb_width: photo.thumbWidth,
      thumb_height: photo.thumbHeight,
      bytes: photo.full.length + photo.thumb.length,
      thumb: photo.thumb,
      full_size: photo.full,
    })
    .execute();
}

/** One rendition's bytes, if the photo is the person's: every query names the owner. */
export async function readRendition(db: Db, userId: string, id: string, size: 'thumb' | 'full') {
  const row = await db
    .selectFrom('photo')
    .select(size === 'thumb' ? 'thumb as data' : 'full_size as data')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.data;
}

/** Deletes one of the person's uploads not yet attached to an entry; says whether it found one, and if attached. */
export async function deleteUnattached(trx: Transaction<Database>, userId: string, id: string) {
  const row = await trx
    .selectFrom('photo')
    .select('entry_id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'missing' as const;
  if (row.entry_id !== null) return 'attached' as const;
  await trx.deleteFrom('photo').where('id', '=', id).where('user_id', '=', userId).execute();
  return 'deleted' as const;
}

/**
 * Makes `ids`, in that order, the entry's photos: each must be the person's and either unattached or the entry's
 * already (false otherwise, and nothing is changed by this call). The entry's photos left off the list are deleted.
 */
export async function setEntryPhotos(
  trx: Transaction<Database>,
  userId: string,
  entryId: string,
  ids: readonly string[],
): Promise<boolean> {
  if (ids.length > 0) {
    const found = await trx
      .selectFrom('photo')
      .select(['id', 'entry_id'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    const usable = found.filter((row) => row.entry_id === null || row.entry_id === entryId);
    if (usable.length !== ids.length) return false;
  }
  let gone = trx.deleteFrom('photo').where('user_id', '=', userId).where('entry_id', '=', entryId);
  if (ids.length > 0) gone = gone.where('id', 'not in', ids);
  await gone.execute();
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable('photo')
      .set({ entry_id: entryId, position })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
  return true;
}

/**
 * Attaches a photo just kept to an imported entry of the person's, at `position`, marks the entry changed at `at`, and
 * moves their journal's version on: the entry was written (and may have been read and its answer kept,
 * journal/read-cache.ts, or copied to a device, shared/journal-copy.ts) before its photos came.
 */
export async function attachImported(
  trx: Transaction<Database>,
  userId: string,
  entryId: string,
  id: string,
  position: number,
  at: string,
) {
  await trx.updateTable('photo').set({ entry_id: entryId, position }).where('id', '=', id).where('user_id', '=', userId).execute();
  await trx.updateTable('journal_entry').set({ updated_at: at }).where('id', '=', entryId).where('user_id', '=', userId).execute();
  await trx
    .updateTable('profile')
    .set((eb) => ({ journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .execute();
}

/** The photos of these entries of the person's, in each entry's order, by entry id. */
export async function photosOfEntries(db: Db, userId: string, entryIds: readonly string[]) {
  const byEntry = new Map<string, EntryPhoto[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .selectFrom('photo')
    .select(['id', 'entry_id', 'width', 'height', 'thumb_width', 'thumb_height'])
    .where('user_id', '=', userId)
    .where('entry_id', 'in', entryIds)
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    if (row.entry_id === null) continue;
    const list = byEntry.get(row.entry_id) ?? [];
    list.push({ id: row.id, width: row.width, height: row.height, thumbWidth: row.thumb_width, thumbHeight: row.thumb_height });
    byEntry.set(row.entry_id, list);
  }
  return byEntry;
}

/** Each person's photo count and bytes, for the operator's `users`: never a photo. */
export async function photoTotalsByUser(db: Db): Promise<Map<string, { count: number; bytes: number }>> {
  const rows = await db
    .selectFrom('photo')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('bytes').as('bytes')])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, { count: Number(row.count), bytes: Number(row.bytes ?? 0) }]));
}

/**
 * The id of each day's first photo in the range, for the calendars' tiles (docs/product.md §16): the first photo of
 * the day's oldest entry with photos. An entry's photos are numbered from 0 in its order, so the read takes one photo
 * an entry, along the entries' (user, day) index and the photos' (entry, position) one, and names the owner twice.
 */
export async function firstPhotoOfDays(
  db: Db,
  userId: string,
  range: { firstDay: number; lastDay: number },
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('journal_entry')
    .innerJoin('photo', 'photo.entry_id', 'journal_entry.id')
    .select(['journal_entry.local_day as day', 'photo.id as id'])
    .where('journal_entry.user_id', '=', userId)
    .where('journal_entry.local_day', '>=', range.firstDay)
    .where('journal_entry.local_day', '<=', range.lastDay)
    .where('photo.user_id', '=', userId)
    .where('photo.position', '=', 0)
    .orderBy('journal_entry.local_day')
    .orderBy('journal_entry.date')
    .orderBy('journal_entry.id')
    .execute();
  const first = new Map<number, string>();
  for (const row of rows) if (!first.has(row.day)) first.set(row.day, row.id);
  return first;
}
