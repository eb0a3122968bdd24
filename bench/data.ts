import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiRequest } from '../e2e/support/api';
import { type RunningServer, startServer } from '../e2e/support/server';
import { openDatabase } from '../src/server/db/connect';
import { insertEntry } from '../src/server/journal/repository';
import { dayKeyToNumber, localDayKey } from '../src/shared/dates';
import { newEntryId } from '../src/shared/entry-id';
import { type LoadResult, loadFigures, signedInUser, withWarmup } from './support';

/** Entries of the one user whose journal is exported, spread over about thirty years of days. */
const EXPORT_ENTRIES = 100_000;
const EXPORT_YEARS = 30;
/** Entries in the Day One file that is imported, about 2 kB of Markdown each. */
const IMPORT_ENTRIES = 10_000;
/** How often the server's resident memory is read while it exports. */
const SAMPLE_MS = 50;
/** Each load figure of the isolation measures: connections and seconds (after autocannon's 1 s of warm-up). */
export const LOAD_CONNECTIONS = 10;
export const LOAD_SECONDS = 5;
/**
 * The day list is measured with and without an import this many times, in turns; the figure is the median round. Five
 * rather than three: on a machine shared with other work one round in three or four is far off the others.
 */
const ROUNDS = 5;

const WORDS = (
  'the a morning evening light tea coffee walk garden river rain sun window friend sister brother mother father ' +
  'neighbour colleague dog cat book chapter song music bread soup kitchen table letter call laugh quiet calm ' +
  'patience kindness help work project meeting deadline finished started learned noticed remembered shared ' +
  'warm cold bright slow gentle long short early late small big new old first last good better best little ' +
  'train bus bicycle park market city village hill sea beach forest path trees flowers birds snow wind clouds ' +
  'evening dinner lunch breakfast class lesson practice run swim stretch sleep rest dream plan hope wish thank ' +
  'grateful glad happy proud relieved hopeful curious open honest careful steady together alone home office ' +
  'weekend holiday visit trip photo story film game puzzle recipe cake apples oranges coffee notebook pencil'
).split(' ');

/** A seeded generator (mulberry32), so that each run writes the same journal. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const between = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** Sentences of ordinary words until the text is about `length` characters long. */
export function prose(rand: () => number, length: number): string {
  const sentences: string[] = [];
  let size = 0;
  while (size < length) {
    const words = Array.from({ length: between(rand, 5, 14) }, () => WORDS[Math.floor(rand() * WORDS.length)] ?? 'tea');
    const sentence = `${words.join(' ')}.`;
    const text = sentence.charAt(0).toUpperCase() + sentence.slice(1);
    sentences.push(text);
    size += text.length + 1;
  }
  return sentences.join(' ');
}

/**
 * Writes `count` entries for the user straight into the database file, oldest first, a few a day over `years`
 * years ending yesterday: three prompts of 100 to 300 characters, and a memory on one entry in five.
 */
async function seedJournal(dataDir: string, userId: string, count: number, years: number): Promise<void> {
  const rand = random(1);
  const database = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'journal.db') });
  const lastDay = dayKeyToNumber(localDayKey(new Date())) - 1;
  const days = Math.round(years * 365.25);
  const firstDay = lastDay - days + 1;
  const perTransaction = 10_000;
  for (let at = 0; at < count; at += perTransaction) {
    await database.db.transaction().execute(async (trx) => {
      for (let i = at; i < Math.min(count, at + perTransaction); i += 1) {
        const day = firstDay + Math.floor((i * days) / count);
        // Spread over the waking hours of the day, an hour ahead of UTC.
        const written = new Date(day * 86_400_000 + (6 + (i % 10) * 1.5) * 3_600_000 + between(rand, 0, 3_000_000));
        await insertEntry(trx, {
          id: newEntryId(),
          userId,
          date: written.toISOString(),
          updatedAt: written.toISOString(),
          utcOffset: 60,
          localDay: day,
          gratitude: prose(rand, between(rand, 100, 300)),
          celebration: prose(rand, between(rand, 100, 300)),
          manifestation: prose(rand, between(rand, 100, 300)),
          memory: rand() < 0.2 ? prose(rand, between(rand, 100, 300)) : '',
        });
      }
    });
  }
  await database.close();
}

