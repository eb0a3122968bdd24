import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { API_PASSWORD, apiRequest, sessionCookie } from '../e2e/support/api';
import { type RunningServer, startServer } from '../e2e/support/server';
import { fillWordCounts } from '../src/server/db/migrations/026_word_counts';
import { fillInsightFacts } from '../src/server/db/migrations/029_insight_facts';
import { dayKeyToNumber, dayNumberToKey, localDayKey } from '../src/shared/dates';
import { seed } from './search';
import { latencies, signedInUser } from './support';

/** The writer's journal: 10,000 entries, about seven a day over four years, ending yesterday (bench/search.ts). */
const MY_ENTRIES = 10_000;
/** Everybody else: BENCH_INSIGHTS_PEOPLE people (100 unless told) with 10,000 entries each, written the same way. */
const OTHER_PEOPLE = Number(process.env.BENCH_INSIGHTS_PEOPLE ?? 100);
const OTHER_ENTRIES = 10_000;
/** Sequential requests per measure, after a warm-up of a fifth as many. */
export const INSIGHTS_REQUESTS = 200;

/**
 * The server lives on the second day of next month, at noon UTC, so that the monthly look back is offered (and
 * worked out) for this month, whose days the journal fills up to yesterday.
 */
function clockShift(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 12) - now.getTime();
}

/**
 * What the app's writes keep beside each entry and `seed` leaves out: the day and month counts (journal_day,
 * journal_month), which Insights reads; and a mood on two entries in three.
 */
