import { type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { dayKeyToNumber } from '../../shared/dates';
import type { JournalEntry } from '../../shared/entry-schemas';
import { compareNewestFirst, type SearchField, type SearchTerm } from '../../shared/search';
import type { Dialect } from '../db/connect';
import type { Database, JournalEntryTable } from '../db/schema';
import { type EntryCursor, findEntriesByIds, listEntries, toEntry } from '../journal/repository';
import { entryIdsWithTag } from '../journal/tags/repository';
import { postgresTsQuery, sqliteMatch } from './query';

/** Which of a person's entries a search reads: theirs, between two days when given, after a cursor when given. */
export interface CandidateQuery {
  userId: string;
  terms: SearchTerm[];
  prompt: SearchField | undefined;
  firstDay: number | undefined;
  lastDay: number | undefined;
  after: EntryCursor | undefined;
  /** Every match is wanted (best match first ranks them all): the order of the batches does not matter. */
  everything: boolean;
  /** Tags every result has (`#family` in the query), folded. */
  tags: string[];
}

/** How many entries the next batch asks for, given how many batches came before it. */
export type BatchSize = (batch: number) => number;

// The layout of search_text's row ids (migration 011): a person's range, then a day's range within it, newest first.
const OWNER_SPAN = 2 ** 41;
const DAY_SPAN = 2 ** 24;
const DAY_OFFSET = 65_536;
const LAST_DAY_SLOT = 131_071;

/** The first row id of a day, counted from the start of its writer's range. */
function dayStart(day: number): number {
  return (LAST_DAY_SLOT - Math.max(0, Math.min(LAST_DAY_SLOT, day + DAY_OFFSET))) * DAY_SPAN;
}

const dayEnd = (day: number) => dayStart(day) + DAY_SPAN - 1;

/**
 * The entries of a person that may match a search, newest first (their day, then when written, then the id), in
 * batches: every entry that matches is in one of them, and a batch ends with a whole day (when every match is
 * wanted, PostgreSQL gives them in one batch, in no order). The index narrows them
 * down where it can (SQLite's FTS5, PostgreSQL's GIN); otherwise, for searches of one letter or of text in scripts
 * without spaces and emoji only, they are the person's entries, read in the order of the day lists' own index. Either
 * way only this person's entries are read: the cost does not grow with anyone else's journal.
 */
export async function* candidateBatches(
  db: Kysely<Database>,
  dialect: Dialect,
  query: CandidateQuery,
  size: BatchSize,
): AsyncGenerator<JournalEntry[]> {
  // A search of tags alone reads the entries with the first tag along its own index, on either database.
  const [firstTag] = query.tags;
  if (query.terms.length === 0 && firstTag !== undefined) {
    yield* tagBatches(db, query, firstTag, size);
    return;
  }
  if (dialect === 'sqlite') {
    const match = sqliteMatch(query.terms);
    if (match !== undefined) {
      const batches = sqliteBatches(db, query, match, size);
      // An FTS5 query this runtime's SQLite reads differently (a character it does not know as a letter) is refused
      // before the first row: the journal is then read as for any word the index cannot look up.
      let first: IteratorResult<JournalEntry[]>;
      try {
        first = await batches.next();
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('fts5:'))) throw error;
        yield* scanBatches(db, query, size);
        return;
      }
      if (first.done) return;
      yield first.value;
      yield* batches;
      return;
    }
  } else {
    const owner = await db.selectFrom('search_owner').select('owner').where('user_id', '=', query.userId).executeTakeFirst();
    // Nobody has written anything under this account yet.
    if (!owner) return;
    const tsQuery = postgresTsQuery(query.terms, `${owner.owner}_`, query.prompt);
    if (tsQuery !== undefined) {
      yield* postgresBatches(db, query, tsQuery, size);
      return;
    }
  }
  yield* scanBatches(db, query, size);
}

type EntryRow = Selectable<JournalEntryTable>;

/**
 * SQLite: the person's range of search_text's row ids, newest day first, read a batch at a time. A batch that filled
 * its limit is completed with the rest of its last day's matches, so that a batch can be put in exact order.
 */
