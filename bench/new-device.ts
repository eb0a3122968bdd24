import { LIGHTHOUSE_RUNS, type LighthouseScore, type Run, Device, TODAYS_GRATITUDE, summary, writerWithJournal } from './client';
import { startJournal } from './support';

/** The writer who signs in on a new phone: ten years of journal, about three entries a day. */
export const NEW_DEVICE_JOURNAL = { entries: 10_000, years: 10 };
/** How much slower than this machine the phone is taken to be while the copy fills (Chrome's CPU throttling). */
export const FILL_CPU_SLOWDOWN = 4;

export interface CopyFill {
  /** From the navigation to today's entry on screen, ms (with the CPU slowed). */
  firstScreenMs: number;
  /** From the navigation to the whole journal kept on the device, ms. */
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
    return { score, fill: await measureFill(new Device(server.url, cookie)) };
  } finally {
    await server.stop();
  }
}

async function measureFill(device: Device): Promise<CopyFill> {
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
    await page.goto(`${device.serverUrl}/journal`);
    await page.getByText(TODAYS_GRATITUDE).first().waitFor({ timeout: 60_000 });
    const firstScreenMs = await page.evaluate(() => performance.now());
    type Request<T> = { result: T; onsuccess: (() => void) | null; onerror: (() => void) | null };
    type Store = { getAll(range: unknown): Request<unknown[]> };
    type Database = { transaction(name: string): { objectStore(name: string): Store }; close(): void };
    type Page = { indexedDB: { open(name: string): Request<Database> }; IDBKeyRange: { bound(a: string, b: string): unknown } };
    const copyIndex = () =>
      new Promise<{ version: number | null; held: number } | null>((resolve) => {
        const { indexedDB, IDBKeyRange } = globalThis as unknown as Page;
        const opening = indexedDB.open('gratitude-journal');
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          const database = opening.result;
          const range = IDBKeyRange.bound('journal-copy/', 'journal-copy/\uffff');
          const reading = database.transaction('keyval').objectStore('keyval').getAll(range);
          reading.onsuccess = () => {
            database.close();
            type Index = { version: number | null; months: Record<string, { entries: number }> };
            const index = (reading.result as unknown[]).find(
              (value): value is Index => typeof value === 'object' && value !== null && 'months' in value,
            );
            if (!index) resolve(null);
            else resolve({ version: index.version, held: Object.values(index.months).reduce((sum, m) => sum + m.entries, 0) });
          };
          reading.onerror = () => resolve(null);
        };
      });
    let index = await page.evaluate(copyIndex);
    while (!index || index.version === null) {
      await page.waitForTimeout(250);
      index = await page.evaluate(copyIndex);
    }
    const wholeMs = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(() => (globalThis as unknown as Tasks).longTasks);
    const during = tasks.filter((task) => task.start > firstScreenMs);
    return {
      firstScreenMs: Math.round(firstScreenMs),
      wholeMs: Math.round(wholeMs),
      entriesHeld: index.held,
      longTasks: during.length,
      longestTaskMs: Math.round(Math.max(0, ...during.map((task) => task.duration))),
    };
  } finally {
    await context.close();
  }
}