/** The resident memory of a process, in kB. */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export const toMb = (kb: number) => Math.round(kb / 102.4) / 10;

/** The median of the server's resident memory over a short while, in kB. */
export async function steadyRssKb(pid: number, ms = 500): Promise<number> {
  const samples: number[] = [];
  for (let waited = 0; waited < ms; waited += SAMPLE_MS) {
    samples.push(rssKb(pid));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

export interface ExportRun {
  label: string;
  format: 'json' | 'markdown';
  entries: number;
  mb: number;
  firstByteMs: number;
  totalMs: number;
  mbPerSecond: number;
  entriesPerSecond: number;
  baselineRssMb: number;
  peakRssMb: number;
  afterRssMb: number;
  growthMb: number;
}

/**
 * Downloads the export with the session, counting its bytes and throwing them away, while the server's resident
 * memory is read every SAMPLE_MS. The first byte is the first byte of the body.
 */
async function download(
  server: RunningServer,
  cookie: string,
  format: 'json' | 'markdown',
  entries: number,
  label: string,
): Promise<ExportRun> {
  const pid = server.child.pid ?? 0;
  const baseline = await steadyRssKb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, SAMPLE_MS);
  const started = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let entryLines = 0;
  let lastByte = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const req = request(`${server.url}/api/export?format=${format}`, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByte = performance.now() - started;
          bytes += chunk.length;
          // In the JSON export each entry starts a line with '{'.
          for (let i = chunk.indexOf(0x7b); i !== -1; i = chunk.indexOf(0x7b, i + 1)) {
            if ((i === 0 ? lastByte : chunk[i - 1]) === 0x0a) entryLines += 1;
          }
          lastByte = chunk[chunk.length - 1] ?? 0;
        });
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    clearInterval(sampler);
  }
  const totalMs = performance.now() - started;
  peak = Math.max(peak, rssKb(pid));
  if (format === 'json' && entryLines !== entries) throw new Error(`the JSON export held ${entryLines} entries, not ${entries}`);
  const after = await steadyRssKb(pid, 1000);
  const mb = bytes / 1_048_576;
  return {
    label,
    format,
    entries,
    mb: Math.round(mb * 10) / 10,
    firstByteMs: Math.round(firstByte * 10) / 10,
    totalMs: Math.round(totalMs),
    mbPerSecond: Math.round((mb / (totalMs / 1000)) * 10) / 10,
    entriesPerSecond: Math.round(entries / (totalMs / 1000)),
    baselineRssMb: toMb(baseline),
    peakRssMb: toMb(peak),
    afterRssMb: toMb(after),
    growthMb: toMb(peak - baseline),
  };
}

/** Stops the server; if it had stopped by itself, what it wrote says why. */
async function stopServer(server: RunningServer): Promise<void> {
  const { exitCode, signalCode } = server.child;
  if (exitCode !== null || signalCode !== null) {
    process.stderr.write(`The server stopped by itself (${exitCode ?? signalCode}):\n${server.output().slice(-4000)}\n`);
  }
  await server.stop();
}

/** One user with EXPORT_ENTRIES entries written before the server starts, exported as JSON and as Markdown. */
export async function benchExport(): Promise<{ seedSeconds: number; runs: ExportRun[] }> {
  const env = { LOG_LEVEL: 'silent' };
  const first = await startServer(env);
  const { dataDir } = first;
  let cookie: string;
  let userId: string;
  try {
    ({ cookie, userId } = await signedInUser(first, 'exporter@bench.test'));
  } finally {
    await first.stop({ keepData: true });
  }
  const seeding = performance.now();
  await seedJournal(dataDir, userId, EXPORT_ENTRIES, EXPORT_YEARS);
  const seedSeconds = Math.round((performance.now() - seeding) / 100) / 10;
  const server = await startServer(env, { dataDir });
  try {
    // The first export after the server starts also pays for what it does once (code loaded and compiled, the
    // heap grown to its working size); the second JSON export shows what one costs afterwards.
    const runs = [
      await download(server, cookie, 'json', EXPORT_ENTRIES, 'JSON, first request after the start'),
      await download(server, cookie, 'markdown', EXPORT_ENTRIES, 'Markdown'),
      await download(server, cookie, 'json', EXPORT_ENTRIES, 'JSON, again'),
    ];
    return { seedSeconds, runs };
  } finally {
    await stopServer(server);
  }
}

