import { type RunningServer, startServer } from '../e2e/support/server';
import { dayKeyToNumber, dayNumberToKey, localDayKey } from '../src/shared/dates';
import { newEntryId } from '../src/shared/entry-id';
import { between, prose, random } from './data';
import { inTransactions, latencies, seedDatabase, signedInUser, spreadOverDays } from './support';

/** The writer's journal: 10,000 entries, about seven a day over four years, ending yesterday. */
const MY_ENTRIES = 10_000;
const DAYS = 1_461;
/** Everybody else: 100 people with 10,000 entries each by default, tagged the same way; BENCH_TAGS_OTHERS sets it. */
const OTHER_PEOPLE = 100;
const OTHER_ENTRIES = Math.max(1, Math.round(Number(process.env.BENCH_TAGS_OTHERS ?? 1_000_000) / OTHER_PEOPLE));
/** Rows per transaction while seeding. */
const ROWS_PER_TRANSACTION = 10_000;
/** Sequential requests per measure, after a warm-up of a fifth as many. */
export const TAG_REQUESTS = 300;

/**
 * The tags every journal uses, with how often: `family` on one entry in five (about 2,000 of the writer's), down to
 * `volcano` on one in five hundred. Everyone else uses the same ones: the index holds the same names for everyone.
 */
const TAGS: [string, number][] = [
  ['family', 0.2],
  ['work', 0.15],
  ['friends', 0.1],
  ['health', 0.05],
  ['travel', 0.02],
  ['volcano', 0.002],
];

/** The reads measured against the uncached day list. */
const READS = [
  { label: 'a common tag (family, 1 entry in 5), first page', query: 'tag=family' },
  { label: 'the common tag, a page deep in the journal', query: 'tag=family', deep: true },
  { label: 'a rare tag (volcano, 1 entry in 500), first page', query: 'tag=volcano' },
  { label: 'search for #family, first page', search: 'q=%23family' },
] as const;

type Read = (typeof READS)[number];

interface Row {
  entry: (string | number | null)[];
  tags: string[];
}

/** Entries of one writer: three prompts of 100 to 300 characters, and their tags, as typed `#words` in the gratitude. */
function* journalRows(userId: string, count: number, seed: number): Generator<Row> {
  const rand = random(seed);
  for (let i = 0; i < count; i += 1) {
    const { day, at } = spreadOverDays(rand, i, count, DAYS);
    const tags = TAGS.filter(([, share]) => rand() < share).map(([tag]) => tag);
    const gratitude = [prose(rand, between(rand, 100, 300)), ...tags.map((tag) => `#${tag}`)].join(' ');
    yield {
      entry: [newEntryId(), userId, at, day, gratitude, prose(rand, between(rand, 100, 300)), prose(rand, between(rand, 100, 300)), '', at, 60, tags.length ? tags.join(' ') : null],
      tags,
    };
  }
}

/**
 * Writes journals straight into the database file (the server is stopped meanwhile): each entry with its tags
 * column and its entry_tag rows, as the app's own writes leave them, through the search index's triggers. Returns the
 * seconds it took.
 */
