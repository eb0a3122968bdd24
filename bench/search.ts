import { statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type RunningServer, startServer } from '../e2e/support/server';
import { dayKeyToNumber, dayNumberToKey, localDayKey } from '../src/shared/dates';
import { newEntryId } from '../src/shared/entry-id';
import { between, prose, random } from './data';
import { inTransactions, latencies, seedDatabase, signedInUser, spreadOverDays } from './support';

/** The searcher's journal: 10,000 entries, about seven a day over four years, ending yesterday. */
const MY_ENTRIES = 10_000;
const DAYS = 1_461;
/** Everybody else: 100 people with 10,000 entries each, written the same way. */
const OTHER_PEOPLE = 100;
const OTHER_ENTRIES = 10_000;
/** Rows per INSERT statement and per transaction while seeding. */
const ROWS_PER_STATEMENT = 100;
const ROWS_PER_TRANSACTION = 10_000;
/** Sequential requests per measure, after a warm-up of a fifth as many. */
export const SEARCH_REQUESTS = 300;

/** Words that only some entries hold: one entry in two hundred has each. */
const RARE = ['lighthouse', 'harmonica', 'origami', 'volcano', 'telescope'];

/** The searches measured: one word each (a begun one for grat), in both orders, and one the index cannot narrow. */
const SEARCHES = [
  { label: 'a rare word, in 1 entry in 200 (lighthouse)', query: 'q=lighthouse' },
  { label: 'a common word, in about 2 entries in 5 (kindness)', query: 'q=kindness' },
  { label: 'a begun word (grat, for grateful)', query: 'q=grat' },
  { label: 'the common word, best match first (every match ranked)', query: 'q=kindness&order=best' },
  { label: 'Chinese (感恩), which no entry holds: the journal read entry by entry', query: `q=${encodeURIComponent('感恩')}` },
] as const;

type EntryRow = [string, string, string, number, string, string, string, string, string, number];

/**
 * Entries of one writer as the export benchmark writes them (three prompts of 100 to 300 characters and a memory on
 * one in five), and now and then a sentence with a rare word: `count` of them over DAYS days ending yesterday.
 */
export function* journalRows(userId: string, count: number, seed: number): Generator<EntryRow> {
  const rand = random(seed);
  for (let i = 0; i < count; i += 1) {
    const { day, at } = spreadOverDays(rand, i, count, DAYS);
    const rare = RARE.filter(() => rand() < 0.005).map((word) => `The ${word} again.`);
    const gratitude = [prose(rand, between(rand, 100, 300)), ...rare].join(' ');
    const memory = rand() < 0.2 ? prose(rand, between(rand, 100, 300)) : '';
    yield [newEntryId(), userId, at, day, gratitude, prose(rand, between(rand, 100, 300)), prose(rand, between(rand, 100, 300)), memory, at, 60];
  }
}

/**
 * Writes journals straight into the database file with multi-row INSERTs (the server is stopped meanwhile), each
 * row through the search index's triggers as the app's own writes go. Only journal_entry is written: the day list
 * and search read nothing else. Returns the seconds it took.
 */
export function seed(dataDir: string, writers: { userId: string; count: number; seed: number }[], people: string[] = []): number {
  return seedDatabase(dataDir, people, (db) => {
    const columns = '(id, user_id, date, local_day, gratitude, celebration, manifestation, memory, updated_at, utc_offset)';
    const row = `(${Array.from({ length: 10 }, () => '?').join(', ')})`;
    const insert = db.prepare(`insert into journal_entry ${columns} values ${Array.from({ length: ROWS_PER_STATEMENT }, () => row).join(', ')}`);
    const insertOne = db.prepare(`insert into journal_entry ${columns} values ${row}`);
    for (const writer of writers) {
      inTransactions(db, journalRows(writer.userId, writer.count, writer.seed), ROWS_PER_TRANSACTION, (batch) => {
        let at = 0;
        for (; at + ROWS_PER_STATEMENT <= batch.length; at += ROWS_PER_STATEMENT) insert.run(batch.slice(at, at + ROWS_PER_STATEMENT).flat());
        for (const one of batch.slice(at)) insertOne.run(one);
      });
    }
  });
}

