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
  performance: number;
  accessibility: number;
  bestPractices: number;
}

/** The JavaScript a first-time visitor's browser fetches before the page is usable, gzipped, per page. */
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
      const page = await context.newPage();
      const bodies: Buffer[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          bodies.push(Buffer.alloc(0));
          const index = bodies.length - 1;
          void response.body().then((body) => (bodies[index] = body)).catch(() => undefined);
        }
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByText(ready).first().waitFor();
      const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      results.push({ page: name, scripts: bodies.length, gzipKb: Math.round(gzip / 102.4) / 10 });
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
      const result = await lighthouse(`${server.url}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: signedIn,
      });
      const categories = result?.lhr.categories;
      scores.push({
        page: name,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories?.['best-practices']?.score ?? 0) * 100),
      });
    }
    return scores;
  } finally {
    await context.close();
    await server.stop();
  }
}
