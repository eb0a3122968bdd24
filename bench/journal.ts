import { join } from 'node:path';
import type autocannon from 'autocannon';
import { apiRequest } from '../e2e/support/api';
import { openDatabase } from '../src/server/db/connect';
import { insertEntry } from '../src/server/journal/repository';
import { dayKeyToNumber, localDayKey } from '../src/shared/dates';
import { newEntryId } from '../src/shared/entry-id';
import {
  alternate,
  latencies,
  load,
  type LoadResult,
  signedInUser,
  startFloors,
  startJournal,
} from './support';

const entryText = {
  gratitude: 'The morning light and a warm cup of tea',
  celebration: 'Finished the chapter I was stuck on',
  manifestation: 'A calm and focused week',
};

/** Writes entries straight into the database: `perDay` a day for `days` days ending today, skipping every `gapEvery`th day. */
async function seed(dataDir: string, userId: string, days: number, perDay: number, gapEvery: number) {
  const database = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'journal.db') });
  const today = dayKeyToNumber(localDayKey(new Date()));
  let written = 0;
  await database.db.transaction().execute(async (trx) => {
    // Oldest first, as a writer would: each new day extends the newest run of days.
    for (let back = days - 1; back >= 0; back -= 1) {
      if (gapEvery > 0 && back % gapEvery === gapEvery - 1) continue;
      for (let n = 0; n < perDay; n += 1) {
        const day = today - back;
        await insertEntry(trx, {
          id: newEntryId(),
          userId,
          date: new Date(day * 86_400_000 + 43_200_000 + n * 1000).toISOString(),
          updatedAt: new Date(day * 86_400_000 + 43_200_000 + n * 1000).toISOString(),
          utcOffset: 0,
          localDay: day,
          ...entryText,
          memory: '',
        });
        written += 1;
      }
    }
  });
  await database.close();
  return written;
}

export interface JournalBench {
  dayList: LoadResult;
  /** The same reads with the answer cache off (READ_CACHE_MB=0): every one runs its list query. */
  dayListUncached: LoadResult;
  bareDayList: LoadResult;
  bareHonoDayList: LoadResult;
  post: LoadResult;
  stats10: { entries: number; p50: number; p99: number };
  stats10k: { entries: number; p50: number; p99: number };
}

/** Signs a reader up and writes three entries today; returns the day's URL and the reader's request headers. */
async function dayReader(server: Awaited<ReturnType<typeof startJournal>>) {
  const today = localDayKey(new Date());
  const reader = await signedInUser(server, 'reader@bench.test');
  for (let i = 0; i < 3; i += 1) {
    const res = await apiRequest(server.url, 'POST', '/api/entries', {
      cookie: reader.cookie,
      body: { content: entryText, localDate: today },
    });
    if (res.status !== 201) throw new Error(`writing the reader's entries failed: ${res.status}`);
  }
  return { path: `/api/entries?day=${today}`, headers: { cookie: reader.cookie } };
}

export async function benchJournal(): Promise<JournalBench> {
  const uncachedServer = await startJournal({ READ_CACHE_MB: '0' });
  let dayListUncached: LoadResult;
  try {
    const day = await dayReader(uncachedServer);
    dayListUncached = await load({ url: `${uncachedServer.url}${day.path}`, headers: day.headers });
  } finally {
    await uncachedServer.stop();
  }

  const server = await startJournal();
  try {
    const today = localDayKey(new Date());
    const day = await dayReader(server);
    const dayUrl = `${server.url}${day.path}`;
    const writer = await signedInUser(server, 'writer@bench.test');
    const postOptions: autocannon.Options = {
      url: `${server.url}/api/entries`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: writer.cookie, origin: server.url },
      // Each create carries a new id made as the app makes them (src/shared/entry-id.ts; it is their idempotency key).
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ id: newEntryId(), content: entryText, localDate: today }),
          }),
        },
      ],
    };
    const floors = await startFloors(dayUrl, day.headers, server.dataDir);
    // The floors, the day list and POST take turns, so that a drift in the machine's speed reaches all of them.
    const { bareDayList, bareHonoDayList, dayList, post } = await alternate({
      bareDayList: { url: floors.bareUrl, headers: day.headers },
      bareHonoDayList: { url: floors.bareHonoUrl, headers: day.headers },
      dayList: { url: dayUrl, headers: day.headers },
      post: postOptions,
    }).finally(() => floors.stop());

    const light = await signedInUser(server, 'light@bench.test');
    const heavy = await signedInUser(server, 'heavy@bench.test');
    const lightEntries = await seed(server.dataDir, light.userId, 10, 1, 0);
    // Five entries a day for about four years, with a day off every month: 10,000 entries.
    const heavyEntries = await seed(server.dataDir, heavy.userId, 2069, 5, 30);
    const statsUrl = `${server.url}/api/stats?today=${today}`;
    const targets = [light, heavy].map((user) => ({ url: statsUrl, cookie: user.cookie }));
    await latencies(targets, 200);
    const [stats10, stats10k] = await latencies(targets, 1000);
    if (!stats10 || !stats10k) throw new Error('no stats latencies');
    return {
      dayList,
      dayListUncached,
      bareDayList,
      bareHonoDayList,
      post,
      stats10: { entries: lightEntries, ...stats10 },
      stats10k: { entries: heavyEntries, ...stats10k },
    };
  } finally {
    await server.stop();
  }
}
