import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, type Transaction } from 'kysely';
import { dayNumberToKey, monthIndexOfDay } from '../../shared/dates';
import type { JournalEntry, Stats } from '../../shared/entry-schemas';
import type { MonthSignature } from '../../shared/journal-copy';
import { isMood, type Mood } from '../../shared/mood';
import { type PromptAnswer, readAnswers } from '../../shared/prompts';
import { PreparedQuery } from '../db/prepared';
import { type NewestFirstCursor, olderThan } from './cursor';
import type { Database, JournalEntryTable } from '../db/schema';
import { keepHour } from '../insights/hours';
import { WordChanges } from '../insights/word-counts';
import { photosOfEntries } from '../photos/repository';
import { insertEntryTags, replaceEntryTags, tagsColumn, tagsOfColumn } from './tags/repository';

type Db = Kysely<Database> | Transaction<Database>;

export interface EntryText {
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
}

/** An entry's text, its mood (null for none) and its tags: what a create stores and an edit rewrites. */
export interface EntryWords extends EntryText {
  mood: Mood | null;
  tags: string[];
}

/**
 * The answers of an entry written with the writer's own prompts, as journal_entry.prompt_answers keeps them (JSON,
 * decision 033); null for an entry of the app's own prompts.
 */
export function storedAnswers(answers: readonly PromptAnswer[] | null | undefined): string | null {
  return answers ? JSON.stringify(answers.map(({ prompt, answer }) => ({ prompt, answer }))) : null;
}

/** The answers journal_entry.prompt_answers keeps, read back; null for an entry of the app's own prompts. */
export function parsedAnswers(stored: string | null): PromptAnswer[] | null {
  if (stored === null) return null;
  try {
    return readAnswers(JSON.parse(stored));
  } catch {
    return null;
  }
}

export function toEntry(row: Selectable<JournalEntryTable>): JournalEntry {
  return {
    id: row.id,
    userId: row.user_id,
    date: row.date,
    localDate: dayNumberToKey(row.local_day),
    utcOffset: row.utc_offset,
    ...(row.time_unknown ? { timeUnknown: true as const } : {}),
    gratitude: row.gratitude,
    celebration: row.celebration,
    manifestation: row.manifestation,
    memory: row.memory,
    updatedAt: row.updated_at,
    ...(row.added_day === null ? {} : { addedOn: dayNumberToKey(row.added_day) }),
    ...(row.edited_day === null ? {} : { editedOn: dayNumberToKey(row.edited_day) }),
    ...(isMood(row.mood) ? { mood: row.mood } : {}),
    ...withAnswers(parsedAnswers(row.prompt_answers)),
    ...(row.tags ? { tags: tagsOfColumn(row.tags) } : {}),
  };
}

/** The entries with their photos, in each entry's order, read in one query for them all. */
export async function withPhotos(db: Db, userId: string, entries: JournalEntry[]): Promise<JournalEntry[]> {
  const photos = await photosOfEntries(db, userId, entries.map((entry) => entry.id));
  if (photos.size === 0) return entries;
  return entries.map((entry) => {
    const own = photos.get(entry.id);
    return own ? { ...entry, photos: own } : entry;
  });
}

const withAnswers = (answers: PromptAnswer[] | null) => (answers ? { answers } : {});

export async function findEntry(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom('journal_entry')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toEntry(row);
}

