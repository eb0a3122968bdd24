import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKeyToNumber, dayNumberToKey, monthIndexOfDay } from '../../shared/dates';
import { newEntryId } from '../../shared/entry-id';
import type { EntryPage, Stats } from '../../shared/entry-schemas';
import { hourPeriodsOfDay, hourWritten } from '../insights/hours';
import { periodsOfDay, wordsOfEntries } from '../insights/word-counts';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

/**
 * One user's creates, deletes and edits, many at once: on PostgreSQL each is its own READ COMMITTED transaction, on
 * SQLite they share group commits. Whatever the interleaving, every request gets the answer a user expects, the kept
 * counts (journal_day, journal_month, the profile's total and newest run) are exactly those of the entries that
 * exist, as are the word counts Insights reads (journal_word, journal_word_total), and the stats a user reads are
 * the ones their entries give. Each scenario (its days, requests and their order) is drawn from a seeded generator:
 * a failure names its seed, and CONCURRENCY_SEED=<seed> runs that scenario alone; the databases' interleaving of the
 * requests differs from run to run.
 */

const text = { gratitude: 'My family', celebration: 'A long walk', manifestation: 'A calm week' };

const SCENARIOS = 6;
const ROUNDS = 8;
const BASE_SEED = 20_260_315;
const seeds = process.env.CONCURRENCY_SEED
  ? [Number(process.env.CONCURRENCY_SEED)]
  : Array.from({ length: SCENARIOS }, (_, i) => BASE_SEED + i);

/** mulberry32: a small, seedable generator, so that a scenario can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  return { next, int, pick, shuffle };
}

/**
 * The first days of months the scenarios write around. A write takes its month's journal_month row before the
 * profile's, so writes in one month follow each other there, while writes in two months reach the profile together.
 */
const BOUNDARIES = ['2026-04-01', '2026-01-01', '2026-03-01', '2026-07-01', '2027-01-01', '2026-05-01'];

/** What a user should read, from the entries' local days alone (docs/product.md §4). */
function expectedStats(days: readonly number[], today: number): Stats {
  const month = monthIndexOfDay(today);
  const january = month - (month % 12);
  const perDay = new Set(days);
  let end = perDay.has(today) ? today : perDay.has(today - 1) ? today - 1 : undefined;
  let streak = 0;
  while (end !== undefined && perDay.has(end)) {
    streak += 1;
    end -= 1;
  }
  // The newest run up to today: from the newest day not after it, back to the first gap.
  const newest = Math.max(...days.filter((day) => day <= today));
  let first = newest;
  while (perDay.has(first - 1)) first -= 1;
  return {
    monthlyCount: days.filter((day) => monthIndexOfDay(day) === month).length,
    yearlyCount: days.filter((day) => monthIndexOfDay(day) >= january && monthIndexOfDay(day) <= january + 11).length,
    totalEntries: days.length,
    streak,
    newestRun: Number.isFinite(newest) ? { first: dayNumberToKey(first), last: dayNumberToKey(newest) } : null,
  };
}

/** The newest run of consecutive days with an entry, as the profile keeps it (as day keys, for readable diffs). */
function newestRun(days: readonly number[]): { run_first: string | null; run_last: string | null } {
  const distinct = new Set(days);
  if (distinct.size === 0) return { run_first: null, run_last: null };
  const last = Math.max(...distinct);
  let first = last;
  while (distinct.has(first - 1)) first -= 1;
  return { run_first: dayNumberToKey(first), run_last: dayNumberToKey(last) };
}

const dayKeyOrNull = (day: number | null) => (day === null ? null : dayNumberToKey(day));