function addCountsAndMoods(dataDir: string, userIds: string[]): void {
  const db = new SQLite(join(dataDir, 'journal.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const month = (column: string) =>
    `cast(strftime('%Y', ${column} * 86400, 'unixepoch') as integer) * 12 + cast(strftime('%m', ${column} * 86400, 'unixepoch') as integer) - 1`;
  const moods = db.prepare(`update journal_entry set mood = (abs(random()) % 5) + 1 where user_id = ? and abs(random()) % 3 <> 0`);
  const days = db.prepare(
    'insert or replace into journal_day (user_id, day, entries) select user_id, local_day, count(*) from journal_entry where user_id = ? group by local_day',
  );
  const months = db.prepare(
    `insert into journal_month (user_id, month, entries) select user_id, ${month('local_day')}, count(*) from journal_entry where user_id = ? group by 2`,
  );
  db.transaction(() => {
    for (const userId of userIds) {
      moods.run(userId);
      days.run(userId);
      months.run(userId);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/**
 * The word counts, the days' moods and the hours written that the app's writes keep (migrations 026 and 029), counted
 * as the migrations count a journal already stored.
 */
async function addKeptCounts(dataDir: string, userIds: string[]): Promise<number> {
  const started = performance.now();
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(join(dataDir, 'journal.db')) }) });
  try {
    await fillWordCounts(db, userIds);
    await fillInsightFacts(db, userIds);
  } finally {
    await db.destroy();
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

export interface InsightsMeasure {
  label: string;
  p50: number;
  p99: number;
}

export interface InsightsRound {
  others: number;
  dayList: { entries: number; p50: number; p99: number };
  measures: InsightsMeasure[];
}

export interface InsightsBench {
  mine: number;
  others: number;
  seedMineSeconds: number;
  /** Seconds the migration's count of the writer's 10,000 entries took. */
  countMineSeconds: number;
  seedOthersSeconds: number;
  rounds: InsightsRound[];
}

/** Both servers of a round: the answer cache off (every answer worked out) and on (a visit after the first). */
async function measure(dataDir: string, email: string, others: number): Promise<InsightsRound> {
  const env = { NODE_OPTIONS: `--import ${fileURLToPath(new URL('../e2e/support/shifted-clock.mjs', import.meta.url))}`, E2E_CLOCK_SHIFT_MS: String(clockShift()) };
  const measures: InsightsMeasure[] = [];
  let dayList: InsightsRound['dayList'] | undefined;
  for (const cache of ['off', 'on'] as const) {
    const server: RunningServer = await startServer({ ...env, ...(cache === 'off' ? { READ_CACHE_MB: '0' } : {}) }, { dataDir });
    try {
      // Signed in on the server's own clock, which is ahead of the one the account was made on.
      const signIn = await apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email, password: API_PASSWORD } });
      if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
      const cookie = sessionCookie(signIn);
      const day = dayNumberToKey(dayKeyToNumber(localDayKey(new Date())) - 2);
      const dayUrl = `${server.url}/api/entries?day=${day}`;
      const targets = [
        { label: 'day list', url: dayUrl },
        { label: 'Insights, the whole journal', url: `${server.url}/api/insights` },
        { label: `Insights, one year`, url: `${server.url}/api/insights?year=${day.slice(0, 4)}` },
        { label: 'the monthly look back', url: `${server.url}/api/insights/month` },
      ];
      for (const target of targets.slice(1)) {
        const res = await fetch(target.url, { headers: { cookie } });
        const body = (await res.json()) as { entries?: number; lookBack?: { entries: number } | null };
        if (res.status !== 200) throw new Error(`${target.url} answered ${res.status}`);
        if (target.label.startsWith('the monthly') && !body.lookBack) throw new Error('no monthly look back offered');
        if (target.label.startsWith('Insights, the whole') && body.entries !== MY_ENTRIES) {
          throw new Error(`Insights counted ${body.entries} entries`);
        }
      }
      const requests = targets.map((target) => ({ url: target.url, cookie }));
      await latencies(requests, INSIGHTS_REQUESTS / 5);
      const results = await latencies(requests, INSIGHTS_REQUESTS);
      if (cache === 'off') {
        const entries = ((await (await fetch(dayUrl, { headers: { cookie } })).json()) as { entries: unknown[] }).entries.length;
        dayList = { entries, p50: results[0]?.p50 ?? 0, p99: results[0]?.p99 ?? 0 };
      }
      targets.slice(1).forEach((target, index) => {
        const result = results[index + 1];
        measures.push({ label: `${target.label}, answer cache ${cache}`, p50: result?.p50 ?? 0, p99: result?.p99 ?? 0 });
      });
    } finally {
      await server.stop({ keepData: true });
    }
  }
  if (!dayList) throw new Error('no day list latencies');
  return { others, dayList, measures };
}

/**
 * `npm run bench -- insights`: Insights and the monthly look back of a journal of 10,000 entries, first alone in the
 * database, then among the entries of OTHER_PEOPLE others, against the uncached day list on the same server.
 */
export async function benchInsights(): Promise<InsightsBench> {
  let server = await startServer({});
  const dataDir = server.dataDir;
  const email = 'insights@bench.test';
  const { userId } = await signedInUser(server, email);
  await server.stop({ keepData: true });
  const seedMineSeconds = seed(dataDir, [{ userId, count: MY_ENTRIES, seed: 1 }]);
  addCountsAndMoods(dataDir, [userId]);
  const countMineSeconds = await addKeptCounts(dataDir, [userId]);
  const rounds: InsightsRound[] = [await measure(dataDir, email, 0)];

  const people = Array.from({ length: OTHER_PEOPLE }, (_, i) => `bench-other-${String(i).padStart(3, '0')}`);
  const started = performance.now();
  seed(
    dataDir,
    people.map((id, i) => ({ userId: id, count: OTHER_ENTRIES, seed: 100 + i })),
    people,
  );
  addCountsAndMoods(dataDir, people);
  await addKeptCounts(dataDir, people);
  const seedOthersSeconds = Math.round((performance.now() - started) / 100) / 10;
  rounds.push(await measure(dataDir, email, OTHER_PEOPLE * OTHER_ENTRIES));
  server = await startServer({}, { dataDir });
  await server.stop();
  return { mine: MY_ENTRIES, others: OTHER_PEOPLE * OTHER_ENTRIES, seedMineSeconds, countMineSeconds, seedOthersSeconds, rounds };
}
