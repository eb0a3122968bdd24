import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { gone, visible } from './browser';

/** Offline, the requests that fail for want of a network are the point of a test: the console errors they leave. */
export const NETWORK_FAILURE = /^Failed to load resource: net::ERR_/;

/**
 * Resolves once the service worker has cached the app shell and controls the page. A page that was loading
 * while the worker activated stays uncontrolled (the worker claimed the clients it had); the next load is not.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The query cache as the app saved it in IndexedDB, or '' when there is none. */
export function readOfflineCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const opening = indexedDB.open('gratitude-journal');
        opening.onerror = () => resolve('');
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction('keyval').objectStore('keyval').get('query-cache');
          reading.onsuccess = () => {
            database.close();
            resolve(typeof reading.result === 'string' ? reading.result : '');
          };
          reading.onerror = () => {
            database.close();
            resolve('');
          };
        };
      }),
  );
}

/** Resolves once the saved query cache holds `text` (the app saves it at most once a second). */
export async function waitForOfflineCopy(page: Page, text: string): Promise<void> {
  await expect.poll(() => readOfflineCopy(page), { timeout: 10_000, interval: 200 }).toContain(text);
}

/**
 * Whether the device's copy of the journal (lib/persistence/journal-copy.ts) is whole (a fill has finished) and
 * holds `text`.
 */
function journalCopyHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const opening = indexedDB.open('gratitude-journal');
        opening.onerror = () => resolve(false);
        opening.onsuccess = () => {
          const database = opening.result;
          const range = IDBKeyRange.bound('journal-copy/', 'journal-copy/\uffff');
          const reading = database.transaction('keyval').objectStore('keyval').getAll(range);
          reading.onsuccess = () => {
            database.close();
            const values = reading.result as unknown[];
            const whole = values.some(
              (value) => typeof value === 'object' && value !== null && (value as { version?: unknown }).version != null,
            );
            resolve(whole && JSON.stringify(values).includes(wanted));
          };
          reading.onerror = () => {
            database.close();
            resolve(false);
          };
        };
      }),
    text,
  );
}

/** Resolves once the journal's copy on the device is whole and holds `text` (it fills a few seconds after a page opens). */
export async function waitForJournalCopy(page: Page, text: string): Promise<void> {
  await expect.poll(() => journalCopyHolds(page, text), { timeout: 20_000, interval: 200 }).toBe(true);
}

/** Cuts the page's connection and waits until the app says it is offline. */
export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await visible(page.getByRole('status').filter({ hasText: 'Offline' }));
}

/**
 * The bodies of the entry creates (POST /api/entries) that reach the server from now on, as they arrive: a try made
 * offline fails in the browser and is not one of them.
 */
export function recordEntryCreates(page: Page): unknown[] {
  const creates: unknown[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/entries') {
      creates.push(request.postDataJSON());
    }
  });
  return creates;
}

/** Restores the connection and waits until the card holding `text`, saved offline, no longer waits to sync. */
export async function reconnectAndSync(page: Page, context: BrowserContext, text: string): Promise<void> {
  await context.setOffline(false);
  await gone(page.getByRole('article').filter({ hasText: text }).getByText('Waiting to sync'));
}

/** After a reload, the journal shows the entry holding `text` once, and nothing else. */
export async function expectOneCardAfterReload(page: Page, text: string): Promise<void> {
  await page.reload();
  await visible(page.getByText(text));
  expect(await page.getByRole('article').count()).toBe(1);
}
