import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { freePort, type RunningServer, startServer, waitUntilAnswering } from '../e2e/support/server';
import { dayKeyToNumber, localDayKey } from '../src/shared/dates';
import { between } from './data';
export { signedInUser } from '../e2e/support/api';

export interface Server {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startChild(args: string[], env: NodeJS.ProcessEnv, healthPath: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, PORT: String(port), APP_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering(child, `${url}${healthPath}`);
  return {
    url,
    dataDir,
    child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startJournal(env: NodeJS.ProcessEnv = {}): Promise<Server & Pick<RunningServer, 'waitForMail'>> {
  const server = await startServer({ LOG_LEVEL: 'silent', ...env });
  return { ...server, stop: () => server.stop() };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests/s of every round, in order, when the figure is the median of alternating rounds (`alternate`). */
  rounds?: number[];
}

/** Each figure is taken after this long under the same load, which is not counted: JIT and caches settle first. */
const WARMUP_SECONDS = 1;

/**
 * autocannon's options with the warm-up, and at 100 connections for 5 s unless told otherwise. (autocannon 9 runs
 * `warmup` first and leaves it out of the figures and of the answers it emits, when it is called without a callback;
 * @types/autocannon does not list it yet.)
 */
export function withWarmup(options: autocannon.Options): autocannon.Options {
  return { connections: 100, duration: 5, warmup: { duration: WARMUP_SECONDS }, ...options } as autocannon.Options;
}

/** The figures of one autocannon run. */
export function loadFigures(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * autocannon after a warm-up (withWarmup). Its latencies are whole milliseconds; timing every response in the
 * benchmark process instead made the load generator, not the bare servers, the bottleneck.
 */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  return loadFigures(await autocannon(withWarmup(options)));
}

/**
 * Loads each target in turn, `rounds` times over, each round for `seconds`, and keeps each target's median round.
 * The machine's speed drifts by a fifth and more within minutes here; figures taken one after the other would
 * carry that drift into their ratio, while short alternating rounds share it.
 */
export async function alternate<K extends string>(
  targets: Record<K, autocannon.Options>,
  { rounds = 5, seconds = 3 } = {},
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(targets) as K[];
  const taken = new Map<K, LoadResult[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) taken.get(name)?.push(await load({ duration: seconds, ...targets[name] }));
  }
  const medians = {} as Record<K, LoadResult>;
  for (const name of names) {
    const results = taken.get(name) ?? [];
    const median = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rounds / 2)];
    if (!median) throw new Error(`no rounds of ${name}`);
    medians[name] = { ...median, rounds: results.map((result) => result.requestsPerSecond) };
  }
  return medians;
}

/**
 * Sequential GETs of each target in turn, `count` each, and each target's p50 and p99 in ms. Taking turns keeps a
 * drift in the machine's speed from favouring whichever target would have gone first.
 */
export async function latencies(
  targets: readonly { url: string; cookie: string }[],
  count: number,
): Promise<{ p50: number; p99: number }[]> {
  const samples = targets.map(() => [] as number[]);
  for (let i = 0; i < count; i += 1) {
    for (const [index, target] of targets.entries()) {
      const started = performance.now();
      const res = await fetch(target.url, { headers: { cookie: target.cookie } });
      await res.arrayBuffer();
      samples[index]?.push(performance.now() - started);
    }
  }
  return samples.map((times) => {
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
    return { p50: at(0.5), p99: at(0.99) };
  });
}

/** Headers Node writes itself, for every server alike. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The floors for `url`: a bare node:http server and a bare Hono server, each answering the same request (headers
 * included) with the status, headers and body `url` answers, captured once into `dir`. A floor that sent fewer
 * bytes than the server it is compared with would flatter itself. Both run until `stop`, idle while not measured.
 */
export async function startFloors(
  url: string,
  headers: Record<string, string>,
  dir: string,
): Promise<{ bareUrl: string; bareHonoUrl: string; stop(): Promise<void> }> {
  const res = await fetch(url, { headers });
  const kept = Object.fromEntries([...res.headers].filter(([name]) => !PER_CONNECTION.has(name)));
  const file = join(dir, 'captured-response.json');
  writeFileSync(file, JSON.stringify({ status: res.status, headers: kept, body: await res.text() }));
  const { pathname, search } = new URL(url);
  const bare = await startChild(['bench/bare-server.mjs'], { BARE_RESPONSE_FILE: file }, '/');
  const bareHono = await startChild(['bench/bare-hono.mjs'], { BARE_RESPONSE_FILE: file }, '/');
  return {
    bareUrl: `${bare.url}${pathname}${search}`,
    bareHonoUrl: `${bareHono.url}${pathname}${search}`,
    stop: async () => {
      await Promise.all([bare.stop(), bareHono.stop()]);
    },
  };
}

/**
 * When the `index`th of `count` entries spread evenly over `days` days ending yesterday was written: its day number,
 * and a time in the waking hours of that day, an hour ahead of UTC (`hoursApart` between the day's entries).
 */
export function spreadOverDays(
  rand: () => number,
  index: number,
  count: number,
  days: number,
  hoursApart = 2,
): { day: number; at: string } {
  const lastDay = dayKeyToNumber(localDayKey(new Date())) - 1;
  const day = lastDay - days + 1 + Math.floor((index * days) / count);
  const hour = 6 + (index % Math.floor(14 / hoursApart)) * hoursApart;
  return { day, at: new Date(day * 86_400_000 + hour * 3_600_000 + between(rand, 0, 3_000_000)).toISOString() };
}

/**
 * Writes a bench's journals straight into the database file of a stopped server: signs up everyone in `people`
 * (an account and a profile each), then lets `write` add their rows, through the database's own triggers as the
 * app's writes go. Returns the seconds it took.
 */
export function seedDatabase(dataDir: string, people: readonly string[], write: (db: SQLite.Database) => void): number {
  const started = performance.now();
  const db = new SQLite(join(dataDir, 'journal.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = new Date().toISOString();
  const addUser = db.prepare('insert into "user" (id, name, email, emailVerified, image, createdAt, updatedAt) values (?, ?, ?, 1, null, ?, ?)');
  const addProfile = db.prepare('insert into profile (uid, email, display_name, created_at, show_memory_section) values (?, ?, ?, ?, 1)');
  db.transaction(() => {
    for (const id of people) {
      addUser.run(id, id, `${id}@bench.test`, now, now);
      addProfile.run(id, `${id}@bench.test`, id, now);
    }
  })();
  write(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Hands `rows` to `write` in batches of `perTransaction`, each batch written in a transaction of its own. */
export function inTransactions<T>(db: SQLite.Database, rows: Iterable<T>, perTransaction: number, write: (batch: T[]) => void): void {
  let batch: T[] = [];
  const flush = db.transaction(() => write(batch));
  for (const row of rows) {
    batch.push(row);
    if (batch.length === perTransaction) {
      flush();
      batch = [];
    }
  }
  if (batch.length > 0) flush();
}
