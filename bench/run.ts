import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { FIRST_SCREEN_PHOTOS, LIGHTHOUSE_RUNS, LONG_JOURNAL, SCRIPT_TIME_RUNS, benchFirstScreen, benchLighthouse } from './client';
import { benchDayView } from './day-view';
import { benchNewDevice, FILL_CPU_SLOWDOWN, NEW_DEVICE_JOURNAL } from './new-device';
import { benchExport, type ImportBench, LOAD_CONNECTIONS, LOAD_SECONDS, type TailResult } from './data';
import { benchJournal } from './journal';
import { benchImportSafety } from './import-safety';
import { benchInsights, INSIGHTS_REQUESTS } from './insights';
import { benchReminders, type ReminderBench } from './reminders';
import { benchLookBack } from './look-back';
import { benchSearch, SEARCH_REQUESTS } from './search';
import { benchTags, TAG_REQUESTS } from './tags';
import { benchFloor, benchMemory, benchSignInIsolation } from './server';
import type { LoadResult } from './support';

/**
 * `npm run bench [-- part ...]`: parts are journal, lookback, floor, isolation, memory, client, newdevice, data,
 * importsafety, reminders, push, search, tags, dayview, insights (default: all).
 * BENCH_SOAK_SECONDS sets the memory soak (default 600). Writes bench/RESULTS.md: a run of every part writes it
 * whole; a run of some parts replaces only their sections and keeps the others as the last run wrote them.
 */
const ALL = ['journal', 'lookback', 'floor', 'isolation', 'memory', 'client', 'newdevice', 'data', 'importsafety', 'reminders', 'push', 'search', 'tags', 'dayview', 'insights'] as const;
type Part = (typeof ALL)[number];
const requested = process.argv.slice(2).filter((arg): arg is Part => (ALL as readonly string[]).includes(arg));
const parts = new Set<Part>(requested.length ? requested : ALL);
const RESULTS_FILE = 'bench/RESULTS.md';

/** How each part's sections of RESULTS.md begin, so that a run of some parts finds the sections it replaces. */
const HEADINGS: Record<Part, string[]> = {
  journal: ['## Journal API'],
  lookback: ['## Looking back'],
  floor: ['## Server floor'],
  isolation: ['## Sign-in isolation'],
  memory: ['## Memory'],
  client: ['## First screen', '## Lighthouse'],
  newdevice: ['## A new device'],
  data: ['## Export', '## Import of'],
  importsafety: ['## Import safety'],
  reminders: ['## Reminders (10,000'],
  push: ['## Reminders with notifications'],
  search: ['## Search'],
  tags: ['## Tags'],
  dayview: ['## The day view of'],
  insights: ['## Insights'],
};

/**
 * RESULTS.md from a run of some parts: the file as it was, with the sections of the parts that ran replaced by
 * their new ones (or added, in the order of ALL). Sections of no known part stay at the end.
 */
function mergedResults(fresh: Map<Part, string[]>): string[] {
  const lines = readFileSync(RESULTS_FILE, 'utf8').replace(/\n$/, '').split('\n');
  const firstSection = lines.findIndex((line) => line.startsWith('## '));
  const preamble = firstSection === -1 ? lines : lines.slice(0, firstSection);
  const kept = new Map<Part | undefined, string[]>();
  let owner: Part | undefined;
  for (const line of firstSection === -1 ? [] : lines.slice(firstSection)) {
    if (line.startsWith('## ')) owner = ALL.find((part) => HEADINGS[part].some((heading) => line.startsWith(heading)));
    kept.set(owner, [...(kept.get(owner) ?? []), line]);
  }
  return [...preamble, ...ALL.flatMap((part) => fresh.get(part) ?? kept.get(part) ?? []), ...(kept.get(undefined) ?? [])];
}

