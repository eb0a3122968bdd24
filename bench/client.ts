import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { apiRequest, signedInUser } from '../e2e/support/api';
import { chromiumPath } from '../e2e/support/browser';
import { freePort, type RunningServer } from '../e2e/support/server';
import { dayKeyToNumber, dayNumberToKey, localDayKey } from '../src/shared/dates';
import { between, prose, random } from './data';
import { startJournal } from './support';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface FirstScreen {
  page: string;
  scripts: number;
  gzipKb: number;
}

export interface LighthouseScore {
  page: string;
  runs: number;
  /** The lowest of the runs: a page must meet the goals every time, not once. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The highest of the runs. */
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** Each run's performance score, in the order measured. */
  performanceRuns: number[];
  /** Each run's largest contentful paint, ms. */
  lcpRuns: number[];
  /** Each run's main-thread time in scripts (evaluation, parsing, compiling), ms of Lighthouse's slowed phone. */
  scriptMsRuns: number[];
  /**
   * The largest contentful paint the browser itself saw, unthrottled, in the slowest run, ms: the times above are
   * Lighthouse's simulation of a slow phone, worked out from what it saw.
   */
  observedLcpMs: number;
  /**
   * Lighthouse's reading of this machine's speed in each run (its benchmark index: higher is faster). Lighthouse
   * slows the page's main thread down by a fixed factor, so a slower or busier machine scores lower.
   */
  benchmarkIndex: { lowest: number; highest: number };
  /** Each run's benchmark index, in the order measured. */
  benchmarkIndexRuns: number[];
  /** Each run's total blocking time, ms. */
  tbtRuns: number[];
}

/** How many times each page is measured: Lighthouse's scores move from run to run, and the worst run is reported. */
export const LIGHTHOUSE_RUNS = 5;

/** The writer with years of history: about one entry a day over three years, today's among them. */
export const LONG_JOURNAL = { entries: 1_100, years: 3 };

/** The journals whose opening costs are compared: the main thread's script time should not grow with the history. */
export const SCRIPT_TIME_JOURNALS = { small: 10, large: 3_000 };
/**
 * Runs of each of the two, in turns; the figure is each one's lowest: other work on the machine only ever adds to a
 * run's script time.
 */
export const SCRIPT_TIME_RUNS = 5;

/** What today's entry of every measured journal says: the journal has opened once it shows. */
export const TODAYS_GRATITUDE = 'Morning light';

/**
 * A journal of `count` entries as the app's own JSON export writes it, spread evenly over `years` years up to today,
 * with today's entry first: three prompts of 100 to 300 characters and a memory on one in five.
 */
export function journalFile(count: number, years: number, seed = 7): Buffer {
  const rand = random(seed);
  const today = dayKeyToNumber(localDayKey(new Date()));
  const days = Math.round(years * 365.25);
  const entries = Array.from({ length: count }, (_, i) => {
    const day = today - Math.floor((i * days) / count);
    const at = new Date(day * 86_400_000 + between(rand, 6, 20) * 3_600_000).toISOString();
    return {
      id: crypto.randomUUID(),
      date: at,
      localDate: dayNumberToKey(day),
      utcOffset: 0,
      gratitude: i === 0 ? TODAYS_GRATITUDE : prose(rand, between(rand, 100, 300)),
      celebration: prose(rand, between(rand, 100, 300)),
      manifestation: prose(rand, between(rand, 100, 300)),
      memory: rand() < 0.2 ? prose(rand, between(rand, 100, 300)) : '',
      updatedAt: at,
    };
  });
  return Buffer.from(JSON.stringify({ format: 'gratitude-journal', version: 1, entries }));
}

