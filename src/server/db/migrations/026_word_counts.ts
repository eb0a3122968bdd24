import { type Kysely, sql } from 'kysely';
import { periodsOfDay, wordsOfEntries } from '../../insights/word-counts';
import type { Dialect } from '../connect';
import { entryBatches, inBatches, writersOf } from './fill';

/** The tables this migration reads and writes, with the columns it uses, as they were when it was written. */
interface Db026 {
  journal_entry: {
    id: string;
    user_id: string;
    date: string;
    local_day: number;
    gratitude: string;
    celebration: string;
    manifestation: string;
    memory: string;
    prompt_answers: string | null;
  };
  journal_word: { user_id: string; period: number; word: string; entries: number };
  journal_word_total: { user_id: string; period: number; words: number };
}

/**
 * Word counts for Insights and the monthly look back (decision 038, insights/word-counts.ts): per writer and period
 * (0 the whole journal, YYYY a year, YYYYMM a month), the entries whose gratitude answer holds each word, and the
 * words of the four answers in all; filled here from the entries already stored, and from now on kept by every
 * write of an entry's texts.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // PostgreSQL orders the words by their bytes, as SQLite does and as the app sorts them, whatever the database's
  // locale: the most frequent words are cut at the same place on both.
  const word = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  // On SQLite the key is the table itself (without rowid): a writer's period is one range of it.
  const keyed = dialect === 'sqlite' ? sql`without rowid` : sql``;
  await db.schema
    .createTable('journal_word')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('word', word, (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_word_pk', ['user_id', 'period', 'word'])
    .modifyEnd(keyed)
    .execute();
  // A period's most frequent words first: its top words are the first rows of one range.
  await sql`create index journal_word_top on journal_word (user_id, period, entries desc, word)`.execute(db);
  await db.schema
    .createTable('journal_word_total')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('words', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_word_total_pk', ['user_id', 'period'])
    .modifyEnd(keyed)
    .execute();
  await fillWordCounts(db);
}

/**
 * Counts the words of the entries of every writer (or of `userIds`, whose counts must not exist yet), a writer at
 * a time and their entries a batch at a time, along the entries' (user, day) index. Also used by bench/insights.ts
 * for the journals it writes straight into the database.
 */
export async function fillWordCounts(untyped: Kysely<unknown>, userIds?: readonly string[]): Promise<void> {
  const db = untyped as Kysely<Db026>;
  for (const userId of await writersOf(untyped, userIds)) {
    const words = new Map<string, { period: number; word: string; entries: number }>();
    const totals = new Map<number, number>();
    const columns = ['id', 'date', 'local_day', 'gratitude', 'celebration', 'manifestation', 'memory', 'prompt_answers'] as const;
    for await (const rows of entryBatches<Pick<Db026['journal_entry'], (typeof columns)[number]>>(untyped, userId, columns)) {
      const counted = wordsOfEntries(rows);
      rows.forEach((row, n) => {
        const { gratitude, written } = counted[n] ?? { gratitude: [], written: 0 };
        for (const period of periodsOfDay(row.local_day)) {
          totals.set(period, (totals.get(period) ?? 0) + written);
          for (const word of gratitude) {
            const key = `${period} ${word}`;
            const known = words.get(key);
            if (known) known.entries += 1;
            else words.set(key, { period, word, entries: 1 });
          }
        }
      });
    }
    const wordRows = [...words.values()].map((row) => ({ user_id: userId, ...row }));
    await inBatches(wordRows, (batch) => db.insertInto('journal_word').values(batch).execute());
    const totalRows = [...totals].filter(([, count]) => count > 0).map(([period, count]) => ({ user_id: userId, period, words: count }));
    await inBatches(totalRows, (batch) => db.insertInto('journal_word_total').values(batch).execute());
  }
}