/** How many entries the user has, counted row by row: for the operator's commands, not for a request. */
export async function countEntries(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('journal_entry')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** An entry by id whoever owns it; callers compare its userId. Ids are client-chosen, so they may collide. */
export async function findEntryById(db: Db, id: string) {
  const row = await db.selectFrom('journal_entry').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * The owners of whichever of these ids are taken: one indexed read, which the caller keeps short (ids are
 * client-chosen or made from an imported file, so they may belong to anyone).
 */
export function entryOwners(db: Db, ids: readonly string[]): Promise<{ id: string; user_id: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('journal_entry').select(['id', 'user_id']).where('id', 'in', ids).execute();
}

type EntryRow = Selectable<JournalEntryTable>;

/**
 * The insert of an entry, with or without the mark of a time of day unknown, and with or without the days it was added
 * and edited on after its own day. Only imported entries dated by their day alone carry the first, only entries
 * written for an earlier day (or imported with those days) the others; every other insert leaves the columns to their
 * default (null), as inserts did before they existed.
 */
function insertRow(
  withTimeUnknown: boolean,
  withLateDays: boolean,
  withMood: boolean,
  withAnswers: boolean,
  withTags: boolean,
) {
  return new PreparedQuery<EntryRow, { id: string }>((db, arg) =>
    db
      .insertInto('journal_entry')
      .values({
        id: arg('id'),
        user_id: arg('user_id'),
        date: arg('date'),
        local_day: arg('local_day'),
        utc_offset: arg('utc_offset'),
        ...(withTimeUnknown ? { time_unknown: arg('time_unknown') } : {}),
        gratitude: arg('gratitude'),
        celebration: arg('celebration'),
        manifestation: arg('manifestation'),
        memory: arg('memory'),
        updated_at: arg('updated_at'),
        ...(withLateDays ? { added_day: arg('added_day'), edited_day: arg('edited_day') } : {}),
        ...(withMood ? { mood: arg('mood') } : {}),
        ...(withAnswers ? { prompt_answers: arg('prompt_answers') } : {}),
        ...(withTags ? { tags: arg('tags') } : {}),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id'),
  );
}

// A new entry runs these on every create, so each is built and compiled once (db/prepared.ts).
const insertRows = Array.from({ length: 32 }, (_, kind) =>
  insertRow((kind & 1) !== 0, (kind & 2) !== 0, (kind & 4) !== 0, (kind & 8) !== 0, (kind & 16) !== 0),
);

/** Counts an entry into its day, and its mood (moodSum: the mood or 0, moodCount: 1 or 0) into the day's moods. */
const countDay = new PreparedQuery<
  { userId: string; day: number; moodSum: number; moodCount: number },
  { entries: number }
>((db, arg) =>
  db
    .insertInto('journal_day')
    .values({ user_id: arg('userId'), day: arg('day'), entries: 1, mood_sum: arg('moodSum'), mood_count: arg('moodCount') })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
        entries: eb('journal_day.entries', '+', 1),
        mood_sum: eb('journal_day.mood_sum', '+', eb.ref('excluded.mood_sum')),
        mood_count: eb('journal_day.mood_count', '+', eb.ref('excluded.mood_count')),
      })),
    )
    .returning('entries'),
);

/** A change of one of the day's entries' moods: moodSum and moodCount added to the day's. */
const changeDayMood = new PreparedQuery<{ userId: string; day: number; moodSum: number; moodCount: number }, never>(
  (db, arg) =>
    db
      .updateTable('journal_day')
      .set((eb) => ({
        mood_sum: eb('mood_sum', '+', arg('moodSum')),
        mood_count: eb('mood_count', '+', arg('moodCount')),
      }))
      .where('user_id', '=', arg('userId'))
      .where('day', '=', arg('day')),
);

/** What a mood (or none) adds to its day's sum and count. */
const moodOfDay = (mood: number | null) => (isMood(mood) ? { moodSum: mood, moodCount: 1 } : { moodSum: 0, moodCount: 0 });

const countMonth = new PreparedQuery<{ userId: string; month: number }, never>((db, arg) =>
  db
    .insertInto('journal_month')
    .values({ user_id: arg('userId'), month: arg('month'), entries: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'month']).doUpdateSet((eb) => ({ entries: eb('journal_month.entries', '+', 1) })),
    ),
);