function countBy<T>(items: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

type Request =
  | { kind: 'create'; id: string; localDate: string }
  /** existing: the entry was there before the burst, rather than one of the burst's own creates. */
  | { kind: 'delete'; id: string; existing: boolean }
  /** An edit of an entry of today's that was there before the burst. */
  | { kind: 'edit'; id: string; localDate: string };

describe.each(DATABASE_KINDS)('one user writing concurrently on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  async function post(agent: Agent, localDate: string, id = newEntryId()) {
    return agent.post('/api/entries', { id, content: { ...text, mood: 3 }, localDate });
  }

  /**
   * Writes the scenario's older entries through the API, three days at a time on a server clock at noon of the
   * middle one (a create is accepted within a day of the server's date).
   */
  async function seed(agent: Agent, days: readonly string[]): Promise<void> {
    const sorted = [...days].sort();
    while (sorted.length > 0) {
      const middle = addDays(sorted[0] as string, 1);
      const group = sorted.filter((day) => day <= addDays(middle, 1));
      sorted.splice(0, group.length);
      h.clock.set(`${middle}T12:00:00.000Z`);
      const statuses = await Promise.all(group.map(async (day) => (await post(agent, day)).status));
      expect(statuses).toEqual(group.map(() => 201));
    }
  }

  async function storedState(userId: string) {
    const { db } = h.database;
    const entries = await db
      .selectFrom('journal_entry')
      .select(['id', 'local_day', 'date', 'utc_offset', 'time_unknown', 'mood'])
      .where('user_id', '=', userId)
      .execute();
    const dayRows = await db
      .selectFrom('journal_day')
      .select(['day', 'entries', 'mood_sum', 'mood_count'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
    const monthRows = await db
      .selectFrom('journal_month')
      .select(['month', 'entries'])
      .where('user_id', '=', userId)
      .orderBy('month')
      .execute();
    const profile = await db
      .selectFrom('profile')
      .select(['entry_count', 'run_first', 'run_last'])
      .where('uid', '=', userId)
      .executeTakeFirstOrThrow();
    const texts = await db
      .selectFrom('journal_entry')
      .select(['local_day', 'gratitude', 'celebration', 'manifestation', 'memory', 'prompt_answers'])
      .where('user_id', '=', userId)
      .execute();
    const wordRows = await db.selectFrom('journal_word').select(['period', 'word', 'entries']).where('user_id', '=', userId).execute();
    const totalRows = await db.selectFrom('journal_word_total').select(['period', 'words']).where('user_id', '=', userId).execute();
    const hourRows = await db.selectFrom('journal_hour').select(['period', 'hour', 'entries']).where('user_id', '=', userId).execute();
    return { entries, dayRows, monthRows, profile, texts, wordRows, totalRows, hourRows };
  }

  async function listMonth(agent: Agent, month: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const res = await agent.get(`/api/entries?month=${month}&limit=100${query}`);
      expect(res.status).toBe(200);
      const page = res.json as unknown as EntryPage;
      ids.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  function send(agent: Agent, request: Request) {
    if (request.kind === 'create') return post(agent, request.localDate, request.id);
    if (request.kind === 'delete') return agent.delete(`/api/entries/${request.id}`);
    const edited = { content: { ...text, gratitude: 'Edited', mood: 5 }, localDate: request.localDate };
    return agent.put(`/api/entries/${request.id}`, edited);
  }

  /**
   * One burst: every request at once, each answered as a user would expect (no 500 for a lost race, a deadlock or a
   * serialisation failure). Each id is created once (a retry answers 200 with the entry its first attempt stored)
   * and each existing entry deleted once (a second delete answers 404), except an id whose create a delete raced:
   * either may come first. Answers the entries that should exist, and the ids whose fate the race decided.
   */
  async function burst(agent: Agent, requests: readonly Request[], before: ReadonlySet<string>, context: string) {
    const answers = await Promise.all(
      requests.map(async (request) => ({ request, ...(await send(agent, request)) })),
    );
    const deleted = new Set(requests.filter((r) => r.kind === 'delete').map((r) => r.id));
    const unexpected = answers.filter(({ request, status }) => {
      if (request.kind === 'create') return status !== 201 && status !== 200;
      // An edit finds its entry unless a delete in the burst took it first.
      if (request.kind === 'edit') return status !== 200 && !(status === 404 && deleted.has(request.id));
      return status !== 200 && status !== 404;
    });
    expect(unexpected.map(({ request, status, text: body }) => ({ ...request, status, body })), context).toEqual([]);

    const raced = new Set(requests.filter((r) => r.kind === 'delete' && !r.existing).map((r) => r.id));
    const statuses = new Map<string, number[]>();
    for (const { request, status } of answers) {
      if (request.kind !== 'edit') statuses.set(request.id, [...(statuses.get(request.id) ?? []), status]);
    }
    const expected = new Set(before);
    for (const [id, answered] of statuses) {
      if (raced.has(id)) continue;
      const existed = before.has(id);
      expect(answered.filter((status) => status === (existed ? 200 : 201)), `${context}, id ${id}`).toHaveLength(1);
      if (existed) expected.delete(id);
      else expected.add(id);
    }
    return { raced, expected };
  }

  /** The kept counts are exactly those of the entries that exist; answers those entries. */
  async function expectCountsExact(
    userId: string,
    context: string,
    expected: ReadonlySet<string>,
    raced: ReadonlySet<string>,
  ) {
    const stored = await storedState(userId);
    const settled = (ids: Iterable<string>) => [...ids].filter((id) => !raced.has(id)).sort();
    expect(settled(stored.entries.map((entry) => entry.id)), `${context}: the entries the answers promised`).toEqual(
      settled(expected),
    );

    const days = stored.entries.map((entry) => entry.local_day);
    const perDay = [...countBy(days)].map(([day, entries]) => ({ day, entries })).sort((a, b) => a.day - b.day);
    const perMonth = [...countBy(days.map(monthIndexOfDay))]
      .map(([month, entries]) => ({ month, entries }))
      .sort((a, b) => a.month - b.month);
    expect(
      {
        days: stored.dayRows.map((row) => ({ day: dayNumberToKey(row.day), entries: row.entries })),
        // A month whose entries have all gone may keep a row of 0.
        months: stored.monthRows.filter((row) => row.entries !== 0),
        profile: {
          entry_count: stored.profile.entry_count,
          run_first: dayKeyOrNull(stored.profile.run_first),
          run_last: dayKeyOrNull(stored.profile.run_last),
        },
      },
      `${context}: journal_day, journal_month and the profile against journal_entry`,
    ).toEqual({
      days: perDay.map((row) => ({ day: dayNumberToKey(row.day), entries: row.entries })),
      months: perMonth,
      profile: { entry_count: days.length, ...newestRun(days) },
    });

    // The word counts Insights reads, against the words of the entries that exist.
    const words = new Map<string, number>();
    const totals = new Map<number, number>();
    const counted = wordsOfEntries(stored.texts);
    stored.texts.forEach((entry, n) => {
      for (const period of periodsOfDay(entry.local_day)) {
        totals.set(period, (totals.get(period) ?? 0) + (counted[n]?.written ?? 0));
        for (const word of counted[n]?.gratitude ?? []) words.set(`${period} ${word}`, (words.get(`${period} ${word}`) ?? 0) + 1);
      }
    });
    expect(
      {
        words: stored.wordRows.map((row) => `${row.period} ${row.word} ${row.entries}`).sort(),
        totals: stored.totalRows.map((row) => `${row.period} ${row.words}`).sort(),
      },
      `${context}: journal_word and journal_word_total against journal_entry`,
    ).toEqual({
      words: [...words].map(([key, entries]) => `${key} ${entries}`).sort(),
      totals: [...totals].filter(([, count]) => count > 0).map(([period, count]) => `${period} ${count}`).sort(),
    });

    // The moods and hours Insights reads, against the entries that exist.
    const moods = new Map<number, { sum: number; count: number }>();
    const hours = new Map<string, number>();
    for (const entry of stored.entries) {
      const day = moods.get(entry.local_day) ?? { sum: 0, count: 0 };
      if (entry.mood !== null) moods.set(entry.local_day, { sum: day.sum + entry.mood, count: day.count + 1 });
      for (const period of hourPeriodsOfDay(entry.local_day)) {
        const key = `${period} ${hourWritten(entry)}`;
        hours.set(key, (hours.get(key) ?? 0) + 1);
      }
    }
    expect(
      {
        moods: stored.dayRows.map((row) => `${row.day} ${row.mood_sum} ${row.mood_count}`),
        hours: stored.hourRows.map((row) => `${row.period} ${row.hour} ${row.entries}`).sort(),
      },
      `${context}: journal_day's moods and journal_hour against journal_entry`,
    ).toEqual({
      moods: perDay.map(({ day }) => `${day} ${moods.get(day)?.sum ?? 0} ${moods.get(day)?.count ?? 0}`),
      hours: [...hours].map(([key, entries]) => `${key} ${entries}`).sort(),
    });
    return stored.entries;
  }

  /** What the user reads: the stats for each today a writer could have around then, and the entries listed. */
  async function expectReadsExact(
    agent: Agent,
    today: string,
    entries: readonly { id: string; local_day: number }[],
    context: string,
  ) {
    const days = entries.map((entry) => entry.local_day);
    for (let offset = -3; offset <= 1; offset += 1) {
      const readerToday = addDays(today, offset);
      h.clock.set(`${readerToday}T12:00:00.000Z`);
      const res = await agent.get(`/api/stats?today=${readerToday}`);
      expect(res.status).toBe(200);
      const expected = expectedStats(days, dayKeyToNumber(readerToday));
      expect(res.json, `${context}: stats for ${readerToday}`).toEqual(expected);
    }
    const months = [...new Set(days.map((day) => dayNumberToKey(day).slice(0, 7)))];
    const listed = (await Promise.all(months.map((month) => listMonth(agent, month)))).flat();
    expect([...listed].sort(), `${context}: entries listed`).toEqual(entries.map((entry) => entry.id).sort());
  }

  it.each(seeds)('keeps counts and stats exact under concurrent writes (seed %i)', async (seedValue) => {
    const random = generator(seedValue);
    const boundary = random.pick(BOUNDARIES);
    const { agent, userId } = await signUpAndVerify(h);

    // Older entries on the sixty days before a month's first day and the three after it: mostly one a day, so that a
    // delete empties its day, and few gaps, so that the newest run spans months and deletes in several months reach
    // the profile together.
    const seedDays: string[] = [];
    for (let offset = -60; offset <= 3; offset += 1) {
      const roll = random.next();
      const entries = roll < 0.04 ? 0 : roll < 0.8 ? 1 : random.int(2, 3);
      for (let i = 0; i < entries; i += 1) seedDays.push(addDays(boundary, offset));
    }
    await seed(agent, seedDays);
    let entries = (await storedState(userId)).entries;

    // Rounds on days around the month's first day, forwards and backwards (a writer whose calendar moves back, as
    // when travelling west). Each round is one burst of creates on that today's yesterday, today and tomorrow (a few
    // on each, so that a day's first entries race each other and the deletes that empty it; some sent twice, as a
    // retry would), deletes of entries old and new (some sent twice), deletes racing the creates of the same id, and
    // edits of today's entries.
    for (let round = 0; round < ROUNDS; round += 1) {
      const today = addDays(boundary, random.int(-2, 2));
      const todayNumber = dayKeyToNumber(today);
      const context = `seed ${seedValue} on ${kind}, round ${round}, today ${today}`;
      const requests: Request[] = [];
      for (const entry of entries) {
        if (random.next() < (Math.abs(entry.local_day - todayNumber) <= 1 ? 0.5 : 0.15)) {
          requests.push({ kind: 'delete', id: entry.id, existing: true });
          if (random.next() < 0.1) requests.push({ kind: 'delete', id: entry.id, existing: true });
        }
        if (entry.local_day === todayNumber && random.next() < 0.3) {
          requests.push({ kind: 'edit', id: entry.id, localDate: today });
        }
      }
      for (let offset = -1; offset <= 1; offset += 1) {
        const creates = random.pick([0, 1, 1, 2, 3]);
        for (let i = 0; i < creates; i += 1) {
          const request: Request = { kind: 'create', id: newEntryId(), localDate: addDays(today, offset) };
          requests.push(request);
          if (random.next() < 0.15) requests.push({ ...request });
          if (random.next() < 0.15) requests.push({ kind: 'delete', id: request.id, existing: false });
        }
      }
      random.shuffle(requests);

      h.clock.set(`${today}T12:00:00.000Z`);
      const before = new Set(entries.map((entry) => entry.id));
      const { raced, expected } = await burst(agent, requests, before, `${context}, ${requests.length} requests`);
      entries = await expectCountsExact(userId, context, expected, raced);
      await expectReadsExact(agent, today, entries, context);
    }
  });
});
