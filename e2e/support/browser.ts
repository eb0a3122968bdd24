import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error('Chromium not found: install the Debian package chromium or set CHROMIUM_PATH');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A page whose console errors and uncaught exceptions fail the test. A 4xx that the app answers on purpose
 * (a wrong password, say) shows in Chromium's console as "Failed to load resource"; that one is expected.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export function expectNoConsoleErrors(errors: string[]): void {
  expect(errors, 'console errors in the page').toEqual([]);
}

/** Waits for the element to be on screen. */
export function visible(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible' });
}

/** Waits for the element to be hidden or gone. */
export function gone(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'hidden' });
}

/**
 * Waits for the app to take over a page made ahead of time (app-start.tsx, or the landing page's landing-start.tsx, takes #root's mark away): before that, links
 * load a new page and buttons wait (public/start-app.js).
 */
export function appStarted(page: Page): Promise<unknown> {
  // This module is also compiled with Node's types, which have no DOM: the one call, by name. (Not a string, which the
  // page's CSP would refuse to evaluate.)
  return page.waitForFunction(
    () => !(globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document.querySelector('#root[data-prerendered]'),
  );
}

/** Holds the app's scripts back until `release` is called: the page shows only what its HTML holds. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