const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.requestsPerSecond} | ${r.rounds?.join(' / ') ?? '-'} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;
const LOAD_HEADER = [
  '| measure | requests/s | each round | p50 ms | p99 ms | errors | non-2xx |',
  '|---|---|---|---|---|---|---|',
];

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    '# Benchmark results',
    '',
    `Produced by \`npm run bench${requested.length ? ` -- ${requested.join(' ')}` : ''}\` on ${date}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, SQLite.`,
    'Load comes from autocannon in the benchmark process (100 connections, 5 s per figure after 1 s of warm-up, unless',
    'stated) on loopback; the servers are child processes. Where a table gives rounds, its measures took turns for five',
    'rounds of 3 s and the figure is the median round: a ratio compares medians of the same rounds.',
    '',
  ];
  const fresh = new Map<Part, string[]>();
  let section: string[] = [];
  const log = (...more: string[]) => {
    section.push(...more);
    process.stdout.write(`${more.join('\n')}\n`);
  };
  const begin = (part: Part) => {
    section = [];
    fresh.set(part, section);
  };

  if (parts.has('journal')) {
    begin('journal');
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
  if (parts.has('lookback')) {
    begin('lookback');
    const result = await benchLookBack();
    const timing = (name: string, t: { p50: number; p99: number }) => `| ${name} | ${t.p50} | ${t.p99} |`;
    log(
      '## Looking back (today\'s day view at 10,000 entries)',
      '',
      `A writer with ${result.entries.toLocaleString('en-US')} entries over ${result.years} years (two a day on two days of every three, one gratitude in five empty), written into the database before the server started; today's look-back shows ${result.shown} entries in ${result.groups} groups. 1000 sequential requests each, the requests in turn, after 200 of warm-up. Today's view makes one request, the day list with looking back in it (\`&lookBack=1\`); the day list alone is what the view asked before looking back. Started at a load average of ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores.`,
      '',
      '| request | p50 ms | p99 ms |',
      '|---|---|---|',
      timing('day list alone (GET /api/entries?day)', result.cached.dayList),
      timing("today's list with looking back (GET /api/entries?day&lookBack=1)", result.cached.todaysList),
      timing('look-back on its own (GET /api/look-back?today)', result.cached.lookBack),
      timing('"Another" (GET /api/jar?today), never cached', result.cached.jar),
      timing('day list alone, answer cache off (READ_CACHE_MB=0)', result.uncached.dayList),
      timing("today's list with looking back, answer cache off", result.uncached.todaysList),
      timing('look-back on its own, answer cache off', result.uncached.lookBack),
      timing(`look-back, a writer with ${result.lightEntries} entries, answer cache off`, result.light.lookBackUncached),
      timing(`"Another", a writer with ${result.lightEntries} entries`, result.light.jar),
      '',
      `- Today's day view with looking back: ${(result.cached.todaysList.p50 / result.cached.dayList.p50).toFixed(2)}x the p50 of the day list alone (goal: within 1.3x); with the answer cache off, ${(result.uncached.todaysList.p50 / result.uncached.dayList.p50).toFixed(2)}x.`,
      `- At 10,000 entries against ${result.lightEntries}: the look-back with the answer cache off takes ${(result.uncached.lookBack.p50 / Math.max(0.01, result.light.lookBackUncached.p50)).toFixed(2)}x the small writer's p50 (it reads a month count for each month of the 20 years, and shows ${result.groups} dates), "Another" ${(result.cached.jar.p50 / Math.max(0.01, result.light.jar.p50)).toFixed(2)}x. Figures taken one after the other, not in turn, move with the machine's load.`,
      '',
    );
  }
  if (parts.has('floor')) {
    begin('floor');
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
    begin('isolation');
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
    begin('memory');
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
    begin('client');
    const firstScreen = await benchFirstScreen();
    log(
      '## First screen (production build, JavaScript fetched before the page answers taps, gzip -9)',
      '',
      'The scripts the browser asked for before the app took the page over (the page shows, and its links work, from its HTML before that; its buttons and forms wait for the app); code loaded later, while the page already answers, is not counted.',
      '',
      '| page | scripts | gzip kB |',
      '|---|---|---|',
      ...firstScreen.map((s) => `| ${s.page} | ${s.scripts} | ${s.gzipKb} |`),
      '',
      "- Goal: at most 90 kB before the landing page answers taps. It starts with an entry of its own, without the router or the data layer (docs/decisions/023); the sign-in page starts the whole app.",
      '',
    );
    const { scores, ratio, thumbKb } = await benchLighthouse();
    log(
      '## Lighthouse (mobile settings, system Chromium)',
      '',
      `Each page measured ${LIGHTHOUSE_RUNS} times; the scores are the lowest of the runs, the times and the layout shift the highest. The journal is measured for a writer with one entry and for one with ${LONG_JOURNAL.entries.toLocaleString('en-US')} entries over ${LONG_JOURNAL.years} years (imported), and for one whose entry today holds ${FIRST_SCREEN_PHOTOS} photos (2048 x 1536 JPEGs uploaded as the app sends them; thumbnails of ${thumbKb.join(', ')} kB), each opened as every day: signed in, the service worker in control, the journal the device saved when it was last open.`,
      '',
      '| page | performance | each run | accessibility | best practices | largest contentful paint ms | each run | layout shift | first contentful paint ms | total blocking time ms | each run | script ms, each run | machine speed, each run |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...scores.map(
        (s) =>
          `| ${s.page} | ${s.performance} | ${s.performanceRuns.join(', ')} | ${s.accessibility} | ${s.bestPractices} | ${s.lcpMs} | ${s.lcpRuns.join(', ')} | ${s.cls} | ${s.fcpMs} | ${s.tbtMs} | ${s.tbtRuns.join(', ')} | ${s.scriptMsRuns.join(', ')} | ${s.benchmarkIndexRuns.join(', ')} |`,
      ),
      '',
      "- Each run has a browser of its own, as Lighthouse's command line does; each writer's runs share a profile, so the journal opens as it does on a writer's phone, from the service worker.",
      `- The times are Lighthouse's simulation of a slow phone on a slow connection, worked out from what it saw. What the browser itself saw here, unthrottled: the largest contentful paint after at most ${scores.map((s) => `${s.observedLcpMs} ms (${s.page})`).join(', ')}.`,
      "- Script ms: the main thread's time in scripts (evaluation, parsing and compiling; Lighthouse's mainthread-work-breakdown) in Lighthouse's slowed phone.",
      "- Machine speed: Lighthouse's benchmark index of this machine during the runs (higher is faster). Lighthouse slows the page's main thread by a fixed factor, so the same build scores lower on a slower or busier machine.",
      '- Goals: performance at least 95, accessibility 100, best practices 100, largest contentful paint under 2000 ms, layout shift at most 0.02, in every run; total blocking time at most 200 ms on the journal.',
      '',
      `### Opening the journal does not cost more with a longer history`,
      '',
      `Two writers over ${LONG_JOURNAL.years} years, each journal opened as every day, measured in turns, ${SCRIPT_TIME_RUNS} runs each; the figure is each one's lowest (other work on the machine only ever adds to a run). Machine speed ${ratio.benchmarkIndex.lowest}–${ratio.benchmarkIndex.highest}.`,
      '',
      '| entries | script ms, each run | machine speed, each run | lowest |',
      '|---|---|---|---|',
      `| ${ratio.small.entries.toLocaleString('en-US')} | ${ratio.small.scriptMs.join(', ')} | ${ratio.small.benchmarkIndex.join(', ')} | ${ratio.small.lowest} |`,
      `| ${ratio.large.entries.toLocaleString('en-US')} | ${ratio.large.scriptMs.join(', ')} | ${ratio.large.benchmarkIndex.join(', ')} | ${ratio.large.lowest} |`,
      '',
      `- Script time at ${ratio.large.entries.toLocaleString('en-US')} entries: ${(ratio.large.lowest / ratio.small.lowest).toFixed(2)}x the time at ${ratio.small.entries} (goal: within 1.2x).`,
      '',
    );
  }
  if (parts.has('newdevice')) {
    begin('newdevice');
    const { score, fill } = await benchNewDevice();
    log(
      `## A new device: the first sign-in with ${NEW_DEVICE_JOURNAL.entries.toLocaleString('en-US')} entries over ${NEW_DEVICE_JOURNAL.years} years`,
      '',
      `Lighthouse (mobile settings) on the journal with nothing of the app on the device yet, ${LIGHTHOUSE_RUNS} runs, each in a profile of its own: the scores are the lowest, the times the highest.`,
      '',
      '| page | performance | each run | largest contentful paint ms | each run | layout shift | total blocking time ms | each run | machine speed, each run |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${score.page} | ${score.performance} | ${score.performanceRuns.join(', ')} | ${score.lcpMs} | ${score.lcpRuns.join(', ')} | ${score.cls} | ${score.tbtMs} | ${score.tbtRuns.join(', ')} | ${score.benchmarkIndexRuns.join(', ')} |`,
      '',
      `The sign-in itself, on a phone as Lighthouse models one (Chrome's CPU throttling ${FILL_CPU_SLOWDOWN}x, a slow 4G connection), from the tap on Sign In on the sign-in page: today's entry showed after ${fill.firstScreenMs} ms; the device's copy of the journal then filled in the background, whole (${fill.entriesHeld.toLocaleString('en-US')} entries) after ${fill.wholeMs} ms, and meanwhile the page's main thread ran ${fill.longTasks} tasks over 50 ms, the longest ${fill.longestTaskMs} ms.`,
      '',
      "- Goals: today's page within 2,000 ms of signing in on the slowed phone; no task over 50 ms while the copy fills.",
      '- The Lighthouse runs open the journal by its address, the whole app fetched cold on the slowed connection; a writer signing in has it from the sign-in page already.',
      '',
    );
  }
  if (parts.has('data')) {
    begin('data');
    // Other work on the machine moves these figures a great deal: the load when the part began says how much.
    const load = () => `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    // In a lean process of its own (import-alone.ts), and first: this one's own pauses would count in the answers'
    // times.
    const importLoad = load();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/import-alone.ts'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const result = JSON.parse(stdout) as ImportBench;
    const exportLoad = load();
    const { seedSeconds, runs } = await benchExport();
    log(
      '## Export of 100,000 entries',
      '',
      `One user's 100,000 entries (three prompts of 100 to 300 characters each, a memory on one in five, nine a day or so over 30 years), written into the database file before the server started (${seedSeconds} s). GET /api/export with the session; the body is read with node:http and thrown away. The server's resident memory (VmRSS) is read every 50 ms: before is the median of the 0.5 s before the request, peak the highest reading while it ran, after the median of the 1 s after it. Started at a ${exportLoad}.`,
      '',
      '| format | MB | first byte ms | total s | MB/s | entries/s | RSS before MB | RSS peak MB | RSS after MB | peak - before MB |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${r.label} | ${r.mb} | ${r.firstByteMs} | ${(r.totalMs / 1000).toFixed(1)} | ${r.mbPerSecond} | ${r.entriesPerSecond} | ${r.baselineRssMb} | ${r.peakRssMb} | ${r.afterRssMb} | ${r.growthMb} |`,
      ),
      '',
      ...runs.map(
        (r) =>
          `- ${r.label}: memory grew ${r.growthMb} MB at its peak while sending ${r.mb} MB, ${pct(r.growthMb, r.mb)} of the file (goal: flat, far below the file's size).`,
      ),
      '',
    );
    const ratio = (during: TailResult, idle: TailResult) => (during.p99Exact / idle.p99Exact).toFixed(2);
    log(
      '## Import of a Day One file',
      '',
      `A Day One JSON export of ${result.entries.toLocaleString('en-US')} entries (new uuids, ten time zones, about 2 kB of Markdown each), posted to /api/import?format=dayone with the session as application/octet-stream; each import goes into an account of its own, so each writes every entry. Started at a ${importLoad}.`,
      '',
      '| file MB | entries | preview (dryRun=1) ms | import ms | of which before its first commit | entries/s |',
      '|---|---|---|---|---|---|',
      `| ${result.fileMb} | ${result.entries} | ${result.previewMs} | ${result.importMs} | ${result.importFirstWriteMs} | ${result.entriesPerSecond} |`,
      '',
      `Other users at ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s a figure after 1 s of warm-up: day reads (GET /api/entries?day) with no import running and while imports run back to back, in turns for ${result.readRounds.length} rounds (the figure is the round with the median p99; five rounds rather than three since imports give way to other requests, because on a machine shared with other work one round in three or four is far off the others). The p99 is taken from each answer's own time, to a hundredth of a millisecond: autocannon's figures count whole milliseconds, and the p99 without an import is about 1 ms; then POST /api/entries of another user, once each way. The imports ask for progress, as the app does: its first line marks the end of reading, checking and looking up the file, as the first transaction begins.`,
      '',
      '| measure | requests/s | p50 ms | p99 ms | p99.9 ms | max ms | errors | non-2xx |',
      '|---|---|---|---|---|---|---|---|',
      ...(
        [
          ['day reads, no import', result.readIdle],
          ['day reads while importing', result.readDuring],
          ['POST /api/entries, no import', result.postIdle],
          ['POST /api/entries while importing', result.postDuring],
        ] as const
      ).map(([name, r]) => `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99Exact} | ${r.p999} | ${r.max} | ${r.errors} | ${r.non2xx} |`),
      '',
      '| day reads while importing, by what the import was doing when asked | reads | p50 ms | p99 ms | max ms |',
      '|---|---|---|---|---|',
      ...(
        [
          ['reading, checking and looking up the file', result.readsBeforeFirstWrite],
          ['writing, a transaction at a time', result.readsWhileWriting],
        ] as const
      ).map(([name, r]) => `| ${name} | ${r.count} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.max)} |`),
      '',
      `- Day reads' p99 while importing: ${ratio(result.readDuring, result.readIdle)}x the p99 without (goal: within 3x). p99 of each round, without / with: ${result.readRounds.map((r) => `${r.idle.p99Exact} / ${r.during.p99Exact}`).join(', ')} ms.`,
      `- Day reads asked before an import's first commit, while the server received the file, read and checked it on a worker thread and looked up its entries, waited up to ${Math.round(result.readsBeforeFirstWrite.max)} ms; those asked while it wrote had a p99 of ${result.readsWhileWriting.p99.toFixed(2)} ms, ${(result.readsWhileWriting.p99 / result.readIdle.p99Exact).toFixed(1)}x the p99 without an import.`,
      `- POST p99 while importing: ${ratio(result.postDuring, result.postIdle)}x the p99 without.`,
      `- ${result.importsDuring} imports ran during the measures: ${(result.importMsDuring / 1000).toFixed(1)} s each on average, ${(result.firstWriteMsDuring / 1000).toFixed(1)} s of it before the first commit (alone: ${(result.importMs / 1000).toFixed(1)} s and ${(result.importFirstWriteMs / 1000).toFixed(1)} s).`,
      '',
    );
  }
  if (parts.has('importsafety')) {
    begin('importsafety');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const { limitMb, runs, tiny } = await benchImportSafety();
    const [bomb, twoBombs, millionRows] = runs;
    log(
      '## Import safety (hostile and large files)',
      '',
      `Each file is previewed (\`dryRun=1\`) on a fresh server with the default file limit (IMPORT_MAX_MB ${limitMb}), once it has read a small file (its reader thread is started). The server's resident memory (VmRSS) is read every 10 ms: the growth is the highest reading less the median of the half second before. Two at once are two people's previews sent together. Started at a ${startedAt}.`,
      '',
      '| file | MB | answered ms | statuses | answer | RSS before MB | peak growth MB |',
      '|---|---|---|---|---|---|---|',
      ...runs.map((r) => `| ${r.label} | ${r.fileMb} | ${r.ms} | ${r.statuses.join(', ')} | ${r.message} | ${r.baselineRssMb} | ${r.growthMb} |`),
      '',
      `- Zip bomb: refused in ${bomb?.ms ?? '?'} ms, the server ${bomb?.growthMb ?? '?'} MB larger at its peak (goal: within a second, growing by no more than the ${limitMb} MB file limit; unpacked whole in one step it took 18 s and 3.2 GB). Two at once: ${twoBombs?.ms ?? '?'} ms, ${twoBombs?.growthMb ?? '?'} MB (it was 6.5 GB).`,
      `- 1,000,000 CSV rows: refused in ${millionRows?.ms ?? '?'} ms, ${millionRows?.growthMb ?? '?'} MB at the peak, ${millionRows ? (millionRows.growthMb / millionRows.fileMb).toFixed(1) : '?'}x the file (goal: a few times the file; read whole they took 2.1 GB).`,
      `- Large files that are accepted: ${runs.slice(3).map((r) => `${r.growthMb} MB for ${r.fileMb} MB (${(r.growthMb / r.fileMb).toFixed(1)}x, ${r.label.split(' (')[0]})`).join('; ')}.`,
      `- A CSV file of 4 rows on a fresh server: its preview, the first file the server reads (a reader thread starts), took ${tiny.firstPreviewMs} ms; its import right after, ${tiny.progressLines} progress lines and the result, ${tiny.importMs} ms (it was 4.5 s, every import starting a thread of its own).`,
      '',
    );
  }
  if (parts.has('reminders')) {
    begin('reminders');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const runs: ReminderBench[] = [await benchReminders('sqlite'), await benchReminders('postgres', 2)];
    const where = (r: ReminderBench) => (r.database === 'sqlite' ? 'SQLite, 1 process' : `PostgreSQL, ${r.processes} processes`);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const ms = (value: number) => (Math.round(value * 10) / 10).toString();
    const phases = (r: ReminderBench, of: 'p50' | 'p99') => [r.idle, r.queueing, r.sending].map((phase) => ms(phase[of])).join(' / ');
    log(
      '## Reminders (10,000 due at the same minute)',
      '',
      `${runs[0]?.people.toLocaleString('en-US')} verified accounts, each with a reminder every day at the same moment (the same minute on each one's clock in ten time zones), written into the database while the server ran. Another user reads their day (GET /api/entries?day) at 10 connections from 15 s before that minute until the last email is sent; each read is counted in the phase it was asked in. The benchmark reads the database every 25 ms to see how many reminders are claimed and how many emails still wait. Emails go to the outbox folder. On PostgreSQL two server processes share the work; the reads go to the first. Started at a ${startedAt}.`,
      '',
      '| database | first queued s | all queued s | all sent s | reads before / queueing / sending | p50 ms before / queueing / sending | p99 ms before / queueing / sending | max ms queueing | errors | non-2xx |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${where(r)} | ${seconds(r.firstQueuedMs)} | ${seconds(r.allQueuedMs)} | ${seconds(r.allSentMs)} | ${r.idle.reads} / ${r.queueing.reads} / ${r.sending.reads} | ${phases(r, 'p50')} | ${phases(r, 'p99')} | ${ms(r.queueing.max)} | ${r.errors} | ${r.non2xx} |`,
      ),
      '',
      ...runs.map(
        (r) =>
          `- ${where(r)}: all ${r.people.toLocaleString('en-US')} queued ${seconds(r.allQueuedMs)} s after their minute (goal: within 60 s); other users' day reads had a p50 / p99 of ${ms(r.queueing.p50)} / ${ms(r.queueing.p99)} ms while they were queued and ${ms(r.sending.p50)} / ${ms(r.sending.p99)} ms while they were sent, against ${ms(r.idle.p50)} / ${ms(r.idle.p99)} ms before.`,
      ),
      '',
    );
  }
  if (parts.has('push')) {
    begin('push');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const runs: ReminderBench[] = [await benchReminders('sqlite', 1, { push: true }), await benchReminders('postgres', 2, { push: true })];
    const where = (r: ReminderBench) => (r.database === 'sqlite' ? 'SQLite, 1 process' : `PostgreSQL, ${r.processes} processes`);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const ms = (value: number) => (Math.round(value * 10) / 10).toString();
    log(
      '## Reminders with notifications (10,000 due at the same minute, by email and push)',
      '',
      `As "Reminders" above, each of the ${runs[0]?.people.toLocaleString('en-US')} people also with one device taking notifications, on a local HTTPS push service (src/server/test/push-service.ts) that checks each push's VAPID signature and decrypts its payload; the server trusts its certificate through NODE_EXTRA_CA_CERTS. "Sending" lasts until the last email and the last notification are out. Started at a ${startedAt}.`,
      '',
      '| database | all queued s | all emails sent s | all pushes delivered s | pushes refused | p50 ms before / sending | p99 ms before / queueing / sending | errors | non-2xx |',
      '|---|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${where(r)} | ${seconds(r.allQueuedMs)} | ${seconds(r.allSentMs)} | ${seconds(r.allPushedMs)} | ${r.pushesRefused} | ${ms(r.idle.p50)} / ${ms(r.sending.p50)} | ${ms(r.idle.p99)} / ${ms(r.queueing.p99)} / ${ms(r.sending.p99)} | ${r.errors} | ${r.non2xx} |`,
      ),
      '',
      ...runs.map(
        (r) =>
          `- ${where(r)}: all ${r.people.toLocaleString('en-US')} notifications delivered ${seconds(r.allPushedMs)} s after their minute (goal: within 60 s); other users' day reads had a p99 of ${ms(r.sending.p99)} ms meanwhile, against ${ms(r.idle.p99)} ms before.`,
      ),
      '',
    );
  }
  if (parts.has('search')) {
    begin('search');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const result = await benchSearch();
    const [alone, among] = result.rounds;
    if (!alone || !among) throw new Error('search: a round is missing');
    const ratio = (search: number, day: number) => (search / Math.max(0.01, day)).toFixed(2);
    log(
      '## Search',
      '',
      `One person's journal of ${result.mine.toLocaleString('en-US')} entries (about seven a day over four years, three prompts of 100 to 300 characters from a vocabulary of 200 ordinary words, a memory on one in five; five rare words in one entry in 200 each), searched through GET /api/search with the session, first alone in the database, then among ${among.others.toLocaleString('en-US')} entries of 100 other people written the same way. All were written into the database file with multi-row INSERTs while the server was stopped, through the index's triggers: the searcher's in ${result.seedMineSeconds} s, the others' in ${result.seedOthersSeconds} s. Each figure is ${SEARCH_REQUESTS} sequential requests, the measures in turns, after a warm-up; the day list is GET /api/entries?day of a day with ${alone.dayList.entries} entries on the same server, with the answer cache off (READ_CACHE_MB=0). Started at a ${startedAt}.`,
      '',
      '| measure | results on the first page | p50 ms alone | p99 ms alone | p50 ms among 1,000,000 | p99 ms among 1,000,000 | p50 / day list p50, alone | among 1,000,000 |',
      '|---|---|---|---|---|---|---|---|',
      `| day list, answer cache off | ${alone.dayList.entries} | ${alone.dayList.p50} | ${alone.dayList.p99} | ${among.dayList.p50} | ${among.dayList.p99} | 1 | 1 |`,
      ...alone.searches.map((search, index) => {
        const other = among.searches[index];
        return `| ${search.label} | ${search.results} | ${search.p50} | ${search.p99} | ${other?.p50 ?? '-'} | ${other?.p99 ?? '-'} | ${ratio(search.p50, alone.dayList.p50)} | ${ratio(other?.p50 ?? 0, among.dayList.p50)} |`;
      }),
      '',
      `- A one-word search among 1,000,000 entries of others: ${among.searches.slice(0, 3).map((search) => `${search.label.split(' (')[0]} ${ratio(search.p50, among.dayList.p50)}x`).join(', ')} the day list's uncached p50 (goal: within 3x).`,
      `- The same searches alone in the database against among 1,000,000 others, p50: ${alone.searches.map((search, index) => `${search.p50} / ${among.searches[index]?.p50 ?? '-'} ms`).join(', ')} (goal: no growth with other people's entries).`,
      `- The search index: ${alone.indexMb} MB of a ${alone.fileMb} MB database file for ${result.mine.toLocaleString('en-US')} entries; ${among.indexMb} MB of ${among.fileMb} MB for ${(result.mine + among.others).toLocaleString('en-US')}.`,
      '',
    );
  }
  if (parts.has('tags')) {
    begin('tags');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const result = await benchTags();
    const [alone, among] = result.rounds;
    if (!alone || !among) throw new Error('tags: a round is missing');
    const ratio = (read: number, day: number) => (read / Math.max(0.01, day)).toFixed(2);
    const others = among.others.toLocaleString('en-US');
    log(
      '## Tags',
      '',
      `One writer's journal of ${result.mine.toLocaleString('en-US')} entries (about seven a day over four years, tags typed in the gratitude: family on one entry in five, volcano on one in 500), read a tag at a time through GET /api/tags/entries (20 a page) and GET /api/search?q=%23family with the session, first alone in the database, then among ${others} entries of 100 other people tagged the same way. All were written into the database file with their entry_tag rows while the server was stopped: the writer's in ${result.seedMineSeconds} s, the others' in ${result.seedOthersSeconds} s. Each figure is ${TAG_REQUESTS} sequential requests, the measures in turns, after a warm-up; the day list is GET /api/entries?day of a day with ${alone.dayList.entries} entries on the same server, with the answer cache off (READ_CACHE_MB=0). Started at a ${startedAt}.`,
      '',
      `| measure | results | p50 ms alone | p99 ms alone | p50 ms among ${others} | p99 ms among ${others} | p50 / day list p50, alone | among ${others} |`,
      '|---|---|---|---|---|---|---|---|',
      `| day list, answer cache off | ${alone.dayList.entries} | ${alone.dayList.p50} | ${alone.dayList.p99} | ${among.dayList.p50} | ${among.dayList.p99} | 1 | 1 |`,
      ...alone.reads.map((read, index) => {
        const other = among.reads[index];
        return `| ${read.label} | ${read.results} | ${read.p50} | ${read.p99} | ${other?.p50 ?? '-'} | ${other?.p99 ?? '-'} | ${ratio(read.p50, alone.dayList.p50)} | ${ratio(other?.p50 ?? 0, among.dayList.p50)} |`;
      }),
      '',
      `- A tag's entries among ${others} entries of others: ${among.reads.map((read) => `${read.label.split(' (')[0]}: ${ratio(read.p50, among.dayList.p50)}x`).join('; ')} the day list's uncached p50 (goal: within 3x).`,
      '',
    );
  }
  if (parts.has('dayview')) {
    begin('dayview');
    const { plain, own } = await benchDayView();
    log(
      "## The day view of one's own prompts, mood and tags",
      '',
      "Today's list (GET /api/entries?day, answer cache off) of two writers with three entries each, read in turns (5 rounds of 3 s, the median round): one on the app's own three prompts, one on five prompts of their own with a mood and five tags on every entry.",
      '',
      ...LOAD_HEADER,
      row("the app's own prompts", plain),
      row('five own prompts, mood and tags', own),
      '',
      `- p50 of one's own prompts, mood and tags: ${(own.p50 / Math.max(0.01, plain.p50)).toFixed(2)}x the plain day view's; requests/s ${pct(own.requestsPerSecond, plain.requestsPerSecond)} of it (goal: within 1.1x).`,
      '',
    );
  }
  if (parts.has('insights')) {
    begin('insights');
    const startedAt = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`;
    const result = await benchInsights();
    const [alone, among] = result.rounds;
    if (!alone || !among) throw new Error('insights: a round is missing');
    const others = result.others.toLocaleString('en-US');
    const ratio = (measure: number, day: number) => (measure / Math.max(0.01, day)).toFixed(2);
    log(
      '## Insights',
      '',
      `One writer's journal of ${result.mine.toLocaleString('en-US')} entries (the search benchmark's: about seven a day over four years, a mood on two in three), its figures through GET /api/insights (the whole journal, and this year) and the monthly look back through GET /api/insights/month, on a server whose clock reads the second day of next month, first alone in the database, then among ${others} entries of others written the same way (seeded in ${result.seedOthersSeconds} s). The word counts, the days' moods and the hours written of journals written straight into the database were counted as migrations 026 and 029 count a stored journal: the writer's 10,000 entries in ${result.countMineSeconds} s. Each figure is ${INSIGHTS_REQUESTS} sequential requests, the measures in turns, after a warm-up, with the answer cache off (every answer worked out afresh: the first visit after a write) and on (a visit while the journal is unchanged); the day list is GET /api/entries?day of a day with ${alone.dayList.entries} entries, answer cache off. Started at a ${startedAt}.`,
      '',
      `| measure | p50 ms alone | p99 ms alone | p50 ms among ${others} | p99 ms among ${others} | p50 / day list p50, alone | among ${others} |`,
      '|---|---|---|---|---|---|---|',
      `| day list, answer cache off | ${alone.dayList.p50} | ${alone.dayList.p99} | ${among.dayList.p50} | ${among.dayList.p99} | 1 | 1 |`,
      ...alone.measures.map((measure, index) => {
        const other = among.measures[index];
        return `| ${measure.label} | ${measure.p50} | ${measure.p99} | ${other?.p50 ?? '-'} | ${other?.p99 ?? '-'} | ${ratio(measure.p50, alone.dayList.p50)} | ${ratio(other?.p50 ?? 0, among.dayList.p50)} |`;
      }),
      '',
      `- Goals: Insights within 5x and the monthly look back within 2x of the day list's uncached p50, and no slower among ${others} entries of others than alone.`,
      `- From the answer cache (a visit while the journal is unchanged), among ${others}: ${among.measures
        .filter((measure) => measure.label.endsWith('cache on'))
        .map((measure) => `${measure.label.replace(', answer cache on', '')} ${ratio(measure.p50, among.dayList.p50)}x`)
        .join(', ')} the day list.`,
      `- Worked out afresh (the first visit after a write), among ${others}: ${among.measures
        .filter((measure) => measure.label.endsWith('cache off'))
        .map((measure) => `${measure.label.replace(', answer cache off', '')} ${ratio(measure.p50, among.dayList.p50)}x`)
        .join(', ')} the day list: the words are read from the counts every write keeps (decision 038).`,
      `- Alone against among ${others}, p50: ${alone.measures.map((measure, index) => `${measure.p50} / ${among.measures[index]?.p50 ?? '-'} ms`).join(', ')}.`,
      '',
    );
  }
  let whole: string[];
  if (requested.length && existsSync(RESULTS_FILE)) {
    // The file's header speaks of the run that wrote it; each part run now says when, and how, it was measured.
    for (const [part, [heading = '', ...rest]] of fresh) {
      fresh.set(part, [heading, '', `Measured by \`npm run bench -- ${part}\` on ${date}.`, ...rest]);
    }
    whole = mergedResults(fresh);
  } else whole = [...lines, ...ALL.flatMap((part) => fresh.get(part) ?? [])];
  writeFileSync(RESULTS_FILE, `${whole.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
