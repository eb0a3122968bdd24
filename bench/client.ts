import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { apiRequest, signedInUser } from '../e2e/support/api';
import { chromiumPath } from '../e2e/support/browser';
import { freePort } from '../e2e/support/server';
import { localDayKey } from '../src/shared/dates';
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
}

/** How many times each page is measured: Lighthouse's scores move from run to run, and the worst run is reported. */
export const LIGHTHOUSE_RUNS = 5;

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

/**
 * Lighthouse (mobile settings) on landing, login and a signed-in user's journal, in the system Chromium.
 *
 * Each run has a browser of its own, as Lighthouse's own command line launches one per run; they share one profile,
 * which holds the journal's sign-in, service worker and cache. Runs in one long-lived browser measured Lighthouse as
 * much as the page: its coverage gatherer walks the renderer's whole heap when it starts, and a renderer that had
 * shown the journal in earlier runs made that walk a task of up to 370 ms (Lighthouse's slowed phone) at the start of
 * every later journal run.
 */
export async function benchLighthouse(): Promise<LighthouseScore[]> {
  const server = await startJournal();
  const profile = mkdtempSync(join(tmpdir(), 'journal-lh-'));
  const { cookie } = await signedInUser(server, 'lighthouse@bench.test');
  await apiRequest(server.url, 'POST', '/api/entries', {
    cookie,
    body: { content: { gratitude: 'Morning light', celebration: 'A finished chapter', manifestation: 'A calm week' }, localDate: localDayKey(new Date()) },
  });
  const url = new URL(server.url);
  const sessionCookies = cookie.split('; ').map((pair) => {
    const [cookieName = '', ...rest] = pair.split('=');
    return { name: cookieName, value: rest.join('='), domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const };
  });
  /** A browser on the shared profile, signed in or not, and the port Lighthouse drives it on. */
  const openBrowser = async (signedIn: boolean) => {
    const port = await freePort();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: [...FLAGS, `--remote-debugging-port=${port}`],
    });
    await context.clearCookies();
    if (signedIn) await context.addCookies(sessionCookies);
    return { context, port };
  };
  try {
    /**
     * The writer has used the app on this phone before: their journal has been opened once, and the service worker
     * that keeps the app on the device is installed and in control. Done just before the journal's runs: a visitor's
     * page measured after it would meet that service worker in its first run (Lighthouse clears the site's storage
     * as that run starts, with the worker already running).
     */
    const openJournalOnce = async () => {
      const first = await openBrowser(true);
      const page = await first.context.newPage();
      await page.goto(`${server.url}/journal`);
      await page.getByText('Morning light').first().waitFor();
      // Functions, not strings, which the page's CSP would refuse to evaluate; this file has no DOM types.
      // Each function runs in the page as written: it cannot call anything defined here.
      type Worker = { ready: Promise<unknown>; controller: unknown };
      type WithWorker = { navigator: { serviceWorker: Worker } };
      await page.evaluate(() => (globalThis as unknown as WithWorker).navigator.serviceWorker.ready.then(() => undefined));
      const controlled = () => (globalThis as unknown as WithWorker).navigator.serviceWorker.controller !== null;
      if (!(await page.evaluate(controlled))) await page.reload();
      await page.waitForFunction(controlled);
      await first.context.close();
    };

    const scores: LighthouseScore[] = [];
    for (const [name, path, signedIn] of [
      ['landing', '/', false],
      ['login', '/login', false],
      ['journal', '/journal', true],
    ] as const) {
      type Run = Omit<LighthouseScore, 'page' | 'runs' | 'performanceRuns' | 'lcpRuns' | 'benchmarkIndex'>;
      const runs: (Run & { benchmarkIndex: number })[] = [];
      if (signedIn) await openJournalOnce();
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const browser = await openBrowser(signedIn);
        // A visitor's page is measured as a first visit (Lighthouse clears the site's storage and cache first); the
        // writer's journal as they open it, from what the device keeps.
        const result = await lighthouse(`${server.url}${path}`, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: signedIn,
        }).finally(() => browser.context.close());
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        // A run Lighthouse could not measure scores 0: say why, rather than leave a bare 0 in the table.
        const failure = result.lhr.runtimeError;
        if (failure) console.warn(`Lighthouse could not measure ${path} (run ${run + 1}): ${failure.code} ${failure.message}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        const observed = (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)
          ?.items?.[0]?.observedLargestContentfulPaint;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
          fcpMs: Math.round(metric('first-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          observedLcpMs: Math.round(observed ?? Number.NaN),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
      }
      const lowest = (key: 'performance' | 'accessibility' | 'bestPractices') => Math.min(...runs.map((r) => r[key]));
      const highest = (key: 'lcpMs' | 'cls' | 'fcpMs' | 'tbtMs' | 'observedLcpMs') => Math.max(...runs.map((r) => r[key]));
      scores.push({
        page: name,
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
        benchmarkIndex: {
          lowest: Math.min(...runs.map((r) => r.benchmarkIndex)),
          highest: Math.max(...runs.map((r) => r.benchmarkIndex)),
        },
      });
    }
    return scores;
  } finally {
    await server.stop();
  }
}