async function* sqliteBatches(
  db: Kysely<Database>,
  query: CandidateQuery,
  match: string,
  size: BatchSize,
): AsyncGenerator<JournalEntry[]> {
  const { userId } = query;
  const newestDay = Math.min(query.lastDay ?? Infinity, query.after?.localDay ?? Infinity);
  let from = Number.isFinite(newestDay) ? dayStart(newestDay) : 0;
  const to = query.firstDay === undefined ? OWNER_SPAN - 1 : dayEnd(query.firstDay);
  // better-sqlite3 binds a JavaScript number as a REAL, and FTS5 takes a row id bound only from an INTEGER: given a
  // REAL it reads the word's row ids of every writer and leaves the range to SQLite, which costs as much as everyone
  // else's journals (bench/RESULTS.md, "Search"). Hence the casts.
  const read = (low: number, high: number, limit: number | null) =>
    sql<EntryRow>`
      select e.* from search_text f
      join search_doc d on d.doc = f.rowid
      join journal_entry e on e.id = d.entry_id
      where search_text match ${match}
        and f.rowid between (select owner * ${sql.raw(String(OWNER_SPAN))} from search_owner where user_id = ${userId}) + cast(${low} as integer)
                        and (select owner * ${sql.raw(String(OWNER_SPAN))} from search_owner where user_id = ${userId}) + cast(${high} as integer)
        and e.user_id = ${userId}
      order by f.rowid
      limit cast(${limit ?? -1} as integer)`.execute(db);
  for (let batch = 0; from <= to; batch += 1) {
    const limit = size(batch);
    const { rows } = await read(from, to, limit);
    if (rows.length === 0) return;
    let entries = rows;
    const last = rows.at(-1);
    if (rows.length === limit && last) {
      const rest = await read(dayStart(last.local_day), dayEnd(last.local_day), null);
      const seen = new Set(rows.map((row) => row.id));
      entries = [...rows, ...rest.rows.filter((row) => !seen.has(row.id))];
      from = dayEnd(last.local_day) + 1;
    } else {
      from = to + 1;
    }
    yield entries.map(toEntry).sort(compareNewestFirst);
  }
}

/** How many of a person's newest entries PostgreSQL looks through before it asks the GIN index (postgresBatches). */
const RECENT_WINDOW = 200;

/** Whether a key comes after the cursor, newest first, in SQL. */
function afterCursor(cursor: EntryCursor) {
  return (eb: ExpressionBuilder<{ e: JournalEntryTable }, 'e'>) =>
    eb.or([
      eb('e.local_day', '<', cursor.localDay),
      eb.and([eb('e.local_day', '=', cursor.localDay), eb('e.date', '<', cursor.date)]),
      eb.and([eb('e.local_day', '=', cursor.localDay), eb('e.date', '=', cursor.date), eb('e.id', '<', cursor.id)]),
    ]);
}

/**
 * PostgreSQL: the matches of the person's words, newest first. A common word is among the newest entries: those
 * are looked through first, a window at a time by the day lists' index, while that fills the batches. Once a window
 * falls short, the rest come from the GIN index a batch at a time, or all at once when every match is wanted (best match first), in no order. The
 * planner cannot tell a common word of one person from a rare one (every word is begun with its writer's number), so
 * the order of the two is fixed here rather than left to it. Parallel workers are kept out: starting them costs more
 * than a search of one journal, and the planner, counting everyone's rows, calls them in as the database grows.
 */
