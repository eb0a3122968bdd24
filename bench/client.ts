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
      // The moment the app has taken the page made ahead of time over (main.tsx and lib/early-input.ts take #root's
      // mark away): until then the page shows, and its links work, but its buttons and forms wait for the app.
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

/** Lighthouse (mobile settings) on landing, login and a signed-in user's journal, in the system Chromium. */
export async function benchLighthouse(): Promise<LighthouseScore[]> {
  const server = await startJournal();
  const port = await freePort();
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'journal-lh-')), {
    executablePath: chromiumPath(),
    args: [...FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const { cookie } = await signedInUser(server, 'lighthouse@bench.test');
    await apiRequest(server.url, 'POST', '/api/entries', {
      cookie,
      body: { content: { gratitude: 'Morning light', celebration: 'A finished chapter', manifestation: 'A calm week' }, localDate: localDayKey(new Date()) },
    });
    const scores: LighthouseScore[] = [];
    for (const [name, path, signedIn] of [
      ['landing', '/', false],
      ['login', '/login', false],
      ['journal', '/journal', true],
    ] as const) {
      await context.clearCookies();
      if (signedIn) {
        const url = new URL(server.url);
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const [cookieName = '', ...rest] = pair.split('=');
            return { name: cookieName, value: rest.join('='), domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const };
          }),
        );
      }
      const runs: (Omit<LighthouseScore, 'page' | 'runs' | 'performanceRuns' | 'benchmarkIndex'> & { benchmarkIndex: number })[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: signedIn,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
          fcpMs: Math.round(metric('first-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
      }
      const lowest = (key: 'performance' | 'accessibility' | 'bestPractices') => Math.min(...runs.map((r) => r[key]));
      const highest = (key: 'lcpMs' | 'cls' | 'fcpMs' | 'tbtMs') => Math.max(...runs.map((r) => r[key]));
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
        performanceRuns: runs.map((r) => r.performance),
        benchmarkIndex: {
          lowest: Math.min(...runs.map((r) => r.benchmarkIndex)),
          highest: Math.max(...runs.map((r) => r.benchmarkIndex)),
        },
      });
    }
    return scores;
  } finally {
    await context.close();
    await server.stop();
  }
}
