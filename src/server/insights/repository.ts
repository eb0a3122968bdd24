import type { Kysely } from 'kysely';
import type { WordCount } from '../../shared/insights';
import type { Database } from '../db/schema';

/** A range of day numbers, both ends included. */
export interface DayRange {
  firstDay: number;
  lastDay: number;
}

/** A written day: its entries, and the moods of those that have one added up and counted. */
export interface WrittenDay {
  day: number;
  entries: number;
  mood_sum: number;
  mood_count: number;
}

/**
 * The days of the writer's journal with an entry (of a range, when given), oldest first: one journal_day row per
 * day, read along its key, so a journal of years is a few hundred rows a year however many entries a day holds.
 */
export function writtenDays(db: Kysely<Database>, userId: string, range?: DayRange): Promise<WrittenDay[]> {
  return db
    .selectFrom('journal_day')
    .select(['day', 'entries', 'mood_sum', 'mood_count'])
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

/**
 * The entries of a period (insights/hours.ts: 0 the whole journal, YYYY a year) per hour of the writer's clock
 * written at, -1 for a time not known: at most 25 journal_hour rows, one range of its key.
 */
export function hourCounts(db: Kysely<Database>, userId: string, period: number): Promise<{ hour: number; entries: number }[]> {
  return db
    .selectFrom('journal_hour')
    .select(['hour', 'entries'])
    .where('user_id', '=', userId)
    .where('period', '=', period)
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

/** Words read at a time, most frequent first, until enough of them are not stop words. */
const WORD_PAGE = 100;

/**
 * The words of the writer's entries in a period (word-counts.ts: 0 the whole journal, YYYY a year, YYYYMM a month),
 * from the counts every write keeps (decision 038): the first rows of the period's range of journal_word's top
 * index, most frequent first, a page at a time until `limit` of them may be listed (`keep`: stop words are left out
 * here, so that the list of them can change without a recount), and the period's one journal_word_total row.
 */
export async function wordStatistics(
  db: Kysely<Database>,
  userId: string,
  period: number,
  keep: (word: string) => boolean,
  limit: number,
): Promise<WordStatistics> {
  const words: WordCount[] = [];
  let after: WordCount | undefined;
  while (words.length < limit) {
    const last = after;
    const rows = await db
      .selectFrom('journal_word')
      .select(['word', 'entries'])
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .$if(last !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('entries', '<', last?.entries ?? 0),
            eb.and([eb('entries', '=', last?.entries ?? 0), eb('word', '>', last?.word ?? '')]),
          ]),
        ),
      )
      .orderBy('entries', 'desc')
      .orderBy('word')
      .limit(WORD_PAGE)
      .execute();
    for (const row of rows) if (words.length < limit && keep(row.word)) words.push({ word: row.word, entries: Number(row.entries) });
    if (rows.length < WORD_PAGE) break;
    after = rows.at(-1);
  }
  const total = await db
    .selectFrom('journal_word_total')
    .select('words')
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .executeTakeFirst();
  return { words, total: Number(total?.words ?? 0) };
}