const TIME_ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Nairobi',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

/** Day One's Markdown: escaped punctuation, headings, lists and emphasis, about `length` characters. */
function dayOneText(rand: () => number, length: number): string {
  const parts: string[] = [];
  if (rand() < 0.4) {
    // A gratitude template, as some people keep in Day One: its headings go to our prompts.
    const share = Math.floor(length / 4);
    parts.push(`# ${prose(rand, 20).replace(/\.$/, '')}`);
    parts.push(`**I am grateful for...**\n${prose(rand, share)}`);
    parts.push(`## What I celebrate\n- ${prose(rand, share / 3)}\n- ${prose(rand, share / 3)}\n- ${prose(rand, share / 3)}`);
    parts.push(`Manifesting:\n${prose(rand, share)}`);
    parts.push(`## Notes\n${prose(rand, share)}`);
  } else {
    let size = 0;
    while (size < length) {
      const paragraph = rand() < 0.2 ? `## ${prose(rand, 15).replace(/\.$/, '')}\n${prose(rand, 300)}` : prose(rand, 400);
      parts.push(rand() < 0.3 ? paragraph.replace(/\.$/, '\\!') : paragraph.replace(/ (\w+) /, ' *$1* '));
      size += paragraph.length + 2;
    }
  }
  return parts.join('\n\n');
}

/** A Day One JSON export of `count` entries over the last ten years, with new uuids every time it is made. */
export function dayOneFile(count: number, seed = 2): Buffer {
  const rand = random(seed);
  const now = Date.now();
  const span = 10 * 365 * 86_400_000;
  const entries = Array.from({ length: count }, () => {
    const created = Math.floor((now - 86_400_000 - rand() * span) / 1000) * 1000;
    return {
      uuid: randomBytes(16).toString('hex').toUpperCase(),
      creationDate: new Date(created).toISOString().replace('.000Z', 'Z'),
      modifiedDate: new Date(created + between(rand, 0, 7_200) * 1000).toISOString().replace('.000Z', 'Z'),
      timeZone: TIME_ZONES[Math.floor(rand() * TIME_ZONES.length)],
      starred: false,
      duration: 0,
      text: dayOneText(rand, between(rand, 800, 2_600)),
    };
  });
  return Buffer.from(JSON.stringify({ metadata: { version: '1.0' }, entries }, null, 2));
}

interface ImportAnswer {
  toImport: number;
  imported?: number;
  refusedCount: number;
}

async function postImport(server: RunningServer, cookie: string, file: Buffer, dryRun: boolean): Promise<ImportAnswer> {
  const res = await fetch(`${server.url}/api/import?format=dayone${dryRun ? '&dryRun=1' : ''}`, {
    method: 'POST',
    // Writes must come from the app's own origin (sameOriginWrites), as a browser's would.
    headers: { origin: server.url, cookie, 'content-type': 'application/octet-stream' },
    body: file,
  });
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ImportAnswer;
}

/** When an import started, when it began to write (its first line of progress) and when it ended. */
interface ImportPhases {
  start: number;
  firstWrite: number;
  end: number;
}

/**
 * An import that asks for progress, as the app does: the first line comes once the file was read, checked and
 * looked up, as the first transaction begins.
 */
