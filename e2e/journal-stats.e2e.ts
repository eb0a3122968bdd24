import { describe, expect, it } from 'vitest';
import { createEntryViaApi } from './support/api';
import { gone, visible } from './support/browser';
import { journalSuite, openEntryForm } from './support/journal';

const { withJournal } = journalSuite();

describe('journal statistics', () => {
  it('updates the statistics right after a save', async () => {
    await withJournal(async (page) => {
      await visible(page.getByText('0 entries this month'));
      await visible(page.getByText('No current streak'));

      await openEntryForm(page);
      await page.getByLabel('I am manifesting...').fill('Patience');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      await visible(page.getByText('1 entry this month'));
      await visible(page.getByText('1 day streak'));
      const expander = page.getByRole('button', { name: 'Show more stats' });
      expect(await expander.getAttribute('aria-expanded')).toBe('false');
      await expander.click();
      await visible(page.getByText('Entries this year'));
      await visible(page.getByText('Total entries'));
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      expect(await stats.innerText()).toMatch(/Entries this year\s+1\s+Total entries\s+1/);
    });
  });

  it.each([390, 601, 768])(
    'gives the stats panel one height at %i px: loading, without a streak and with one',
    async (width) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await withJournal(
        async (page) => {
          const panel = page.getByRole('region', { name: 'Your journal statistics' });
          const height = async () => (await panel.boundingBox())?.height;
          await visible(panel.getByText('Loading statistics...'));
          const loading = await height();
          release();
          await visible(panel.getByText('No current streak'));
          const withoutStreak = await height();

          await openEntryForm(page);
          await page.getByLabel('I am grateful for...').fill('A first day');
          await page.getByRole('button', { name: 'Save Entry' }).click();
          await visible(panel.getByText('1 day streak'));
          expect([withoutStreak, await height()]).toEqual([loading, loading]);
          expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        },
        {
          viewport: { width, height: 900 },
          // The numbers are held back from the first load, so that the panel shows while they load.
          firstVisit: async (page) => {
            await page.route(
              (url) => url.pathname === '/api/stats',
              async (route) => {
                await held;
                await route.fallback();
              },
            );
          },
        },
      );
    },
  );

  it('refreshes the numbers behind "Show more stats", and says so when that fails', async () => {
    await withJournal(async (page) => {
      await visible(page.getByText('0 entries this month'));
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      // Another device writes an entry: opening the details fetches the numbers again.
      await createEntryViaApi(page, { gratitude: 'From my phone' });
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(page.getByText('1 entry this month'));
      expect(await stats.innerText()).toMatch(/Entries this year\s+1\s+Total entries\s+1/);

      await page.route(
        (url) => url.pathname === '/api/stats',
        (route) => route.fulfill({ status: 403, json: { code: 'forbidden', message: 'Forbidden' } }),
      );
      await page.getByRole('button', { name: 'Show fewer stats' }).click();
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(page.getByText('Failed to load detailed stats'));
      await visible(stats.getByText('Unable to load statistics'));
      // The summary keeps the numbers it has; only the details could not be refreshed.
      await visible(page.getByText('1 entry this month'));
      expect(await page.getByText('Failed to load stats', { exact: true }).count()).toBe(0);
      expect(await stats.getByText('Entries this year').count()).toBe(0);

      // Closing and opening the details again is the way to retry.
      await page.unrouteAll();
      await page.getByRole('button', { name: 'Show fewer stats' }).click();
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(stats.getByText('Entries this year'));
      await gone(stats.getByText('Unable to load statistics'));
    });
  });
});
