import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { WordCount } from '../../shared/insights';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';

/** A range of day numbers, both ends included. */
export interface DayRange {
  firstDay: number;
  lastDay: number;
}

/**
 * The days of the writer's journal with an entry (of a range, when given), oldest first: one journal_day row per
 * day, read along its key, so a journal of years is a few hundred rows a year however many entries a day holds.
 */
export function writtenDays(
  db: Kysely<Database>,
  userId: string,
  range?: DayRange,
): Promise<{ day: number; entries: number }[]> {
  return db
    .selectFrom('journal_day')
    .select(['day', 'entries'])
    .where('user_id', '=', userId)
    .where('entries', '>', 0)
    .$if(range !== undefined, (query) =>
      query.where('day', '>=', range?.firstDay ?? 0).where('day', '<=', range?.lastDay ?? 0),
    )
    .orderBy('day')
    .execute();
}

/** Entries per month (year * 12 + month) from `first` to `last`: at most twelve journal_month rows a year. */
export function monthCounts(db: Kysely<Database>, userId: string, first: number, last: number) {
  return db
    .selectFrom('journal_month')
    .select(['month', 'entries'])
    .where('user_id', '=', userId)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
}

/** When and how each entry of a range was written: its day, time, offset and mood, never its text. */
export interface EntryFacts {
  local_day: number;
  date: string;
  utc_offset: number | null;
  time_unknown: number | null;
  mood: number | null;
}

/** The facts of the writer's entries in a range, along the entries' (user, day) index. */
export function entryFacts(db: Kysely<Database>, userId: string, range: DayRange): Promise<EntryFacts[]> {
  return db
    .selectFrom('journal_entry')
    .select(['local_day', 'date', 'utc_offset', 'time_unknown', 'mood'])
    .where('user_id', '=', userId)
    .where('local_day', '>=', range.firstDay)
    .where('local_day', '<=', range.lastDay)
    .execute();
}