/** A signed-in writer whose journal holds `count` entries over `years` years (imported, as a writer brings theirs). */
export async function writerWithJournal(server: Pick<RunningServer, 'url' | 'waitForMail'>, email: string, count: number, years: number) {
  const { cookie } = await signedInUser(server, email);
  if (count === 1) {
    await apiRequest(server.url, 'POST', '/api/entries', {
      cookie,
      body: { content: { gratitude: TODAYS_GRATITUDE, celebration: 'A finished chapter', manifestation: 'A calm week' }, localDate: localDayKey(new Date()) },
    });
    return cookie;
  }
  const res = await fetch(`${server.url}/api/import?format=ours`, {
    method: 'POST',
    // Writes must come from the app's own origin (sameOriginWrites), as a browser's would.
    headers: { origin: server.url, cookie, 'content-type': 'application/octet-stream' },
    body: journalFile(count, years),
  });
  const answer = (await res.json()) as { imported?: number };
  if (res.status !== 200 || answer.imported !== count) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer)}`);
  return cookie;
}

/** Photos on today's entry in the journal measured with photos on its first screen. */
export const FIRST_SCREEN_PHOTOS = 3;

/**
 * A photo as the app sends one (2048 x 1536, its most): shapes and shades at every scale (random values on grids of
 * 256, 64 and 16 px, smoothly joined) with a sensor's grain over them, different for each `seed`, so that its
 * renditions, the thumbnail above all, weigh what a phone photo's do rather than a flat colour's.
 */
export async function photoLike(seed: number): Promise<Buffer> {
  const width = 2048;
  const height = 1536;
  const rand = random(seed);
  const layers = [256, 64, 16].map((cell) => {
    const columns = width / cell + 2;
    const values = Float32Array.from({ length: columns * (height / cell + 2) * 3 }, () => rand() - 0.5);
    return { cell, columns, values };
  });
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const grain = (Math.imul(at + seed, 2654435761) >>> 27) - 16;
      for (let channel = 0; channel < 3; channel += 1) {
        let value = 128;
        for (const [index, { cell, columns, values }] of layers.entries()) {
          const gx = x / cell;
          const gy = y / cell;
          const x0 = Math.floor(gx);
          const y0 = Math.floor(gy);
          const fx = gx - x0;
          const fy = gy - y0;
          const v = (cx: number, cy: number) => values[((cy * columns + cx) * 3 + channel) % values.length] ?? 0;
          const top = v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx;
          const bottom = v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx;
          value += (top * (1 - fy) + bottom * fy) * ([220, 110, 60][index] ?? 0);
        }
        pixels[at + channel] = Math.max(0, Math.min(255, value + grain));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

/**
 * A signed-in writer with one entry, today's, holding FIRST_SCREEN_PHOTOS photos (uploaded as the app uploads them):
 * the journal's first screen shows their thumbnails. Says how large each thumbnail is, in kB.
 */
export async function writerWithPhotos(server: Pick<RunningServer, 'url' | 'waitForMail'>, email: string) {
  const { cookie } = await signedInUser(server, email);
  const ids: string[] = [];
  const thumbKb: number[] = [];
  for (let n = 0; n < FIRST_SCREEN_PHOTOS; n += 1) {
    const res = await fetch(`${server.url}/api/photos`, {
      method: 'POST',
      headers: { origin: server.url, cookie, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await photoLike(n + 1)),
    });
    const photo = (await res.json()) as { id?: string };
    if (res.status !== 201 || !photo.id) throw new Error(`a photo upload answered ${res.status}`);
    ids.push(photo.id);
    const thumb = await fetch(`${server.url}/api/photos/${photo.id}/thumb`, { headers: { cookie } });
    thumbKb.push(Math.round((await thumb.arrayBuffer()).byteLength / 102.4) / 10);
  }
  const created = await apiRequest(server.url, 'POST', '/api/entries', {
    cookie,
    body: {
      content: { gratitude: TODAYS_GRATITUDE, celebration: 'A finished chapter', manifestation: 'A calm week', photos: ids },
      localDate: localDayKey(new Date()),
    },
  });
  if (created.status !== 201) throw new Error(`the entry with photos answered ${created.status}`);
  return { cookie, thumbKb };
}

/** The JavaScript a first-time visitor's browser fetches before the app has taken the page over, gzipped, per page. */
export async function benchFirstScreen(): Promise<FirstScreen[]> {
  const server = await startJournal();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
  try {
    const results: FirstScreen[] = [];
    for (const [name, path, ready] of [
      ['landing', '/', 'Start Your Free Journal'],
      ['login', '/login', 'Sign In'],
    ] as const) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      // The moment the app has taken the page made ahead of time over (app-start.tsx, or the landing page's
      // landing-start.tsx, takes #root's mark away): until then the page shows, and its links work, but its buttons and
      // forms wait for the app.
      await context.addInitScript(`
        new MutationObserver((changes, observer) => {
          const root = document.getElementById('root');
          if (root && !root.hasAttribute('data-prerendered')) {
            window.appTookOverAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
      `);
      const page = await context.newPage();
      const bodies = new Map<string, Buffer>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        void response.body().then((body) => bodies.set(response.url(), body)).catch(() => undefined);
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByText(ready).first().waitFor();
      // Functions, not strings, which the page's CSP would refuse to evaluate; this file has no DOM types.
      await page.waitForFunction(() => (globalThis as { appTookOverAt?: number }).appTookOverAt !== undefined);
      // Every script asked for before the app took the page over is what the page waited for to answer taps; code
      // asked for later (the journal, the offline cache, the service worker) loads while the page is in use.
      const before = await page.evaluate(() => {
        const ready = (globalThis as { appTookOverAt?: number }).appTookOverAt ?? 0;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= ready)
          .map((entry) => entry.name);
      });
      const first = [...bodies].filter(([url]) => before.includes(url)).map(([, body]) => body);
      const gzip = first.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      results.push({ page: name, scripts: first.length, gzipKb: Math.round(gzip / 102.4) / 10 });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export type Run = Omit<
  LighthouseScore,
  'page' | 'runs' | 'performanceRuns' | 'lcpRuns' | 'benchmarkIndex' | 'scriptMsRuns' | 'benchmarkIndexRuns' | 'tbtRuns'
> & {
  benchmarkIndex: number;
  scriptMs: number;
};

/** The journal's scenarios and the ratio of script time between a short and a long history. */
export interface ScriptTimeRatio {
  small: { entries: number; scriptMs: number[]; benchmarkIndex: number[]; lowest: number };
  large: { entries: number; scriptMs: number[]; benchmarkIndex: number[]; lowest: number };
  benchmarkIndex: { lowest: number; highest: number };
}


/**
 * A device on which a writer uses the app: its own browser profile, which holds their sign-in, the service worker and
 * the saved journal, as a phone does.
 */
export class Device {
  readonly profile = mkdtempSync(join(tmpdir(), 'journal-lh-'));
  constructor(
    readonly serverUrl: string,
    private readonly cookie: string | null,
  ) {}

  /** A browser on this device's profile, signed in or not, and the port Lighthouse drives it on. */
  async open() {
    const url = new URL(this.serverUrl);
    const port = await freePort();
    const context = await chromium.launchPersistentContext(this.profile, {
      executablePath: chromiumPath(),
      args: [...FLAGS, `--remote-debugging-port=${port}`],
    });
    await context.clearCookies();
    if (this.cookie) {
      await context.addCookies(
        this.cookie.split('; ').map((pair) => {
          const [cookieName = '', ...rest] = pair.split('=');
          return { name: cookieName, value: rest.join('='), domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const };
        }),
      );
    }
    return { context, port };
  }

  /**
   * The writer has used the app on this phone before: their journal has been opened, the service worker that keeps
   * the app on the device is installed and in control, and the device has saved the journal it showed.
   */
  async openJournalOnce() {
    const first = await this.open();
    const page = await first.context.newPage();
    await page.goto(`${this.serverUrl}/journal`);
    await page.getByText(TODAYS_GRATITUDE).first().waitFor();
    // Functions, not strings, which the page's CSP would refuse to evaluate; this file has no DOM types.
    // Each function runs in the page as written: it cannot call anything defined here.
    type Worker = { ready: Promise<unknown>; controller: unknown };
    type WithWorker = { navigator: { serviceWorker: Worker } };
    await page.evaluate(() => (globalThis as unknown as WithWorker).navigator.serviceWorker.ready.then(() => undefined));
    const controlled = () => (globalThis as unknown as WithWorker).navigator.serviceWorker.controller !== null;
    if (!(await page.evaluate(controlled))) await page.reload();
    await page.waitForFunction(controlled);
    await page.getByText(TODAYS_GRATITUDE).first().waitFor();
    // The device saves its copy of the journal at most once a second, and whatever it fills in the background after.
    await page.waitForTimeout(5_000);
    await first.context.close();
  }

  /**
   * One Lighthouse run of `path` in a browser of its own, as Lighthouse's command line launches one per run. A run
   * Lighthouse could not record (its trace lost the navigation, on a busy machine) is run again, up to twice.
   */
  async lighthouse(path: string): Promise<Run> {
    for (let attempt = 1; ; attempt += 1) {
      const run = await this.lighthouseOnce(path);
      if (run.performance > 0 || attempt === 3) return run;
    }
  }

  private async lighthouseOnce(path: string): Promise<Run> {
    const browser = await this.open();
    // A visitor's page is measured as a first visit (Lighthouse clears the site's storage and cache first); the
    // writer's journal as they open it, from what the device keeps.
    const result = await lighthouse(`${this.serverUrl}${path}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: this.cookie !== null,
    }).finally(() => browser.context.close());
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    // A run Lighthouse could not measure scores 0: say why, rather than leave a bare 0 in the table.
    const failure = result.lhr.runtimeError;
    if (failure) console.warn(`Lighthouse could not measure ${path}: ${failure.code} ${failure.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const observed = (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)
      ?.items?.[0]?.observedLargestContentfulPaint;
    // The main thread's time in scripts (evaluation, parsing and compiling), in Lighthouse's slowed phone.
    const work = (audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)
      ?.items ?? [];
    const scriptMs = work
      .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
      .reduce((sum, item) => sum + item.duration, 0);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(metric('first-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      observedLcpMs: Math.round(observed ?? Number.NaN),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      scriptMs: Math.round(scriptMs),
    };
  }
}

/**
 * Lighthouse on the journal whose first screen shows today's entry with FIRST_SCREEN_PHOTOS photos, alone
 * (`npx tsx bench/lighthouse-photos.ts`), in turns with the same journal's entry without photos, LIGHTHOUSE_RUNS runs
 * each: the machine's load falls on both alike, and each run's benchmark index is kept beside its score.
 */
export async function benchLighthousePhotos(): Promise<{ withPhotos: LighthouseScore; without: LighthouseScore; thumbKb: number[] }> {
  const server = await startJournal();
  try {
    const photos = await writerWithPhotos(server, 'lighthouse-photos@bench.test');
    const plain = await writerWithJournal(server, 'lighthouse-plain@bench.test', 1, 0);
    const devices = [new Device(server.url, photos.cookie), new Device(server.url, plain)];
    for (const device of devices) await device.openJournalOnce();
    const runs: Run[][] = [[], []];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      for (const [index, device] of devices.entries()) runs[index]?.push(await device.lighthouse('/journal'));
    }
    return {
      withPhotos: summary(`journal, today's entry with ${FIRST_SCREEN_PHOTOS} photos`, runs[0] ?? []),
      without: summary('journal, today\'s entry without photos', runs[1] ?? []),
      thumbKb: photos.thumbKb,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Lighthouse (mobile settings) on landing, login and signed-in writers' journals, in the system Chromium: the journal
 * of a writer with one entry, of one whose entry today holds FIRST_SCREEN_PHOTOS photos, and of one with
 * LONG_JOURNAL's years of history.
 *
 * Each run has a browser of its own, as Lighthouse's own command line launches one per run; each writer's runs share
 * one profile, which holds the journal's sign-in, service worker and saved journal. Runs in one long-lived browser
 * measured Lighthouse as much as the page: its coverage gatherer walks the renderer's whole heap when it starts, and a
 * renderer that had shown the journal in earlier runs made that walk a task of up to 370 ms (Lighthouse's slowed
 * phone) at the start of every later journal run.
 */
export async function benchLighthouse(): Promise<{ scores: LighthouseScore[]; ratio: ScriptTimeRatio; thumbKb: number[] }> {
  const server = await startJournal({ IMPORT_MAX_MB: '64' });
  try {
    const visitor = new Device(server.url, null);
    const scores: LighthouseScore[] = [];
    const pages: [string, string, Device, () => Promise<void>][] = [
      ['landing', '/', visitor, async () => undefined],
      ['login', '/login', visitor, async () => undefined],
    ];
    for (const [name, entries, years] of [
      ['journal, one entry', 1, 0],
      [`journal, ${LONG_JOURNAL.entries.toLocaleString('en-US')} entries over ${LONG_JOURNAL.years} years`, LONG_JOURNAL.entries, LONG_JOURNAL.years],
    ] as const) {
      const cookie = await writerWithJournal(server, `lighthouse-${entries}@bench.test`, entries, years);
      const device = new Device(server.url, cookie);
      pages.push([name, '/journal', device, () => device.openJournalOnce()]);
    }
    const withPhotos = await writerWithPhotos(server, 'lighthouse-photos@bench.test');
    const photoDevice = new Device(server.url, withPhotos.cookie);
    pages.push([`journal, today's entry with ${FIRST_SCREEN_PHOTOS} photos`, '/journal', photoDevice, () => photoDevice.openJournalOnce()]);
    for (const [name, path, device, prepare] of pages) {
      await prepare();
      const runs: Run[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await device.lighthouse(path));
      scores.push(summary(name, runs));
    }

    // Script time, a short history against a long one, in turns so that the machine's load falls on both alike.
    const devices = [];
    for (const entries of [SCRIPT_TIME_JOURNALS.small, SCRIPT_TIME_JOURNALS.large]) {
      const cookie = await writerWithJournal(server, `script-time-${entries}@bench.test`, entries, LONG_JOURNAL.years);
      const device = new Device(server.url, cookie);
      await device.openJournalOnce();
      devices.push({ entries, device, runs: [] as Run[] });
    }
    for (let run = 0; run < SCRIPT_TIME_RUNS; run += 1) {
      for (const each of devices) each.runs.push(await each.device.lighthouse('/journal'));
    }
    const [small, large] = devices.map(({ entries, runs }) => {
      const scriptMs = runs.map((r) => r.scriptMs);
      return { entries, scriptMs, benchmarkIndex: runs.map((r) => r.benchmarkIndex), lowest: Math.min(...scriptMs) };
    });
    const all = devices.flatMap((each) => each.runs.map((r) => r.benchmarkIndex));
    if (!small || !large) throw new Error('no script time measured');
    return {
      scores,
      ratio: { small, large, benchmarkIndex: { lowest: Math.min(...all), highest: Math.max(...all) } },
      thumbKb: withPhotos.thumbKb,
    };
  } finally {
    await server.stop();
  }
}

export function summary(page: string, runs: Run[]): LighthouseScore {
  const lowest = (key: 'performance' | 'accessibility' | 'bestPractices') => Math.min(...runs.map((r) => r[key]));
  const highest = (key: 'lcpMs' | 'cls' | 'fcpMs' | 'tbtMs' | 'observedLcpMs') => Math.max(...runs.map((r) => r[key]));
  return {
    page,
    runs: runs.length,
    performance: lowest('performance'),
    accessibility: lowest('accessibility'),
    bestPractices: lowest('bestPractices'),
    lcpMs: highest('lcpMs'),
    cls: highest('cls'),
    fcpMs: highest('fcpMs'),
    tbtMs: highest('tbtMs'),
    observedLcpMs: highest('observedLcpMs'),
    performanceRuns: runs.map((r) => r.performance),
    lcpRuns: runs.map((r) => r.lcpMs),
    scriptMsRuns: runs.map((r) => r.scriptMs),
    benchmarkIndexRuns: runs.map((r) => r.benchmarkIndex),
    tbtRuns: runs.map((r) => r.tbtMs),
    benchmarkIndex: {
      lowest: Math.min(...runs.map((r) => r.benchmarkIndex)),
      highest: Math.max(...runs.map((r) => r.benchmarkIndex)),
    },
  };
}