function seed(dataDir: string, writers: { userId: string; count: number; seed: number }[], people: string[] = []): number {
  return seedDatabase(dataDir, people, (db) => {
    const insert = db.prepare(
      'insert into journal_entry (id, user_id, date, local_day, gratitude, celebration, manifestation, memory, updated_at, utc_offset, tags) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertTag = db.prepare('insert into entry_tag (entry_id, user_id, tag, local_day, date) values (?, ?, ?, ?, ?)');
    for (const writer of writers) {
      inTransactions(db, journalRows(writer.userId, writer.count, writer.seed), ROWS_PER_TRANSACTION, (batch) => {
        for (const { entry, tags } of batch) {
          insert.run(entry);
          for (const tag of tags) insertTag.run(entry[0], entry[1], tag, entry[3], entry[2]);
        }
      });
    }
  });
}

export interface TagMeasure {
  label: string;
  results: number;
  p50: number;
  p99: number;
}

export interface TagRound {
  others: number;
  dayList: { entries: number; p50: number; p99: number };
  reads: TagMeasure[];
}

export interface TagBench {
  mine: number;
  seedMineSeconds: number;
  seedOthersSeconds: number;
  rounds: TagRound[];
}

/** The address of a read: a tag's page (the deep one after walking ten pages), or a search. */
async function urlOf(server: RunningServer, cookie: string, read: Read): Promise<string> {
  if ('search' in read) return `${server.url}/api/search?${read.search}`;
  let url = `${server.url}/api/tags/entries?${read.query}`;
  if (!('deep' in read)) return url;
  for (let page = 0; page < 10; page += 1) {
    const { nextCursor } = (await (await fetch(url, { headers: { cookie } })).json()) as { nextCursor: string | null };
    if (!nextCursor) break;
    url = `${server.url}/api/tags/entries?${read.query}&cursor=${nextCursor}`;
  }
  return url;
}

/** The day list (uncached) and each read, in turns, TAG_REQUESTS times each after a warm-up. */
async function measure(server: RunningServer, cookie: string, others: number): Promise<TagRound> {
  const day = dayNumberToKey(dayKeyToNumber(localDayKey(new Date())) - 2);
  const dayUrl = `${server.url}/api/entries?day=${day}`;
  const dayEntries = ((await (await fetch(dayUrl, { headers: { cookie } })).json()) as { entries: unknown[] }).entries.length;
  const urls = await Promise.all(READS.map((read) => urlOf(server, cookie, read)));
  const counts: number[] = [];
  for (const url of urls) {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const body = (await res.json()) as { entries?: unknown[]; results?: unknown[] };
    counts.push((body.entries ?? body.results ?? []).length);
  }
  const targets = [{ url: dayUrl, cookie }, ...urls.map((url) => ({ url, cookie }))];
  await latencies(targets, TAG_REQUESTS / 5);
  const [dayList, ...reads] = await latencies(targets, TAG_REQUESTS);
  if (!dayList) throw new Error('no day list latencies');
  return {
    others,
    dayList: { entries: dayEntries, ...dayList },
    reads: READS.map((read, index) => ({
      label: read.label,
      results: counts[index] ?? 0,
      p50: reads[index]?.p50 ?? 0,
      p99: reads[index]?.p99 ?? 0,
    })),
  };
}

/**
 * `npm run bench -- tags`: a writer's journal of 10,000 entries filtered by a tag, first alone in the database, then
 * among 1,000,000 entries of 100 other people tagged the same way (BENCH_TAGS_OTHERS for fewer), against the day
 * list with the answer cache off on the same server.
 */
export async function benchTags(): Promise<TagBench> {
  const env = { READ_CACHE_MB: '0' };
  let server = await startServer(env);
  const dataDir = server.dataDir;
  const { cookie, userId } = await signedInUser(server, 'tagger@bench.test');
  await server.stop({ keepData: true });
  const seedMineSeconds = seed(dataDir, [{ userId, count: MY_ENTRIES, seed: 1 }]);
  const rounds: TagRound[] = [];
  try {
    server = await startServer(env, { dataDir });
    rounds.push(await measure(server, cookie, 0));
    await server.stop({ keepData: true });

    const people = Array.from({ length: OTHER_PEOPLE }, (_, i) => `bench-other-${String(i).padStart(3, '0')}`);
    const seedOthersSeconds = seed(
      dataDir,
      people.map((id, i) => ({ userId: id, count: OTHER_ENTRIES, seed: 100 + i })),
      people,
    );
    server = await startServer(env, { dataDir });
    rounds.push(await measure(server, cookie, OTHER_PEOPLE * OTHER_ENTRIES));
    return { mine: MY_ENTRIES, seedMineSeconds, seedOthersSeconds, rounds };
  } finally {
    await server.stop();
  }
}
