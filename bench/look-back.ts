import { join } from 'node:path';
import { openDatabase } from '../src/server/db/connect';
import { insertEntry } from '../src/server/journal/repository';
import { dayKeyToNumber, localDayKey } from '../src/shared/dates';
import { newEntryId } from '../src/shared/entry-id';
import type { LookBack } from '../src/shared/look-back';
import { signedInUser, startJournal } from './support';

/** Days of journal the heavy writer has, two entries on two days of every three: 10,000 entries over 20 years. */
const HEAVY_DAYS = 7_500;

/**
 * A journal written straight into the database: two entries a day on two days of every three for `days` days, up to
 * today; one entry in five has an empty gratitude, as imported journals often do. Returns how many were written.
 */
async function seed(dataDir: string, userId: string, days: number): Promise<number> {
  const database = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'journal.db') });
  const today = dayKeyToNumber(localDayKey(new Date()));
  let written = 0;
  await database.db.transaction().execute(async (trx) => {
    for (let back = days; back >= 0; back -= 1) {
      if (back % 3 === 0) continue;
      for (let n = 0; n < 2; n += 1) {
        const day = today - back;
        const at = new Date(day * 86_400_000 + 43_200_000 + n * 1000).toISOString();
        await insertEntry(trx, {
          id: newEntryId(),
          userId,
          date: at,
          updatedAt: at,
          utcOffset: 0,
          localDay: day,
          gratitude: written % 5 === 0 ? '' : 'The morning light and a warm cup of tea',
          celebration: 'Finished the chapter I was stuck on',
          manifestation: 'A calm and focused week',
          memory: '',
        });
        written += 1;
      }
    }
  });
  await database.close();
  return written;
}

export interface Timing {
  p50: number;
  p99: number;
}

/**
 * Each view, `count` times, the views in turn: a view is the requests a screen makes at once, timed from the first
 * sent to the last answer read. Taking turns keeps a drift in the machine's speed from favouring one view.
 */
async function timeViews(views: Record<string, string[]>, cookie: string, count: number): Promise<Record<string, Timing>> {
  const names = Object.keys(views);
  const samples = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < count; i += 1) {
    for (const name of names) {
      const started = performance.now();
      await Promise.all(
        (views[name] ?? []).map(async (url) => {
          const res = await fetch(url, { headers: { cookie } });
          if (!res.ok) throw new Error(`${url}: ${res.status}`);
          await res.arrayBuffer();
        }),
      );
      samples.get(name)?.push(performance.now() - started);
    }
  }
  const timings: Record<string, Timing> = {};
  for (const [name, times] of samples) {
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
    timings[name] = { p50: at(0.5), p99: at(0.99) };
  }
  return timings;
}

export interface LookBackBench {
  entries: number;
  years: number;
  groups: number;
  shown: number;
  cached: Record<'dayList' | 'todaysList' | 'lookBack' | 'jar', Timing>;
  uncached: Record<'dayList' | 'todaysList' | 'lookBack', Timing>;
  lightEntries: number;
  /** The small writer's look-back with the answer cache off, and their "Another". */
  light: Record<'lookBackUncached' | 'jar', Timing>;
}

/**
 * Today's day view of a writer with 10,000 entries over 20 years: the day list alone (what another day's view asks),
 * against today's list with looking back in it (`&lookBack=1`, the one request today's view makes), with the answer
 * cache on (the default) and off (READ_CACHE_MB=0: every read runs its queries, as the first read after a write). The
 * jar's "Another" is never cached: each draw reads its day. A writer with 10 entries shows that neither grows
 * with the journal.
 */
export async function benchLookBack(): Promise<LookBackBench> {
  const run = async (env: NodeJS.ProcessEnv) => {
    const server = await startJournal(env);
    try {
      const today = localDayKey(new Date());
      const heavy = await signedInUser(server, 'heavy@bench.test');
      const light = await signedInUser(server, 'light@bench.test');
      const entries = await seed(server.dataDir, heavy.userId, HEAVY_DAYS);
      const lightEntries = await seed(server.dataDir, light.userId, 7);
      const dayList = `${server.url}/api/entries?day=${today}`;
      const todaysList = `${dayList}&lookBack=1`;
      const lookBack = `${server.url}/api/look-back?today=${today}`;
      const jar = `${server.url}/api/jar?today=${today}`;
      const answer = (await (await fetch(lookBack, { headers: { cookie: heavy.cookie } })).json()) as LookBack;
      const views = { dayList: [dayList], todaysList: [todaysList], lookBack: [lookBack], jar: [jar] };
      await timeViews(views, heavy.cookie, 200);
      const heavyTimes = await timeViews(views, heavy.cookie, 1000);
      const lightViews = { lookBack: [lookBack], jar: [jar] };
      await timeViews(lightViews, light.cookie, 200);
      const lightTimes = await timeViews(lightViews, light.cookie, 1000);
      return { entries, lightEntries, answer, heavyTimes, lightTimes };
    } finally {
      await server.stop();
    }
  };
  const cached = await run({});
  const uncached = await run({ READ_CACHE_MB: '0' });
  const times = (from: Record<string, Timing>, name: string): Timing => from[name] ?? { p50: 0, p99: 0 };
  return {
    entries: cached.entries,
    years: Math.round((HEAVY_DAYS / 365.25) * 10) / 10,
    groups: cached.answer.groups.length,
    shown: cached.answer.groups.reduce((sum, group) => sum + group.entries.length, 0),
    cached: {
      dayList: times(cached.heavyTimes, 'dayList'),
      todaysList: times(cached.heavyTimes, 'todaysList'),
      lookBack: times(cached.heavyTimes, 'lookBack'),
      jar: times(cached.heavyTimes, 'jar'),
    },
    uncached: {
      dayList: times(uncached.heavyTimes, 'dayList'),
      todaysList: times(uncached.heavyTimes, 'todaysList'),
      lookBack: times(uncached.heavyTimes, 'lookBack'),
    },
    lightEntries: cached.lightEntries,
    light: { lookBackUncached: times(uncached.lightTimes, 'lookBack'), jar: times(cached.lightTimes, 'jar') },
  };
}