/** The journal's first entry: the first day's key row, then that day's first entry. */
export async function firstEntry(db: Kysely<Database>, userId: string): Promise<{ day: number; id: string } | undefined> {
  const first = await db
    .selectFrom('journal_day')
    .select('day')
    .where('user_id', '=', userId)
    .where('entries', '>', 0)
    .orderBy('day')
    .limit(1)
    .executeTakeFirst();
  if (!first) return undefined;
  const entry = await db
    .selectFrom('journal_entry')
    .select('id')
    .where('user_id', '=', userId)
    .where('local_day', '=', first.day)
    .orderBy('date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return entry && { day: first.day, id: entry.id };
}

/** The month whose monthly look back the writer dismissed, if any. */
export async function dismissedMonth(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('profile')
    .select('month_look_back_dismissed')
    .where('uid', '=', userId)
    .executeTakeFirst();
  return row?.month_look_back_dismissed ?? null;
}

export async function dismissMonth(db: Kysely<Database>, userId: string, month: number): Promise<void> {
  await db.updateTable('profile').set({ month_look_back_dismissed: month }).where('uid', '=', userId).execute();
}

/** The word statistics of a period: the gratitude answers' most frequent words, and all four answers' word count. */
export interface WordStatistics {
  /** Most frequent first (entries containing the word), as many as asked for. */
  words: WordCount[];
  total: number;
}

/** Rows of texts copied into SQLite's counting index at a time, so that a long journal is never held whole. */
const TEXT_BATCH = 1000;

/** Words read from the statistics before stop words are left out: enough that the most frequent remain. */
const CANDIDATE_WORDS = 400;

/**
 * The words of the writer's entries in a range, from each database's own text statistics, read only from the
 * writer's rows; `keep` says which words may be listed (stop words are left out), `limit` how many.
 *
 * PostgreSQL: `ts_stat` over the writer's rows of the search index (migration 011), whose words are already folded
 * as a search folds them and weighted by prompt (A: gratitude), read through the writer's entries of the range.
 *
 * SQLite: the search index keeps neither which prompt a word is in nor how often (detail=none), and its vocabulary
 * table spans everyone's rows. So the writer's texts of the range are copied, a batch at a time, into FTS5 indexes in
 * memory with the same tokenizer as search's: the vocabulary table (`fts5vocab`) of the gratitudes' counts the entries
 * holding each word, and each index's own token totals count the words written. That memory database is a connection
 * of its own, opened and closed around the count, apart from the journal's.
 */
export async function wordStatistics(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  range: DayRange,
  keep: (word: string) => boolean,
  limit: number,
): Promise<WordStatistics> {
  if (dialect === 'postgres') return postgresWords(db, userId, range, keep, limit);
  return sqliteWords(db, userId, range, keep, limit);
}

async function postgresWords(
  db: Kysely<Database>,
  userId: string,
  range: DayRange,
  keep: (word: string) => boolean,
  limit: number,
): Promise<WordStatistics> {
  // ts_stat runs a query given as text; format() quotes the user id as a literal and the days are integers.
  const vectors = sql`format(
    'select s.vector from journal_entry e join search_entry s on s.entry_id = e.id where e.user_id = %L and e.local_day between %s and %s',
    ${userId}::text, ${range.firstDay}::integer, ${range.lastDay}::integer)`;
  const [{ rows: gratitude }, { rows: all }] = [
    await sql<{ word: string; entries: string | number }>`
      select substr(word, strpos(word, '_') + 1) as word, ndoc as entries
      from ts_stat(${vectors}, 'A')
      order by ndoc desc, word
      limit ${CANDIDATE_WORDS}`.execute(db),
    await sql<{ total: string | number | null }>`select sum(nentry) as total from ts_stat(${vectors})`.execute(db),
  ];
  const words = gratitude
    .map((row) => ({ word: row.word, entries: Number(row.entries) }))
    .filter((row) => keep(row.word))
    .slice(0, limit);
  return { words, total: Number(all[0]?.total ?? 0) };
}

/** The varints of an FTS5 record, which SQLite writes most significant group first, nine bytes at most. */
function sqliteVarints(record: Uint8Array): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < record.length) {
    let value = 0;
    for (let byte = 0; at < record.length; byte += 1) {
      const next = record[at] ?? 0;
      at += 1;
      if (byte === 8) {
        value = value * 256 + next;
        break;
      }
      value = value * 128 + (next & 0x7f);
      if ((next & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/**
 * The words an FTS5 table holds in all, from its "averages" record (row 1 of its %_data table: the number of rows,
 * then the tokens of each column), the totals its own ranking (bm25) reads.
 */
function tokensHeld(counter: SQLite.Database, table: string): number {
  const row = counter.prepare(`select block from ${table}_data where id = 1`).get() as { block: Uint8Array } | undefined;
  const [, ...columns] = row ? sqliteVarints(row.block) : [];
  return columns.reduce((sum, tokens) => sum + tokens, 0);
}

async function sqliteWords(
  db: Kysely<Database>,
  userId: string,
  range: DayRange,
  keep: (word: string) => boolean,
  limit: number,
): Promise<WordStatistics> {
  const counter = new SQLite(':memory:');
  try {
    // Two indexes that keep no text and no positions (detail=none): the gratitudes, whose vocabulary table counts the
    // entries that hold each word, and the other three answers, counted only in all.
    const tokenize = `tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"`;
    counter.exec(`
      create virtual table gratitudes using fts5(gratitude, content='', detail=none, ${tokenize});
      create virtual table answers using fts5(answer, content='', detail=none, ${tokenize});
      create virtual table vocabulary using fts5vocab(gratitudes, 'row');`);
    const gratitude = counter.prepare('insert into gratitudes (gratitude) values (?)');
    const others = counter.prepare('insert into answers (answer) values (?)');
    let after: { day: number; id: string } | undefined;
    for (;;) {
      const rows = await db
        .selectFrom('journal_entry')
        .select(['local_day', 'id', 'gratitude', 'celebration', 'manifestation', 'memory'])
        .where('user_id', '=', userId)
        .where('local_day', '>=', range.firstDay)
        .where('local_day', '<=', range.lastDay)
        .$if(after !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('local_day', '>', after?.day ?? 0),
              eb.and([eb('local_day', '=', after?.day ?? 0), eb('id', '>', after?.id ?? '')]),
            ]),
          ),
        )
        .orderBy('local_day')
        .orderBy('id')
        .limit(TEXT_BATCH)
        .execute();
      counter.transaction(() => {
        for (const row of rows) {
          gratitude.run(row.gratitude);
          // A line break between answers, so that no word runs from one into the next.
          others.run(`${row.celebration}\n${row.manifestation}\n${row.memory}`);
        }
      })();
      const last = rows.at(-1);
      if (!last || rows.length < TEXT_BATCH) break;
      after = { day: last.local_day, id: last.id };
    }
    const candidates = counter
      .prepare('select term as word, doc as entries from vocabulary order by doc desc, term limit ?')
      .all(CANDIDATE_WORDS) as WordCount[];
    return {
      words: candidates.filter((row) => keep(row.word)).slice(0, limit),
      total: tokensHeld(counter, 'gratitudes') + tokensHeld(counter, 'answers'),
    };
  } finally {
    counter.close();
  }
}