const countEntry = new PreparedQuery<{ userId: string }, never>((db, arg) =>
  db
    .updateTable('profile')
    .set((eb) => ({ entry_count: eb('entry_count', '+', 1), journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', arg('userId')),
);

/** countEntry for the first entry of a day: a day after the newest extends the run (the next day) or starts one. */
const countEntryOnNewDay = new PreparedQuery<
  { userId: string; day: number; dayBefore: number },
  { run_first: number | null; run_last: number | null }
>(
  (db, arg) =>
    db
      .updateTable('profile')
      .set((eb) => ({
        entry_count: eb('entry_count', '+', 1),
        journal_version: eb('journal_version', '+', 1),
        run_first: eb
          .case()
          .when(eb.or([eb('run_last', 'is', null), eb('run_last', '<', arg('dayBefore'))]))
          .then(arg('day'))
          .else(eb.ref('run_first'))
          .end(),
        run_last: eb
          .case()
          .when(eb.or([eb('run_last', 'is', null), eb('run_last', '<', arg('day'))]))
          .then(arg('day'))
          .else(eb.ref('run_last'))
          .end(),
      }))
      .where('uid', '=', arg('userId'))
      .returning(['run_first', 'run_last']),
);

/** An entry to store: its text, its day, and when it was written and last changed (ISO timestamps). */
export interface NewEntryRow extends EntryText {
  id: string;
  userId: string;
  date: string;
  updatedAt: string;
  localDay: number;
  utcOffset: number | null;
  /** Only the day is known, not the time of day (an imported date alone). */
  timeUnknown?: boolean | undefined;
  /** The writer's day (a day number) when they wrote it, when that was after its own day (past days). */
  addedDay?: number | null | undefined;
  /** The writer's day when they last edited it, when that was after its own day. */
  editedDay?: number | null | undefined;
  /** How the day felt; absent or null for none. */
  mood?: Mood | null | undefined;
  /** The answers to the writer's own prompts, with their wording; absent or null for the app's own prompts. */
  answers?: readonly PromptAnswer[] | null | undefined;
  /** The entry's tags, folded and checked (src/shared/tags.ts); absent or empty for none. */
  tags?: string[] | undefined;
}

/**
 * Writes an entry and keeps the counts that stats read (per day, per month, per user, and the newest run of days)
 * and the word counts Insights reads, in one transaction, so the counts are always exactly the entries that exist.
 * An id that is already taken writes nothing and answers undefined: ids are client-chosen, and a retried create
 * sends the same one. Given `words`, the entry's words are added to those changes, which the caller keeps before
 * its transaction ends (an import, a batch of entries at a time); otherwise they are kept here.
 */
export async function insertEntry(
  trx: Transaction<Database>,
  input: NewEntryRow,
  words?: WordChanges,
): Promise<JournalEntry | undefined> {
  const { userId, localDay } = input;
  const row: EntryRow = {
    id: input.id,
    user_id: userId,
    date: input.date,
    local_day: localDay,
    utc_offset: input.utcOffset,
    time_unknown: input.timeUnknown ? 1 : null,
    gratitude: input.gratitude,
    celebration: input.celebration,
    manifestation: input.manifestation,
    memory: input.memory,
    updated_at: input.updatedAt,
    added_day: input.addedDay ?? null,
    edited_day: input.editedDay ?? null,
    mood: input.mood ?? null,
    prompt_answers: storedAnswers(input.answers),
    tags: tagsColumn(input.tags ?? []),
  };
  const late = row.added_day !== null || row.edited_day !== null;
  const kind =
    (row.time_unknown ? 1 : 0) +
    (late ? 2 : 0) +
    (row.mood === null ? 0 : 4) +
    (row.prompt_answers === null ? 0 : 8) +
    (row.tags === null ? 0 : 16);
  const insert = insertRows[kind] as (typeof insertRows)[number];
  const inserted = await insert.run(trx, row);
  if (inserted.rows.length === 0) return undefined;
  if (input.tags?.length) await insertEntryTags(trx, { id: row.id, userId, localDay, date: row.date }, input.tags);
  const day = await countDay.run(trx, { userId, day: localDay, ...moodOfDay(row.mood) });
  await countMonth.run(trx, { userId, month: monthIndexOfDay(localDay) });
  if (day.rows[0]?.entries !== 1) {
    await countEntry.run(trx, { userId });
  } else {
    const profile = await countEntryOnNewDay.run(trx, { userId, day: localDay, dayBefore: localDay - 1 });
    // A new day right before the newest run (a writer whose calendar moved back, travelling west) joins it to the
    // run before it, if there is one: recount. A day further back changes nothing.
    const runFirst = profile.rows[0]?.run_first;
    if (runFirst != null && localDay === runFirst - 1) await refreshRun(trx, userId);
  }
  await keepHour(trx, userId, row, 1);
  // After the profile's update, which holds the writer's row until the commit on PostgreSQL (word-counts.ts).
  if (words) words.add(row);
  else {
    const own = new WordChanges();
    own.add(row);
    await own.keep(trx, userId);
  }
  return toEntry(row);
}

/**
 * Whether the user writes and edits past days, read in a write's transaction and held there: on PostgreSQL the row is
 * locked until the write commits, so a change of the setting made meanwhile waits for it, or, made first, is what
 * this reads. On SQLite every write is alone in its transaction already.
 */
export async function writesPastDays(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable('profile')
    .set((eb) => ({ past_days: eb.ref('past_days') }))
    .where('uid', '=', userId)
    .returning('past_days')
    .executeTakeFirst();
  return Boolean(row?.past_days);
}

/**
 * Rewrites one of the user's entries and returns it as stored; undefined when there is no such entry of theirs.
 * `editedDay`, when given, is the writer's day of an edit made after the entry's own day (past days).
 */
export async function updateEntryText(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  text: EntryWords & { answers?: readonly PromptAnswer[] | null | undefined },
  now: Date,
  editedDay?: number,
) {
  const { answers, tags, ...words } = text;
  // An entry of the app's own prompts is rewritten as it always was; one of the writer's own keeps its answers' column.
  const promptAnswers = answers ? { prompt_answers: storedAnswers(answers) } : {};
  // The texts as they were, whose words the edit counts out, read by an update that changes nothing: on PostgreSQL
  // it holds the row until the commit, so an edit made meanwhile waits and then counts out this edit's words.
  const before = await trx
    .updateTable('journal_entry')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['local_day', 'gratitude', 'celebration', 'manifestation', 'memory', 'prompt_answers', 'mood'])
    .executeTakeFirst();
  if (!before) return undefined;
  const row = await trx
    .updateTable('journal_entry')
    .set({
      ...words,
      ...promptAnswers,
      tags: tagsColumn(tags),
      updated_at: now.toISOString(),
      ...(editedDay === undefined ? {} : { edited_day: editedDay }),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await replaceEntryTags(trx, { id, userId, localDay: row.local_day, date: row.date }, tags);
  // The day's row before the profile's, in the order a create and a delete take them: on PostgreSQL an edit made
  // meanwhile waits for this one rather than deadlock with it.
  if (before.mood !== row.mood) {
    const [was, is] = [moodOfDay(before.mood), moodOfDay(row.mood)];
    const change = { moodSum: is.moodSum - was.moodSum, moodCount: is.moodCount - was.moodCount };
    await changeDayMood.run(trx, { userId, day: row.local_day, ...change });
  }
  await bumpJournalVersion(trx, userId);
  const changes = new WordChanges();
  changes.remove(before);
  changes.add(row);
  await changes.keep(trx, userId);
  return toEntry(row);
}

function bumpJournalVersion(trx: Transaction<Database>, userId: string) {
  return trx
    .updateTable('profile')
    .set((eb) => ({ journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .execute();
}

/** Deletes one of the user's entries, keeping the counts insertEntry keeps; false when there is no such entry of theirs. */
export async function deleteEntry(trx: Transaction<Database>, userId: string, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('journal_entry')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning([
      'local_day',
      'gratitude',
      'celebration',
      'manifestation',
      'memory',
      'prompt_answers',
      'mood',
      'date',
      'utc_offset',
      'time_unknown',
    ])
    .executeTakeFirst();
  if (!deleted) return false;
  const localDay = deleted.local_day;
  const { moodSum, moodCount } = moodOfDay(deleted.mood);
  await trx
    .updateTable('journal_day')
    .set((eb) => ({
      entries: eb('entries', '-', 1),
      mood_sum: eb('mood_sum', '-', moodSum),
      mood_count: eb('mood_count', '-', moodCount),
    }))
    .where('user_id', '=', userId)
    .where('day', '=', localDay)
    .execute();
  const emptiedDay = await trx
    .deleteFrom('journal_day')
    .where('user_id', '=', userId)
    .where('day', '=', localDay)
    .where('entries', '<=', 0)
    .returning('day')
    .executeTakeFirst();
  await trx
    .updateTable('journal_month')
    .set((eb) => ({ entries: eb('entries', '-', 1) }))
    .where('user_id', '=', userId)
    .where('month', '=', monthIndexOfDay(localDay))
    .execute();
  const profile = await trx
    .updateTable('profile')
    .set((eb) => ({ entry_count: eb('entry_count', '-', 1), journal_version: eb('journal_version', '+', 1) }))
    .where('uid', '=', userId)
    .returning(['run_first', 'run_last'])
    .executeTakeFirst();
  // A day that leaves the newest run shortens it, or splits it and leaves the part after the day. Only a run of one
  // day, gone, needs the run before it found.
  const { run_first: first, run_last: last } = profile ?? {};
  if (emptiedDay && first != null && last != null && localDay >= first && localDay <= last) {
    if (first === last) await refreshRun(trx, userId);
    else if (localDay === last) await setRun(trx, userId, { first, last: last - 1 });
    else await setRun(trx, userId, { first: localDay + 1, last });
  }
  await keepHour(trx, userId, deleted, -1);
  const changes = new WordChanges();
  changes.remove(deleted);
  await changes.keep(trx, userId);
  return true;
}

export type { NewestFirstCursor as EntryCursor } from './cursor';

/**
 * Entries of a range of local days, newest first, after the cursor when there is one. The order is the index's
 * own (user, local day, date, id), read backwards, so SQLite and PostgreSQL never sort.
 */
export async function listEntries(
  db: Db,
  userId: string,
  range: { firstDay: number; lastDay: number },
  page: { limit: number; after?: NewestFirstCursor },
): Promise<JournalEntry[]> {
  let query = db
    .selectFrom('journal_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('local_day', '>=', range.firstDay)
    .where('local_day', '<=', range.lastDay);
  const after = page.after;
  if (after) query = query.where(olderThan(after, 'id'));
  const rows = await query
    .orderBy('local_day', 'desc')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toEntry);
}

/** Local days, both included, as day numbers (src/shared/dates.ts); a missing end leaves that side open. */
export interface DayRange {
  firstDay?: number;
  lastDay?: number;
}

/**
 * The user's entries in the range, oldest first, `batchSize` at a time: the caller holds one batch, however long the
 * journal. The order is the index's own (user, local day, date, id), the range bounds the local day, and each batch
 * starts after the last row of the one before, so every query is an indexed range read.
 */
export async function* entriesOldestFirst(
  db: Db,
  userId: string,
  { firstDay, lastDay }: DayRange,
  batchSize: number,
): AsyncGenerator<JournalEntry> {
  let after: EntryRow | undefined;
  for (;;) {
    let query = db.selectFrom('journal_entry').selectAll().where('user_id', '=', userId);
    if (firstDay !== undefined) query = query.where('local_day', '>=', firstDay);
    if (lastDay !== undefined) query = query.where('local_day', '<=', lastDay);
    const last = after;
    if (last) {
      query = query.where((eb) =>
        eb.or([
          eb('local_day', '>', last.local_day),
          eb.and([eb('local_day', '=', last.local_day), eb('date', '>', last.date)]),
          eb.and([eb('local_day', '=', last.local_day), eb('date', '=', last.date), eb('id', '>', last.id)]),
        ]),
      );
    }
    const rows = await query.orderBy('local_day').orderBy('date').orderBy('id').limit(batchSize).execute();
    // Each batch with its photos' ids and sizes, read in one query (the photos' bytes are not).
    yield* await withPhotos(db, userId, rows.map(toEntry));
    if (rows.length < batchSize) return;
    after = rows.at(-1);
  }
}

/**
 * The days of a range that have entries, with each day's number, oldest first: at most one journal_day row per day,
 * read along its primary key (user, day), so the cost depends on the range's length and never on the number of
 * entries.
 */
export async function listDayCounts(
  db: Db,
  userId: string,
  range: { firstDay: number; lastDay: number },
): Promise<{ day: number; entries: number }[]> {
  return db
    .selectFrom('journal_day')
    .select(['day', 'entries'])
    .where('user_id', '=', userId)
    .where('day', '>=', range.firstDay)
    .where('day', '<=', range.lastDay)
    .orderBy('day')
    .execute();
}

/**
 * Each month with entries, its count, its newest change and a digest of its entries' ids and changes
 * (shared/journal-copy.ts), newest month first: one read of three columns along the entries' (user, day) index. It grows with the journal, so the device asks for it only when
 * the journal's version moved since it last copied.
 */
export async function listMonthSignatures(db: Db, userId: string): Promise<MonthSignature[]> {
  const rows = await db
    .selectFrom('journal_entry')
    .select(['id', 'local_day', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  const months = new Map<string, { month: string; entries: number; changedAt: string; sum: bigint }>();
  for (const row of rows) {
    const month = dayNumberToKey(row.local_day).slice(0, 7);
    const part = entryDigest(row.id, row.updated_at);
    const known = months.get(month);
    if (!known) months.set(month, { month, entries: 1, changedAt: row.updated_at, sum: part });
    else {
      known.entries += 1;
      known.sum = (known.sum + part) & DIGEST_MASK;
      if (row.updated_at > known.changedAt) known.changedAt = row.updated_at;
    }
  }
  return [...months.values()]
    .sort((a, b) => (a.month < b.month ? 1 : -1))
    .map(({ sum, ...month }) => ({ ...month, digest: sum.toString(16).padStart(16, '0') }));
}

const DIGEST_MASK = (1n << 64n) - 1n;

/**
 * An entry's share of its month's digest: the first 64 bits of a SHA-256 of its id and `updatedAt`. The month's
 * digest is their sum, so it does not depend on the order the rows come in, and an entry gone and another come change
 * it unless their shares are equal (one chance in 2^64).
 */
function entryDigest(id: string, updatedAt: string): bigint {
  return createHash('sha256').update(`${id}\n${updatedAt}`).digest().readBigUInt64BE(0);
}

/**
 * The mood of each day of the range that has one: the mood of the day's newest entry with a mood, for the calendars'
 * colours. One read along the entries' (user, day) index.
 */
export async function listDayMoods(
  db: Db,
  userId: string,
  range: { firstDay: number; lastDay: number },
): Promise<Map<number, Mood>> {
  const rows = await db
    .selectFrom('journal_entry')
    .select(['local_day', 'mood'])
    .where('user_id', '=', userId)
    .where('local_day', '>=', range.firstDay)
    .where('local_day', '<=', range.lastDay)
    .where('mood', 'is not', null)
    .orderBy('local_day')
    .orderBy('date')
    .orderBy('id')
    .execute();
  // Oldest first: a day's newer entry replaces an older one's mood.
  const moods = new Map<number, Mood>();
  for (const row of rows) if (isMood(row.mood)) moods.set(row.local_day, row.mood);
  return moods;
}

/**
 * Stats in one indexed read of at most 13 rows however many entries the user has: the month's and the year's
 * counts from journal_month, the total and the newest run of days from the profile.
 */
export async function readStats(db: Db, userId: string, today: number): Promise<Stats> {
  const month = monthIndexOfDay(today);
  const january = month - (month % 12);
  const row = await db
    .selectFrom('profile')
    .select((eb) => [
      'entry_count',
      'run_first',
      'run_last',
      eb
        .selectFrom('journal_month')
        .select('entries')
        .where('user_id', '=', userId)
        .where('month', '=', month)
        .as('monthly'),
      eb
        .selectFrom('journal_month')
        .select((sub) => sub.fn.sum<number>('entries').as('entries'))
        .where('user_id', '=', userId)
        .where('month', '>=', january)
        .where('month', '<=', january + 11)
        .as('yearly'),
    ])
    .where('uid', '=', userId)
    .executeTakeFirst();
  if (!row) return { monthlyCount: 0, yearlyCount: 0, totalEntries: 0, streak: 0, newestRun: null };
  const kept = row.run_first === null || row.run_last === null ? undefined : { first: row.run_first, last: row.run_last };
  // Entries dated after the reader's today (their calendar moved back): the run that counts is the one up to today.
  const run = kept && kept.last > today ? await findRun(db, userId, today) : kept;
  return {
    monthlyCount: Number(row.monthly ?? 0),
    yearlyCount: Number(row.yearly ?? 0),
    totalEntries: row.entry_count,
    // docs/product.md §4: the run counts only while it ends today or yesterday.
    streak: run && run.last >= today - 1 ? run.last - run.first + 1 : 0,
    newestRun: run ? { first: dayNumberToKey(run.first), last: dayNumberToKey(run.last) } : null,
  };
}

interface Run {
  first: number;
  last: number;
}

/**
 * The run of consecutive days with an entry that ends on the user's newest day (up to `until`, when given). It walks
 * the run day by day, so it is kept for the rare changes that are not at the run's newest end.
 */
async function findRun(db: Db, userId: string, until?: number): Promise<Run | undefined> {
  const newest = await db
    .selectFrom('journal_day')
    .select('day')
    .where('user_id', '=', userId)
    .$if(until !== undefined, (query) => query.where('day', '<=', until as number))
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return undefined;
  // The first day of the run that ends on the newest day: the latest day whose day before has no entry.
  const start = await db
    .selectFrom('journal_day as d')
    .select('d.day')
    .where('d.user_id', '=', userId)
    .where('d.day', '<=', newest.day)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('journal_day as p')
            .select('p.day')
            .whereRef('p.user_id', '=', 'd.user_id')
            .where((eb) => eb('p.day', '=', eb('d.day', '-', 1))),
        ),
      ),
    )
    .orderBy('d.day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { first: start?.day ?? newest.day, last: newest.day };
}

/** Recounts the user's newest run of days by walking it, for the changes that cannot be worked out from the run. */
async function refreshRun(trx: Transaction<Database>, userId: string): Promise<void> {
  await setRun(trx, userId, await findRun(trx, userId));
}

async function setRun(trx: Transaction<Database>, userId: string, run: Run | undefined) {
  await trx
    .updateTable('profile')
    .set({ run_first: run?.first ?? null, run_last: run?.last ?? null })
    .where('uid', '=', userId)
    .execute();
}

/** The user's entries of these ids (a page's, at most MAX_PAGE_SIZE), in no order; another's ids find nothing. */
export async function findEntriesByIds(db: Db, userId: string, ids: readonly string[]): Promise<JournalEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('journal_entry').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  return rows.map(toEntry);
}
