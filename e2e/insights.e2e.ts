import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/shared/dates';
import { THEME_NAMES, type ThemeName } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { gone, visible } from './support/browser';
import { IPHONE } from './support/devices';
import { ADD_ENTRY } from './support/journal';
import { serverAndBrowser } from './support/suite';
import { seriousViolations } from './support/axe';

/**
 * The server and the browser both live on the second day of the month after this one, at noon UTC: the monthly
 * look back is offered on the first days of a month only, and the journal below is of the month before.
 */
const realNow = new Date();
const NOW = new Date(Date.UTC(realNow.getUTCFullYear(), realNow.getUTCMonth() + 1, 2, 12));
const SHIFT_MS = NOW.getTime() - realNow.getTime();
const TODAY = NOW.toISOString().slice(0, 10);
const LAST_MONTH = addDays(TODAY, -2).slice(0, 7);
const LAST_MONTH_NAME = new Date(`${LAST_MONTH}-01T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long' });

const suite = serverAndBrowser({
  NODE_OPTIONS: `--import ${fileURLToPath(new URL('./support/shifted-clock.mjs', import.meta.url))}`,
  E2E_CLOCK_SHIFT_MS: String(SHIFT_MS),
});

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/insights-shots';

const WORDS = ['sunlight', 'coffee', 'friends', 'music', 'rain'];

/**
 * Brings in a journal through the import API: an entry on most days of last month and a few of the month before,
 * with moods and gratitudes made of a few words, written at different hours.
 */
async function importJournal(page: Page): Promise<void> {
  const days: string[] = [];
  for (let back = 3; back <= 40; back += 1) if (back % 5 !== 0) days.push(addDays(TODAY, -back));
  const entries = days.map((localDate, index) => ({
    id: randomUUID(),
    date: `${localDate}T${String(6 + (index % 14)).padStart(2, '0')}:00:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude: `${WORDS[index % WORDS.length]} and ${WORDS[(index + 2) % WORDS.length]} on ${localDate}`,
    celebration: 'A quiet moment',
    manifestation: '',
    memory: '',
    mood: (index % 5) + 1,
    updatedAt: `${localDate}T20:00:00.000Z`,
  }));
  const response = await page.request.post('/api/import?format=ours', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify({ format: 'gratitude-journal', version: 1, entries })),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A fresh account, signed in on a device whose clock reads NOW, on today's journal. */
async function withWriter(
  test: (page: Page) => Promise<void>,
  options: { context?: BrowserContextOptions; theme?: ThemeName; journal?: boolean } = {},
): Promise<void> {
  const account = await createAccount(suite.server);
  await suite.withPage(
    async (page) => {
      await page.clock.install({ time: NOW });
      await signIn(page, account.email, account.password);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      if (options.journal !== false) await importJournal(page);
      if (options.theme) {
        const res = await page.request.patch('/api/profile', {
          headers: { origin: new URL(page.url()).origin },
          data: { theme: options.theme },
        });
        expect(res.status()).toBe(200);
      }
      await test(page);
    },
    { context: options.context },
  );
}