/** The search index's share of the database file: its tables and their indexes, in MB. */
function indexSizes(dataDir: string): { indexMb: number; fileMb: number } {
  const path = join(dataDir, 'journal.db');
  const db = new SQLite(path, { readonly: true });
  const row = db
    .prepare("select sum(pgsize) as bytes from dbstat where name like 'search_%' or name like 'sqlite_autoindex_search_%'")
    .get() as { bytes: number };
  db.close();
  return { indexMb: Math.round(row.bytes / 1e5) / 10, fileMb: Math.round(statSync(path).size / 1e5) / 10 };
}

export interface SearchMeasure {
  label: string;
  query: string;
  results: number;
  p50: number;
  p99: number;
}

export interface SearchRound {
  others: number;
  dayList: { entries: number; p50: number; p99: number };
  searches: SearchMeasure[];
  indexMb: number;
  fileMb: number;
}

export interface SearchBench {
  mine: number;
  seedMineSeconds: number;
  seedOthersSeconds: number;
  rounds: SearchRound[];
}

/** The day list (uncached) and each search, in turns, REQUESTS times each after a warm-up. */
async function measure(server: RunningServer, cookie: string, others: number, dataDir: string): Promise<SearchRound> {
  const day = dayNumberToKey(dayKeyToNumber(localDayKey(new Date())) - 2);
  const dayUrl = `${server.url}/api/entries?day=${day}`;
  const dayEntries = ((await (await fetch(dayUrl, { headers: { cookie } })).json()) as { entries: unknown[] }).entries.length;
  const targets = [{ url: dayUrl, cookie }, ...SEARCHES.map((search) => ({ url: `${server.url}/api/search?${search.query}`, cookie }))];
  const counts: number[] = [];
  for (const search of SEARCHES) {
    const res = await fetch(`${server.url}/api/search?${search.query}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`search ${search.query} answered ${res.status}`);
    counts.push(((await res.json()) as { results: unknown[] }).results.length);
  }
  await latencies(targets, SEARCH_REQUESTS / 5);
  const [dayList, ...searches] = await latencies(targets, SEARCH_REQUESTS);
  if (!dayList) throw new Error('no day list latencies');
  return {
    others,
    dayList: { entries: dayEntries, ...dayList },
    searches: SEARCHES.map((search, index) => ({
      ...search,
      results: counts[index] ?? 0,
      p50: searches[index]?.p50 ?? 0,
      p99: searches[index]?.p99 ?? 0,
    })),
    ...indexSizes(dataDir),
  };
}

/**
 * `npm run bench -- search`: one person's search in a journal of 10,000 entries, first alone in the database, then
 * among 1,000,000 entries of 100 other people, against the day list with the answer cache off on the same server.
 */
export async function benchSearch(): Promise<SearchBench> {
  const env = { READ_CACHE_MB: '0' };
  let server = await startServer(env);
  const dataDir = server.dataDir;
  const { cookie, userId } = await signedInUser(server, 'searcher@bench.test');
  await server.stop({ keepData: true });
  const seedMineSeconds = seed(dataDir, [{ userId, count: MY_ENTRIES, seed: 1 }]);
  const rounds: SearchRound[] = [];
  try {
    server = await startServer(env, { dataDir });
    rounds.push(await measure(server, cookie, 0, dataDir));
    await server.stop({ keepData: true });

    const people = Array.from({ length: OTHER_PEOPLE }, (_, i) => `bench-other-${String(i).padStart(3, '0')}`);
    const seedOthersSeconds = seed(
      dataDir,
      people.map((id, i) => ({ userId: id, count: OTHER_ENTRIES, seed: 100 + i })),
      people,
    );
    server = await startServer(env, { dataDir });
    rounds.push(await measure(server, cookie, OTHER_PEOPLE * OTHER_ENTRIES, dataDir));
    return { mine: MY_ENTRIES, seedMineSeconds, seedOthersSeconds, rounds };
  } finally {
    await server.stop();
  }
}