async function* postgresBatches(
  db: Kysely<Database>,
  query: CandidateQuery,
  tsQuery: string,
  size: BatchSize,
): AsyncGenerator<JournalEntry[]> {
  const matches = sql<boolean>`s.vector @@ cast(${tsQuery} as tsquery)`;
  const inRange = <Q extends SelectQueryBuilder<Database & { e: JournalEntryTable }, 'e', object>>(select: Q, cursor: EntryCursor | undefined): Q => {
    let ranged = select.where('e.user_id', '=', query.userId) as Q;
    if (query.firstDay !== undefined) ranged = ranged.where('e.local_day', '>=', query.firstDay) as Q;
    if (query.lastDay !== undefined) ranged = ranged.where('e.local_day', '<=', query.lastDay) as Q;
    return (cursor ? ranged.where(afterCursor(cursor)) : ranged) as Q;
  };
  const newestFirst = <Q extends SelectQueryBuilder<Database & { e: JournalEntryTable }, 'e', object>>(select: Q): Q =>
    select.orderBy('e.local_day', 'desc').orderBy('e.date', 'desc').orderBy('e.id', 'desc') as Q;
  const read = <T>(run: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
      return run(trx);
    });

  let after = query.after;
  // Newest first, the newest entries are looked through a window at a time while that finds matches.
  let inWindow = !query.everything;
  for (let batch = 0; ; batch += 1) {
    const limit = query.everything ? undefined : size(batch);
    const cursor = after;
    if (inWindow && limit !== undefined) {
      const recent = await read((trx) =>
        newestFirst(inRange(trx.selectFrom('journal_entry as e').select(['e.id', 'e.local_day', 'e.date']), cursor))
          .limit(RECENT_WINDOW)
          .execute(),
      );
      const rows =
        recent.length === 0
          ? []
          : await read((trx) =>
              newestFirst(
                trx
                  .selectFrom('journal_entry as e')
                  .innerJoin('search_entry as s', 's.entry_id', 'e.id')
                  .selectAll('e')
                  .where('e.user_id', '=', query.userId)
                  .where('e.id', 'in', recent.map((row) => row.id))
                  .where(matches),
              )
                .limit(limit)
                .execute(),
            );
      if (rows.length > 0) yield rows.map(toEntry);
      const lastMatch = rows.at(-1);
      const lastRecent = recent.at(-1);
      if (rows.length === limit && lastMatch) {
        after = { localDay: lastMatch.local_day, date: lastMatch.date, id: lastMatch.id };
        continue;
      }
      // Every match of the window is given: the rest of the journal comes from the GIN index.
      if (recent.length < RECENT_WINDOW || !lastRecent) return;
      after = { localDay: lastRecent.local_day, date: lastRecent.date, id: lastRecent.id };
      inWindow = false;
      continue;
    }
    const rows = await read((trx) => {
      const select = inRange(
        trx.selectFrom('search_entry as s').innerJoin('journal_entry as e', 'e.id', 's.entry_id').selectAll('e').where(matches),
        cursor,
      );
      return limit === undefined ? select.execute() : newestFirst(select).limit(limit).execute();
    });
    if (rows.length > 0) yield rows.map(toEntry);
    const last = rows.at(-1);
    if (limit === undefined || rows.length < limit || !last) return;
    after = { localDay: last.local_day, date: last.date, id: last.id };
  }
}

/** The person's entries with a tag, in the range, newest first, along entry_tag's (user, tag, day, …) index. */
async function* tagBatches(
  db: Kysely<Database>,
  query: CandidateQuery,
  tag: string,
  size: BatchSize,
): AsyncGenerator<JournalEntry[]> {
  let after = query.after;
  for (let batch = 0; ; batch += 1) {
    const limit = size(batch);
    const ids = await entryIdsWithTag(db, query.userId, tag, { limit, after, firstDay: query.firstDay, lastDay: query.lastDay });
    const entries = (await findEntriesByIds(db, query.userId, ids)).sort(compareNewestFirst);
    if (entries.length > 0) yield entries;
    const last = entries.at(-1);
    if (ids.length < limit || !last) return;
    after = { localDay: dayKeyToNumber(last.localDate), date: last.date, id: last.id };
  }
}

/** Every entry of the person in the range, newest first, through the day lists' own query and index. */
async function* scanBatches(db: Kysely<Database>, query: CandidateQuery, size: BatchSize): AsyncGenerator<JournalEntry[]> {
  const range = { firstDay: query.firstDay ?? -(2 ** 31), lastDay: query.lastDay ?? 2 ** 31 - 1 };
  let after = query.after;
  for (let batch = 0; ; batch += 1) {
    const limit = size(batch);
    const entries = await listEntries(db, query.userId, range, { limit, after });
    if (entries.length > 0) yield entries;
    const last = entries.at(-1);
    if (entries.length < limit || !last) return;
    after = { localDay: dayKeyToNumber(last.localDate), date: last.date, id: last.id };
  }
}
