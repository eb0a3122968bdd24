import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, type RunningServer, startServer, waitUntilAnswering } from '../e2e/support/server';
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
}

/**
 * autocannon at 100 connections for 5 s unless told otherwise. Its latencies are whole milliseconds; timing every
 * response in the benchmark process instead made the load generator, not the bare servers, the bottleneck.
 */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 100, duration: 5, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
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
 * The floors for `url`: a bare node:http server, then a bare Hono server, each sent the same request (headers
 * included) and answering with the status, headers and body `url` answers, captured once into `dir`. A floor that
 * sent fewer bytes than the server it is compared with would flatter itself. `measure` loads a bare server's URL.
 */
export async function measureFloors(
  url: string,
  headers: Record<string, string>,
  dir: string,
  measure: (url: string) => Promise<LoadResult>,
): Promise<{ bare: LoadResult; bareHono: LoadResult }> {
  const res = await fetch(url, { headers });
  const kept = Object.fromEntries([...res.headers].filter(([name]) => !PER_CONNECTION.has(name)));
  const file = join(dir, 'captured-response.json');
  writeFileSync(file, JSON.stringify({ status: res.status, headers: kept, body: await res.text() }));
  const { pathname, search } = new URL(url);
  const measureChild = async (script: string) => {
    const child = await startChild([script], { BARE_RESPONSE_FILE: file }, '/');
    try {
      return await measure(`${child.url}${pathname}${search}`);
    } finally {
      await child.stop();
    }
  };
  return { bare: await measureChild('bench/bare-server.mjs'), bareHono: await measureChild('bench/bare-hono.mjs') };
}

