import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { benchFirstScreen, benchLighthouse } from './client';
import { benchJournal } from './journal';
import { benchFloor, benchMemory, benchSignInIsolation } from './server';
import type { LoadResult } from './support';

/**
 * `npm run bench [-- part ...]`: parts are journal, floor, isolation, memory, client (default: all).
 * BENCH_SOAK_SECONDS sets the memory soak (default 600). Writes bench/RESULTS.md.
 */
const ALL = ['journal', 'floor', 'isolation', 'memory', 'client'] as const;
const requested = process.argv.slice(2).filter((arg) => (ALL as readonly string[]).includes(arg));
const parts = new Set(requested.length ? requested : ALL);

const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.requestsPerSecond} | ${r.rounds?.join(' / ') ?? '-'} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;
const LOAD_HEADER = [
  '| measure | requests/s | each round | p50 ms | p99 ms | errors | non-2xx |',
  '|---|---|---|---|---|---|---|',
];

async function main() {
  const lines = [
    '# Benchmark results',
    '',
    `Produced by \`npm run bench${requested.length ? ` -- ${requested.join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, SQLite.`,
    'Load comes from autocannon in the benchmark process (100 connections, 5 s per figure after 1 s of warm-up, unless',
    'stated) on loopback; the servers are child processes. Where a table gives rounds, its measures took turns for five',
    'rounds of 3 s and the figure is the median round: a ratio compares medians of the same rounds.',
    '',
  ];
  const log = (...more: string[]) => {
    lines.push(...more);
    process.stdout.write(`${more.join('\n')}\n`);
  };

  if (parts.has('journal')) {
    const { dayList, dayListUncached, bareDayList, bareHonoDayList, post, stats10, stats10k } = await benchJournal();
    log(
      '## Journal API',
      '',
      'The bare servers receive the same request (session cookie included) and send the same bytes: status, headers',
      '(security headers and all) and body, captured from the journal server.',
      '',
      ...LOAD_HEADER,
      row('bare node:http, same bytes as the day list', bareDayList),
      row('bare Hono, same bytes as the day list', bareHonoDayList),
      row('GET /api/entries?day (signed in)', dayList),
      row('GET /api/entries?day, answer cache off (READ_CACHE_MB=0)', dayListUncached),
      row('POST /api/entries', post),
      '',
      `- Day list: ${pct(dayList.requestsPerSecond, bareDayList.requestsPerSecond)} of the bare server (goal: at least 45%); bare Hono alone reaches ${pct(bareHonoDayList.requestsPerSecond, bareDayList.requestsPerSecond)}.`,
      `- Day list with the answer cache off: ${pct(dayListUncached.requestsPerSecond, bareDayList.requestsPerSecond)} of the bare server.`,
      `- POST: ${pct(post.requestsPerSecond, dayList.requestsPerSecond)} of the day list (goal: at least 50%); ${pct(post.requestsPerSecond, dayListUncached.requestsPerSecond)} of the uncached day list.`,
      '',
      '| stats, 1000 sequential requests each, the two users in turn | entries | p50 ms | p99 ms |',
      '|---|---|---|---|',
      `| user with 10 entries | ${stats10.entries} | ${stats10.p50} | ${stats10.p99} |`,
      `| user with 10,000 entries | ${stats10k.entries} | ${stats10k.p50} | ${stats10k.p99} |`,
      '',
      `- Stats at 10,000 entries: ${(stats10k.p50 / stats10.p50).toFixed(2)}x the p50 at 10 (goal: within 1.3x).`,
      '',
    );
  }
  if (parts.has('floor')) {
    const { bare, bareHono, healthz } = await benchFloor();
    log(
      '## Server floor',
      '',
      ...LOAD_HEADER,
      row('bare node:http, same bytes as /healthz', bare),
      row('bare Hono on @hono/node-server, no middleware, same bytes', bareHono),
      row('GET /healthz', healthz),
      '',
      `- /healthz: ${pct(healthz.requestsPerSecond, bare.requestsPerSecond)} of the bare server (goal: at least 80%).`,
      `- Bare Hono: ${pct(bareHono.requestsPerSecond, bare.requestsPerSecond)} of the bare server; /healthz is ${pct(healthz.requestsPerSecond, bareHono.requestsPerSecond)} of bare Hono.`,
      '',
    );
  }
  if (parts.has('isolation')) {
    const { idle, duringSignIns, signInsPerSecond, hash } = await benchSignInIsolation();
    log(
      '## Sign-in isolation (day reads at 10 connections, 8 s)',
      '',
      ...LOAD_HEADER,
      row('day reads, idle', idle),
      row('day reads while 20 sign-ins run', duringSignIns),
      '',
      `- p99 while signing in: ${(duringSignIns.p99 / Math.max(1, idle.p99)).toFixed(2)}x the idle p99 (goal: within 3x).`,
      `- Sign-ins: ${signInsPerSecond}/s with ${hash}, hashed on libuv's thread pool.`,
      '',
    );
  }
  if (parts.has('memory')) {
    const soak = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
    const { afterLoadMb, samplesMb, growthMb } = await benchMemory(soak);
    log(
      '## Memory',
      '',
      `- Resident memory after 100 users wrote and read 10,000 entries: ${afterLoadMb} MB.`,
      `- During a ${soak} s soak of the same load: samples ${samplesMb.join(', ')} MB; growth after warm-up ${growthMb} MB.`,
      '',
    );
  }
  if (parts.has('client')) {
    const firstScreen = await benchFirstScreen();
    log(
      '## First screen (production build, JavaScript fetched before the page is usable, gzip -9)',
      '',
      '| page | scripts | gzip kB |',
      '|---|---|---|',
      ...firstScreen.map((s) => `| ${s.page} | ${s.scripts} | ${s.gzipKb} |`),
      '',
      '- Goal: at most 110 kB for each.',
      '',
    );
    const scores = await benchLighthouse();
    log(
      '## Lighthouse (mobile settings, system Chromium)',
      '',
      '| page | performance | accessibility | best practices |',
      '|---|---|---|---|',
      ...scores.map((s) => `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} |`),
      '',
      '- Goals: performance at least 95, accessibility 100, best practices 100.',
      '',
    );
  }
  writeFileSync('bench/RESULTS.md', `${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
