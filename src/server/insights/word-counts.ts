import SQLite from 'better-sqlite3';
import { sql, SqliteAdapter, type Transaction } from 'kysely';
import { readAnswers } from '../../shared/prompts';
import { PreparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';

/**
 * The word counts Insights and the monthly look back read (decision 038, migration 026), kept in step with the
 * entries by every write of an entry's texts, in the write's own transaction.
 *
 * Per writer and period, `journal_word` holds how many entries' gratitude answers hold each word, and
 * `journal_word_total` how many words the period's four answers hold in all. A period is the whole journal (0), a year
 * (the year, 1900 to 9999) or a month (year * 100 + month, 190001 to 999912): every entry counts in three.
 *
 * Words are what the SQLite search index makes of a text (migration 011), on both databases: runs of letters, digits
 * and marks in any script, lower case, Latin letters without their accents. The tokenizer is SQLite's own, run in an
 * FTS5 table of a memory database of this process's, apart from the journal's (so PostgreSQL's journals count their
 * words exactly as SQLite's do).
 */

/** The whole journal's period. */
export const WHOLE_JOURNAL = 0;

/** A year's period: the year itself. */
export const yearPeriod = (year: number): number => year;

/** A month's period (month 1 to 12): YYYYMM as a number. */
export const monthPeriod = (year: number, month: number): number => year * 100 + month;

/** The three periods an entry of `day` (a day number) counts in: the whole journal, its year and its month. */
export function periodsOfDay(day: number): [number, number, number] {
  const date = new Date(day * 86_400_000);
  const year = date.getUTCFullYear();
  return [WHOLE_JOURNAL, yearPeriod(year), monthPeriod(year, date.getUTCMonth() + 1)];
}

/** The tokenizer of the search index (migration 011), whose words are the ones counted. */
export const WORD_TOKENIZER = `unicode61 remove_diacritics 2 categories 'L* N* Co M*'`;

/** An entry's texts as journal_entry holds them, and its day. */
export interface EntryTexts {
  local_day: number;
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
  prompt_answers: string | null;
}

/** What an entry gives its periods: the distinct words of its gratitude answer, and the words of its four answers. */
export interface EntryWords {
  gratitude: string[];
  written: number;
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

interface Tokenizer {
  insert: SQLite.Statement;
  gratitudeWords: SQLite.Statement;
  sizes: SQLite.Statement;
  clear: SQLite.Statement;
  transaction: (texts: readonly { gratitude: string; others: string }[]) => EntryWords[];
}

let tokenizer: Tokenizer | undefined;

/**
 * The memory database that words are counted in, opened once per process: an FTS5 table with the search index's
 * tokenizer that keeps no text (content='') and which column each word is in (detail=col), its vocabulary table
 * ('instance': one row per word, entry and column), and its %_docsize table, the words of each column of each row.
 */
function counter(): Tokenizer {
  if (tokenizer) return tokenizer;
  const db = new SQLite(':memory:');
  db.exec(`
    create virtual table words using fts5(gratitude, others, content='', detail=col, tokenize="${WORD_TOKENIZER}");
    create virtual table words_instance using fts5vocab(words, 'instance');`);
  const insert = db.prepare('insert into words (rowid, gratitude, others) values (?, ?, ?)');
  const gratitudeWords = db.prepare(`select doc, term from words_instance where col = 'gratitude'`).raw();
  const sizes = db.prepare('select id, sz from words_docsize').raw();
  const clear = db.prepare(`insert into words (words) values ('delete-all')`);
  const transaction = db.transaction((texts: readonly { gratitude: string; others: string }[]) => {
    texts.forEach((text, n) => insert.run(n + 1, text.gratitude, text.others));
    const counted: EntryWords[] = texts.map(() => ({ gratitude: [], written: 0 }));
    for (const [doc, term] of gratitudeWords.iterate() as Iterable<[number, string]>) counted[doc - 1]?.gratitude.push(term);
    for (const [id, size] of sizes.iterate() as Iterable<[number, Uint8Array]>) {
      const entry = counted[id - 1];
      if (entry) entry.written = sqliteVarints(size).reduce((sum, words) => sum + words, 0);
    }
    clear.run();
    return counted;
  });
  tokenizer = { insert, gratitudeWords, sizes, clear, transaction };
  return tokenizer;
}

/** The answers to an entry's own prompts, one a line, as the search index takes them in the place of its memory. */
function answersText(stored: string | null): string | null {
  if (stored === null) return null;
  try {
    return readAnswers(JSON.parse(stored))?.map((item) => item.answer).join('\n') ?? null;
  } catch {
    return null;
  }
}

/** Texts counted at a time, so that an import's or a migration's batch never holds a large memory index. */
const COUNT_BATCH = 500;

/**
 * The words of each entry, in order: its gratitude answer's distinct words, and the number of words of its four
 * answers (the answers to its own prompts, when it has them, in the place of its memory, as search takes them).
 */
export function wordsOfEntries(entries: readonly EntryTexts[]): EntryWords[] {
  const { transaction } = counter();
  const counted: EntryWords[] = [];
  for (let at = 0; at < entries.length; at += COUNT_BATCH) {
    const texts = entries.slice(at, at + COUNT_BATCH).map((entry) => ({
      gratitude: entry.gratitude,
      // A line break between answers, so that no word runs from one into the next.
      others: `${entry.celebration}\n${entry.manifestation}\n${answersText(entry.prompt_answers) ?? entry.memory}`,
    }));
    counted.push(...transaction(texts));
  }
  return counted;
}

/**
 * Changes to one writer's word counts, gathered over a transaction's writes and kept at its end (`keep`): an entry
 * added counts its words in, one removed counts them out, an edit does both, and only the counts that moved are
 * written. An import gathers a whole transaction's entries, whose words are counted in batches.
 */
export class WordChanges {
  private readonly pending: { entry: EntryTexts; sign: 1 | -1 }[] = [];

  add(entry: EntryTexts): void {
    this.pending.push({ entry, sign: 1 });
  }

  remove(entry: EntryTexts): void {
    this.pending.push({ entry, sign: -1 });
  }

  /** The net change of each period's words (period, word, change) and totals (period, change), none of them 0. */
  deltas(): { words: [number, string, number][]; totals: [number, number][] } {
    const counted = wordsOfEntries(this.pending.map((change) => change.entry));
    const words = new Map<number, Map<string, number>>();
    const totals = new Map<number, number>();
    this.pending.forEach(({ entry, sign }, n) => {
      const { gratitude, written } = counted[n] ?? { gratitude: [], written: 0 };
      for (const period of periodsOfDay(entry.local_day)) {
        totals.set(period, (totals.get(period) ?? 0) + sign * written);
        let own = words.get(period);
        if (!own) words.set(period, (own = new Map()));
        for (const word of gratitude) own.set(word, (own.get(word) ?? 0) + sign);
      }
    });
    return {
      words: [...words].flatMap(([period, own]) =>
        [...own].filter(([, change]) => change !== 0).map(([word, change]): [number, string, number] => [period, word, change]),
      ),
      totals: [...totals].filter(([, change]) => change !== 0),
    };
  }

  /** Writes the changes in the transaction they were gathered in, and forgets them. */
  async keep(trx: Transaction<Database>, userId: string): Promise<void> {
    if (this.pending.length === 0) return;
    const { words, totals } = this.deltas();
    this.pending.length = 0;
    await keepWordCounts(trx, userId, words, totals);
  }
}

/**
 * A query for SQLite or PostgreSQL over rows given as one JSON array, so that a write of any number of rows is one
 * statement, prepared once (db/prepared.ts).
 */
function overJson<Args extends Record<string, unknown>>(
  build: (sqlite: boolean, arg: (name: keyof Args & string) => never) => ReturnType<typeof sql>,
) {
  return new PreparedQuery<Args, never>((db, arg) => {
    const query = build(db.getExecutor().adapter instanceof SqliteAdapter, arg);
    return { compile: () => query.compile(db) } as never;
  });
}

/** Each element of a JSON array parameter, as `item`, with SQL for its n-th member as text or as an integer. */
const elements = (sqlite: boolean, rows: unknown) =>
  sqlite ? sql`json_each(${rows})` : sql`json_array_elements(cast(${rows} as json)) as item`;
const member = (sqlite: boolean, n: number, type: 'text' | 'integer') =>
  sqlite ? sql.raw(`json_extract(value, '$[${n}]')`) : sql.raw(`cast(item ->> ${n} as ${type})`);

const addWords = overJson<{ userId: string; rows: string }>(
  (sqlite, arg) => sql`
    insert into journal_word (user_id, period, word, entries)
    select ${arg('userId')}, ${member(sqlite, 0, 'integer')}, ${member(sqlite, 1, 'text')}, ${member(sqlite, 2, 'integer')}
    from ${elements(sqlite, arg('rows'))} where true
    on conflict (user_id, period, word) do update set entries = journal_word.entries + excluded.entries`,
);

const addTotals = overJson<{ userId: string; rows: string }>(
  (sqlite, arg) => sql`
    insert into journal_word_total (user_id, period, words)
    select ${arg('userId')}, ${member(sqlite, 0, 'integer')}, ${member(sqlite, 1, 'integer')}
    from ${elements(sqlite, arg('rows'))} where true
    on conflict (user_id, period) do update set words = journal_word_total.words + excluded.words`,
);

/** The rows of periods whose counts went down that reached 0: the end of each period's range of the top index. */
const dropEmptyWords = overJson<{ userId: string; periods: string }>(
  (sqlite, arg) => sql`
    delete from journal_word
    where user_id = ${arg('userId')} and entries <= 0
      and period in (select ${member(sqlite, 0, 'integer')} from ${elements(sqlite, arg('periods'))})`,
);

const dropEmptyTotals = overJson<{ userId: string; periods: string }>(
  (sqlite, arg) => sql`
    delete from journal_word_total
    where user_id = ${arg('userId')} and words <= 0
      and period in (select ${member(sqlite, 0, 'integer')} from ${elements(sqlite, arg('periods'))})`,
);

/**
 * Adds the changes to the writer's counts, and removes the counts they bring to 0. Called after the write has
 * updated the writer's profile row (its count and journal version), which on PostgreSQL holds that row locked until
 * the commit: one writer's word counts are written by one transaction at a time, in whatever order.
 */
export async function keepWordCounts(
  trx: Transaction<Database>,
  userId: string,
  words: readonly [number, string, number][],
  totals: readonly [number, number][],
): Promise<void> {
  if (words.length > 0) await addWords.run(trx, { userId, rows: JSON.stringify(words) });
  if (totals.length > 0) await addTotals.run(trx, { userId, rows: JSON.stringify(totals) });
  const lowered = [...new Set(words.filter(([, , change]) => change < 0).map(([period]) => period))];
  if (lowered.length > 0) await dropEmptyWords.run(trx, { userId, periods: JSON.stringify(lowered.map((period) => [period])) });
  const loweredTotals = totals.filter(([, change]) => change < 0).map(([period]) => [period]);
  if (loweredTotals.length > 0) await dropEmptyTotals.run(trx, { userId, periods: JSON.stringify(loweredTotals) });
}