describe.each(THEME_NAMES)('the Insights screen in the %s theme', (theme) => {
  it.each([
    ['a wide screen', { viewport: { width: 1280, height: 900 } }],
    ['a phone', IPHONE],
  ] as const)('shows its figures with their numbers for screen readers, with no axe violations, on %s', async (name, context) => {
    await withWriter(
      async (page) => {
        // From the journal's stats, as a writer finds it.
        await page.reload();
        await page.getByRole('button', { name: 'Show more stats' }).click();
        await page.getByRole('link', { name: 'Insights', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Insights' }));
        await visible(page.getByRole('heading', { level: 2, name: 'Streaks' }));
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

        // Each chart's numbers are in a table a screen reader reads.
        await visible(page.getByRole('heading', { level: 2, name: 'How often you write' }));
        const months = page.getByRole('table', { name: /^Entries per month/ });
        expect(await months.getByRole('row').count()).toBe(13);
        expect(await months.getByRole('row', { name: new RegExp(`^${LAST_MONTH_NAME} `) }).textContent()).toMatch(/\d+/);
        await visible(page.getByRole('table', { name: /^Entries by day of the week/ }).getByRole('row', { name: /^Monday/ }));
        await visible(page.getByRole('table', { name: /^Average mood per month/ }).first());
        await visible(page.getByText(/^Average mood: (Rough|Low|Okay|Good|Great) \(\d\.\d\), over \d+ entries\.$/));
        await visible(page.getByRole('link', { name: 'Your year at a glance' }));

        const words = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'sunlight' }) });
        for (const word of WORDS) await visible(words.getByRole('link', { name: word, exact: true }));
        expect(await words.getByRole('link', { name: 'and', exact: true }).count()).toBe(0);

        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/insights-${theme}-${name.replace(/ /g, '-')}.png`, fullPage: true });
        await noSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);

        // A year chosen: the figures of that year.
        const year = TODAY.slice(0, 4);
        await page.getByLabel('Show').selectOption(year);
        await expect.poll(() => new URL(page.url()).search).toBe(`?year=${year}`);
        await visible(page.getByText(new RegExp(`entries on \\d+ days in ${year}\\.`)));

        // A word opens a search for it.
        await page.getByRole('link', { name: 'coffee', exact: true }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('coffee');
        await visible(page.getByText('coffee', { exact: false }).first());
      },
      { context, theme },
    );
  });
});

describe('a new journal', () => {
  it('gets encouragement instead of empty charts, with no axe violations', async () => {
    await withWriter(
      async (page) => {
        await page.goto('/insights');
        await visible(page.getByRole('heading', { level: 2, name: 'Your insights grow with your journal' }));
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await page.getByLabel('Show').count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/insights-empty-phone.png`, fullPage: true });
        await page.getByRole('link', { name: 'Write today’s entry' }).click();
        await visible(page.getByLabel('I am grateful for...').or(page.getByRole('button', { name: /Begin|Skip/ }).first()));
      },
      { journal: false, context: IPHONE },
    );
  });
});

describe('the monthly look back', () => {
  it('offers last month on the first days of a month, with three entries from different weeks, until dismissed', async () => {
    await withWriter(async (page) => {
      await page.reload();
      const lookBack = page.getByRole('region', { name: `Your ${LAST_MONTH_NAME}` });
      await visible(lookBack);
      await visible(lookBack.getByText(/^\d+ entries on \d+ days, a longest streak of \d+ days\.$/));
      await visible(lookBack.getByText(/^Your days felt (Rough|Low|Okay|Good|Great) \(\d\.\d\) on average\.$/));
      const picks = lookBack.getByRole('article');
      expect(await picks.count()).toBe(3);
      const days = await lookBack.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
      expect(days).toHaveLength(3);
      const sorted = [...days].sort();
      for (let index = 1; index < sorted.length; index += 1) {
        const apart = (Date.parse(sorted[index] ?? '') - Date.parse(sorted[index - 1] ?? '')) / 86_400_000;
        expect(apart).toBeGreaterThanOrEqual(7);
      }
      expect(await seriousViolations(page)).toEqual([]);
      mkdirSync(SHOTS, { recursive: true });
      await lookBack.screenshot({ path: `${SHOTS}/month-look-back.png` });

      // Each entry opens its day.
      await picks.first().getByRole('link', { name: /^Open that day/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(sorted[0]);
      await page.goBack();

      await visible(lookBack);
      await lookBack.getByRole('button', { name: `Dismiss Your ${LAST_MONTH_NAME}` }).click();
      await gone(lookBack);
      await page.reload();
      await visible(page.getByRole('button', { name: /Add another entry|Add Your Journal Entry/ }));
      await visible(page.getByRole('region', { name: 'From your gratitude jar' }));
      expect(await page.getByRole('region', { name: `Your ${LAST_MONTH_NAME}` }).count()).toBe(0);
    });
  });
});
