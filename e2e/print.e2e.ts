import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { PROMPTS } from '../src/shared/entry-schemas';
import { THEME_NAMES } from '../src/shared/themes';
import { formatDayHeading, formatMonthHeading } from '../src/client/features/journal/list/journal-view';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, journalSuite } from './support/journal';

const { suite, withJournal } = journalSuite();

const today = () => localDayKey(new Date());
const thisMonth = () => today().slice(0, 7);

/** The printable view of this month, loaded. */
async function openThisMonth(page: Page): Promise<void> {
  await page.goto(`/print?range=month&month=${thisMonth()}`);
  await visible(page.getByRole('heading', { level: 2, name: formatDayHeading(today(), 'long') }));
}

/** The computed value of a CSS property of the first element a selector matches. */
function styleOf(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

describe('the printable view', () => {
  it('lays out this month from settings: a title page, each day under its date, the prompts answered', async () => {
    await withJournal(async (page, account) => {
      await createEntryViaApi(page, {
        gratitude: 'Rain on the roof\nand a letter from my sister',
        celebration: 'A finished draft',
      });
      await createEntryViaApi(page, { gratitude: 'Coffee with Sam', mood: 4, tags: ['friends'] });

      await page.goto('/settings');
      const data = page.getByRole('region', { name: 'Your data' });
      await data.getByLabel('Entries to print').selectOption({ label: `This month (${formatMonthHeading(today())})` });
      await data.getByRole('link', { name: 'Print or save as PDF' }).click();
      await page.waitForURL((url) => url.pathname === '/print');
      expect(new URL(page.url()).search).toBe(`?range=month&month=${thisMonth()}`);

      const titlePage = page.getByRole('region', { name: 'Gratitude Journal' });
      await visible(titlePage.getByRole('heading', { level: 1, name: 'Gratitude Journal' }));
      await visible(titlePage.getByText(account.name, { exact: true }));
      await visible(titlePage.getByText(formatMonthHeading(today()), { exact: true }));

      const day = page.getByRole('region', { name: formatDayHeading(today(), 'long') });
      await visible(day.getByRole('heading', { level: 2, name: formatDayHeading(today(), 'long') }));
      expect(await page.locator('.print-day').count()).toBe(1);
      expect(await day.getByRole('article').count()).toBe(2);
      // The writer's line break is kept as written.
      expect(await day.getByText('Rain on the roof').innerText()).toBe('Rain on the roof\nand a letter from my sister');
      await visible(day.getByText('Coffee with Sam', { exact: true }));
      // How the day felt and the entry's tags, above its answers, as on its card.
      await visible(day.getByRole('article').filter({ hasText: 'Coffee with Sam' }).getByText('Felt Good · #friends', { exact: true }));
      expect(await day.getByText(PROMPTS.gratitude).count()).toBe(2);
      expect(await day.getByText(PROMPTS.celebration).count()).toBe(1);
      expect(await day.getByText(PROMPTS.manifestation).count()).toBe(0);
      expect(await day.getByText(PROMPTS.memory).count()).toBe(0);

      // The button opens the browser's print window.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print or save as PDF' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    });
  });

  it('prints black on white in every theme, without the toolbar, header or footer, a day to a page', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'A quiet morning' });
      for (const theme of THEME_NAMES) {
        await page.evaluate((name) => localStorage.setItem('theme', name), theme);
        await openThisMonth(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await page.emulateMedia({ media: 'print' });
        await gone(page.getByRole('region', { name: 'Print options' }));
        await gone(page.getByRole('banner'));
        await gone(page.getByRole('contentinfo'));
        await gone(page.getByRole('button', { name: 'Print or save as PDF' }));
        expect(await styleOf(page, 'body', 'background-color'), theme).toBe('rgb(255, 255, 255)');
        expect(await styleOf(page, '.print-day-heading', 'color'), theme).toBe('rgb(0, 0, 0)');
        expect(await styleOf(page, '.print-answer dd', 'color'), theme).toBe('rgb(0, 0, 0)');
        expect(await styleOf(page, '.print-title', 'color'), theme).toBe('rgb(0, 0, 0)');
        expect(await styleOf(page, '.print-day', 'break-before')).toBe('page');
        await page.emulateMedia({ media: null });
        await visible(page.getByRole('region', { name: 'Print options' }));
        await visible(page.getByRole('banner'));
      }
    });
  });

  it('keeps the range in the URL as it is picked, and says so when a range holds no entry', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'Tea in the garden' });
      await openThisMonth(page);
      const options = page.getByRole('group', { name: 'Entries to print' });
      const year = today().slice(0, 4);
      const search = () => new URL(page.url()).search;

      await options.getByRole('button', { name: 'Year' }).click();
      await page.waitForURL(() => search() === `?range=year&year=${year}`);
      await visible(page.getByRole('region', { name: 'Gratitude Journal' }).getByText(year, { exact: true }));
      await visible(page.getByText('Tea in the garden'));

      await options.getByRole('button', { name: 'Everything' }).click();
      await page.waitForURL(() => search() === '?range=all');
      await visible(page.getByRole('region', { name: 'Gratitude Journal' }).getByText('Everything', { exact: true }));
      await visible(page.getByText('Tea in the garden'));

      await options.getByRole('button', { name: 'Month' }).click();
      await page.waitForURL(() => search() === `?range=month&month=${thisMonth()}`);
      await options.getByLabel('Year').selectOption('2001');
      const month = `2001-${thisMonth().slice(5)}`;
      await page.waitForURL(() => search() === `?range=month&month=${month}`);
      await visible(page.getByText(`No entries in ${formatMonthHeading(`${month}-01`)}.`));
      expect(await page.getByText('Tea in the garden').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isDisabled()).toBe(true);

      await options.getByLabel('Month').selectOption({ label: 'February' });
      await page.waitForURL(() => search() === '?range=month&month=2001-02');
      await visible(page.getByText('No entries in February 2001.'));

      // A URL typed by hand opens the same view.
      await page.goto('/print?range=year&year=2002');
      await visible(page.getByText('No entries in 2002.'));
    });
  });

  it('says when the journal cannot be loaded, and loads it on Try Again', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await createEntryViaApi(page, { gratitude: 'Sunlight on the desk' });
        await page.route('**/api/export?*', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal","message":"x"}' }),
        );
        await page.goto(`/print?range=month&month=${thisMonth()}`);
        await visible(page.getByText('Failed to load journal entries. Please try again.'));
        expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isDisabled()).toBe(true);
        await page.unroute('**/api/export?*');
        await page.getByRole('button', { name: 'Try Again' }).click();
        await visible(page.getByText('Sunlight on the desk'));
      },
      { allowErrors: /status of 500/ },
    );
  });

  it('is for signed-in people only: a visitor is asked to sign in first', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/print?range=all');
      await page.waitForURL((url) => url.pathname === '/login');
    });
  });
});
