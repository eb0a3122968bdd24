import { API_PASSWORD } from '../e2e/support/api';
import { appStarted } from '../e2e/support/browser';
import { LIGHTHOUSE_RUNS, type LighthouseScore, type Run, Device, TODAYS_GRATITUDE, summary, writerWithJournal } from './client';
import { startJournal } from './support';

/** The writer who signs in on a new phone: ten years of journal, about three entries a day. */
export const NEW_DEVICE_JOURNAL = { entries: 10_000, years: 10 };
/**
 * The phone of the sign-in: Lighthouse's mobile settings as Chrome's own throttling applies them, the CPU slowed 4
 * times and a slow 4G connection (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up).
 */
export const FILL_CPU_SLOWDOWN = 4;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export interface CopyFill {
  /** From the tap on Sign In to today's entry on screen, ms, on the slowed phone. */
  firstScreenMs: number;
  /** From the tap on Sign In to the whole journal kept on the device, ms. */
  wholeMs: number;
  entriesHeld: number;
  /** The page's main-thread tasks over 50 ms after today's entry showed, while the copy filled: how many, the longest. */
  longTasks: number;
  longestTaskMs: number;
}

/**
 * The first sign-in on a new device with a journal of years: Lighthouse (mobile settings) on the journal with nothing
 * of the app on the device yet (each run a profile of its own), and then, in a browser whose CPU is slowed, how long
 * the device's copy of the journal takes to fill and the longest task on the page's main thread meanwhile.
 */
export async function benchNewDevice(): Promise<{ score: LighthouseScore; fill: CopyFill }> {
  const server = await startJournal({ IMPORT_MAX_MB: '64' });
  try {
    const { entries, years } = NEW_DEVICE_JOURNAL;
    const cookie = await writerWithJournal(server, 'new-device@bench.test', entries, years);
    const runs: Run[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await new Device(server.url, cookie).lighthouse('/journal'));
    const score = summary(`journal on a new device, ${entries.toLocaleString('en-US')} entries over ${years} years`, runs);
    return { score, fill: await measureFill(new Device(server.url, null), 'new-device@bench.test') };
  } finally {
    await server.stop();
  }
}

async function measureFill(device: Device, email: string): Promise<CopyFill> {
  const { context } = await device.open();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: FILL_CPU_SLOWDOWN });
    // Functions, not strings, which the page's CSP would refuse; each runs in the page as written. This file has no
    // DOM types: the page's objects are described as far as they are used.
    type Tasks = { longTasks: { start: number; duration: number }[] };
    type Observer = new (
      callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
    ) => { observe(options: { type: string; buffered: boolean }): void };
    await page.addInitScript(() => {
      const held = globalThis as unknown as Tasks & { PerformanceObserver: Observer };
      held.longTasks = [];
      new held.PerformanceObserver((list) => {
        for (const task of list.getEntries()) held.longTasks.push({ start: task.startTime, duration: task.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${device.serverUrl}/login`);
    await appStarted(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(API_PASSWORD);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    const tapped = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText(TODAYS_GRATITUDE).first().waitFor({ timeout: 60_000 });
    const firstScreen = await page.evaluate(() => performance.now());
    type Request<T> = { result: T; onsuccess: (() => void) | null; onerror: (() => void) | null };
    type Store = { getAllKeys(range: unknown): Request<string[]>; get(key: string): Request<unknown> };
    type Database = { transaction(name: string): { objectStore(name: string): Store }; close(): void };
    type Page = { indexedDB: { open(name: string): Request<Database> }; IDBKeyRange: { bound(a: string, b: string): unknown } };
    // Reads the copy's index alone (its key has no month after the user): reading the months would put the whole
    // journal through the page's main thread at each look, and the figures would measure the bench.
    const copyIndex = () =>
      new Promise<{ version: number | null; held: number } | null>((resolve) => {
        const { indexedDB, IDBKeyRange } = globalThis as unknown as Page;
        const opening = indexedDB.open('gratitude-journal');
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          const database = opening.result;
          const store = database.transaction('keyval').objectStore('keyval');
          const listing = store.getAllKeys(IDBKeyRange.bound('journal-copy/', 'journal-copy/\uffff'));
          listing.onerror = () => resolve(null);
          listing.onsuccess = () => {
            const key = listing.result.find((name) => name.split('/').length === 2);
            if (!key) {
              database.close();
              resolve(null);
              return;
            }
            const reading = store.get(key);
            reading.onerror = () => resolve(null);
            reading.onsuccess = () => {
              database.close();
              const index = reading.result as { version: number | null; months: Record<string, { entries: number }> };
              resolve({ version: index.version, held: Object.values(index.months).reduce((sum, m) => sum + m.entries, 0) });
            };
          };
        };
      });
    let index = await page.evaluate(copyIndex);
    while (!index || index.version === null) {
      await page.waitForTimeout(250);
      index = await page.evaluate(copyIndex);
    }
    const whole = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(() => (globalThis as unknown as Tasks).longTasks);
    const during = tasks.filter((task) => task.start > firstScreen);
    return {
      firstScreenMs: Math.round(firstScreen - tapped),
      wholeMs: Math.round(whole - tapped),
      entriesHeld: index.held,
      longTasks: during.length,
      longestTaskMs: Math.round(Math.max(0, ...during.map((task) => task.duration))),
    };
  } finally {
    await context.close();
  }
}