async function importWithProgress(server: RunningServer, cookie: string, file: Buffer): Promise<ImportPhases> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/import?format=dayone`, {
    method: 'POST',
    headers: { origin: server.url, cookie, 'content-type': 'application/octet-stream', accept: 'application/x-ndjson' },
    body: file,
  });
  if (res.status !== 200 || !res.body) throw new Error(`import answered ${res.status}`);
  let firstWrite = 0;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    // The answer's headers may go out at once; its first whole line says the file is read and writing begins.
    if (!firstWrite && text.includes('\n')) firstWrite = performance.now();
  }
  const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { result?: ImportAnswer };
  if (last.result?.imported !== IMPORT_ENTRIES) throw new Error(`an import ended with ${text.trim().split('\n').at(-1)}`);
  return { start, firstWrite, end: performance.now() };
}

export interface ImportBench {
  fileMb: number;
  entries: number;
  previewMs: number;
  importMs: number;
  /** Of the import alone: until its first transaction was committed (the body read, parsed, checked, looked up). */
  importFirstWriteMs: number;
  entriesPerSecond: number;
  /** The day list, without and with an import running, each round in turn; the figures are the median rounds. */
  readIdle: TailResult;
  readDuring: TailResult;
  readRounds: { idle: TailResult; during: TailResult }[];
  postIdle: TailResult;
  postDuring: TailResult;
  /** Imports that ran during the measures, their mean time, and their mean time until their first commit. */
  importsDuring: number;
  importMsDuring: number;
  firstWriteMsDuring: number;
  /** Day reads during the imports, by what the import was doing when they were asked. */
  readsBeforeFirstWrite: SplitLatencies;
  readsWhileWriting: SplitLatencies;
}

export interface SplitLatencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** A load figure with the slowest answers too: a pause of the whole server reaches few requests but all of them. */
export interface TailResult extends LoadResult {
  p999: number;
  max: number;
  /**
   * The p99 from each answer's own time, to a hundredth of a millisecond: autocannon counts whole milliseconds, and on
   * a p99 of 1 to 3 ms one millisecond moves a ratio by a third or more.
   */
  p99Exact: number;
}

/**
 * support.ts's load with the tail of the latencies kept; `onAnswer` hears when each answer came (performance.now())
 * and how long it took. (The promise autocannon returns without a callback is also the instance that emits each
 * answer, which @types/autocannon does not say.)
 */
async function load(options: autocannon.Options, onAnswer?: (at: number, ms: number) => void): Promise<TailResult> {
  const times: number[] = [];
  const instance = autocannon(withWarmup(options)) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, status, _bytes, ms) => {
    // As autocannon's own figures: the latencies of 2xx answers.
    if (status >= 200 && status < 300) times.push(ms);
    onAnswer?.(performance.now(), ms);
  });
  const result = await instance;
  times.sort((x, y) => x - y);
  return {
    ...loadFigures(result),
    p99Exact: Math.round(percentile(times, 0.99) * 100) / 100,
    p999: result.latency.p99_9,
    max: result.latency.max,
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The round whose p99 is the median of the rounds. */
function medianByP99(results: TailResult[]): TailResult {
  const sorted = [...results].sort((a, b) => a.p99Exact - b.p99Exact);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no rounds');
  return median;
}

/**
 * A Day One file of IMPORT_ENTRIES entries: previewed and imported alone, then imported again and again (each time
 * into a new account, so each import writes every entry) while other users read their day and write entries.
 */
export async function benchImport(): Promise<ImportBench> {
  // Made first: the seconds it takes would outlast the server's keep-alive and break the next request's connection.
  const file = dayOneFile(IMPORT_ENTRIES);
  const server = await startServer({ LOG_LEVEL: 'silent' });
  try {
    const today = localDayKey(new Date());
    const content = { gratitude: 'The morning light and a warm cup of tea', celebration: 'Finished the chapter', manifestation: 'A calm week' };
    const reader = await signedInUser(server, 'reader@bench.test');
    for (let i = 0; i < 3; i += 1) {
      const res = await apiRequest(server.url, 'POST', '/api/entries', { cookie: reader.cookie, body: { content, localDate: today } });
      if (res.status !== 201) throw new Error(`writing the reader's entries failed: ${res.status}`);
    }
    const writer = await signedInUser(server, 'writer@bench.test');
    let importers = 0;
    const newImporter = () => signedInUser(server, `importer${(importers += 1)}@bench.test`);

    const first = await newImporter();
    const started = performance.now();
    const preview = await postImport(server, first.cookie, file, true);
    const previewMs = Math.round(performance.now() - started);
    if (preview.toImport !== IMPORT_ENTRIES || preview.refusedCount !== 0) {
      throw new Error(`the preview would import ${preview.toImport} and refuse ${preview.refusedCount}`);
    }
    const alone = await importWithProgress(server, first.cookie, file);
    const importMs = Math.round(alone.end - alone.start);

    // Enough fresh accounts, made now, for imports to run back to back through every measure with two to spare:
    // signing up during a measure would load the server with password hashing as well.
    const measuredSeconds = (ROUNDS + 1) * (LOAD_SECONDS + 1);
    const accounts: { cookie: string }[] = [];
    for (let n = Math.ceil((measuredSeconds * 1000) / importMs) * 2 + 2; n > 0; n -= 1) accounts.push(await newImporter());
    const phases: ImportPhases[] = [];
    const whileImporting = async <T>(measure: () => Promise<T>): Promise<T> => {
      let stop = false;
      let running!: () => void;
      const begun = new Promise<void>((resolve) => (running = resolve));
      const loop = (async () => {
        while (!stop) {
          const account = accounts.shift();
          if (!account) throw new Error('no fresh account left to import into');
          const importing = importWithProgress(server, account.cookie, file);
          running();
          phases.push(await importing);
        }
      })();
      // The measure starts once the first import is on its way, or not at all if it could not start.
      void loop.catch(() => undefined).finally(running);
      await begun;
      try {
        return await measure();
      } finally {
        stop = true;
        await loop;
      }
    };

    const readOptions: autocannon.Options = {
      url: `${server.url}/api/entries?day=${today}`,
      headers: { cookie: reader.cookie },
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
    };
    const postOptions: autocannon.Options = {
      url: `${server.url}/api/entries`,
      method: 'POST',
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      headers: { 'content-type': 'application/json', cookie: writer.cookie, origin: server.url },
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ id: newEntryId(), content, localDate: today }) }),
        },
      ],
    };
    await load({ ...readOptions, duration: 2 });
    const readRounds = [];
    // Each day read answered during an import: when it was asked, and how long it took. Two arrays of numbers, not an
    // object per answer: the 400,000 or so of them would make this process's garbage collector pause for tens of
    // milliseconds in the later rounds, and the pause would count in the answers' times.
    const asked: number[] = [];
    const took: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const idle = await load(readOptions);
      const during = await whileImporting(() =>
        load(readOptions, (at, ms) => {
          asked.push(at - ms);
          took.push(ms);
        }),
      );
      readRounds.push({ idle, during });
    }
    const readPhases = [...phases];
    const postIdle = await load(postOptions);
    const postDuring = await whileImporting(() => load(postOptions));

    // The reads asked while an import read and checked its file, and those asked while it wrote.
    const before = (asked: number) => readPhases.some((p) => asked >= p.start && asked < p.firstWrite);
    const writing = (asked: number) => readPhases.some((p) => asked >= p.firstWrite && asked < p.end);
    const split = (keep: (asked: number) => boolean) => {
      const times = took.filter((_, index) => keep(asked[index] ?? 0)).sort((x, y) => x - y);
      return { count: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1) ?? 0 };
    };
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));
    return {
      fileMb: Math.round((file.length / 1_048_576) * 10) / 10,
      entries: IMPORT_ENTRIES,
      previewMs,
      importMs,
      importFirstWriteMs: Math.round(alone.firstWrite - alone.start),
      entriesPerSecond: Math.round(IMPORT_ENTRIES / (importMs / 1000)),
      readIdle: medianByP99(readRounds.map((round) => round.idle)),
      readDuring: medianByP99(readRounds.map((round) => round.during)),
      readRounds,
      postIdle,
      postDuring,
      importsDuring: phases.length,
      importMsDuring: mean(phases.map((p) => p.end - p.start)),
      firstWriteMsDuring: mean(phases.map((p) => p.firstWrite - p.start)),
      readsBeforeFirstWrite: split(before),
      readsWhileWriting: split(writing),
    };
  } finally {
    await stopServer(server);
  }
}
