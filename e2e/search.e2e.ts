import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, localDayKey } from '../src/shared/dates';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { gone, visible } from './support/browser';
import { ADD_ANOTHER, isFocused, journalSuite } from './support/journal';
import { NETWORK_FAILURE, waitForJournalCopy, waitForOfflineCopy } from './support/offline';

/**
 * Chromium logs every request that fails for want of a network ("net::ERR_INTERNET_DISCONNECTED"). Offline those
 * failures are the point of the test; any other error still fails it.
 */
const OFFLINE_NOTICE = "You're offline: these results come only from the entries saved on this device.";

const { suite, withJournal } = journalSuite();

const today = () => localDayKey(new Date());

/** Brings in entries on past days through the app's own CSV import, as a person bringing in a journal would. */
async function importEntries(page: Page, rows: [day: string, gratitude: string, memory: string][]): Promise<void> {
  const csv = ['date,gratitude,memory', ...rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))].join('\n');
  const response = await page.request.post('/api/import?format=csv', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(csv),
  });
  expect(response.status(), await response.text()).toBe(200);
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search your journal' });
}

function results(page: Page) {
  return page.getByRole('list', { name: 'Results' }).getByRole('listitem');
}

/** The words each result marks, in order. */
async function marked(page: Page): Promise<string[][]> {
  const items = await results(page).all();
  return Promise.all(items.map((item) => item.locator('mark').allTextContents()));
}

describe('search', () => {
  it('shows results as the person types, with the words marked, and a result opens its day', async () => {
    await withJournal(async (page) => {
      const lastWeek = addDays(today(), -7);
      await importEntries(page, [
        [lastWeek, 'So grateful for the <b>garden</b> <img src=x onerror=alert(1)>', 'Grateful, again'],
        [addDays(today(), -30), 'A quiet walk', ''],
      ]);
      await createEntryViaApi(page, { gratitude: 'Gratitude for tea with my sister' });

      await searchBox(page).pressSequentially('grat', { delay: 30 });
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('grat');
      await visible(page.getByRole('heading', { level: 1, name: 'Search' }));
      await visible(page.getByText('2 entries found.'));
      // The box on the search screen took over the typing, with what was typed.
      expect(await searchBox(page).inputValue()).toBe('grat');
      expect(await isFocused(searchBox(page))).toBe(true);
      expect(await marked(page)).toEqual([['Gratitude'], ['grateful']]);
      // Markup in an entry is shown as the text it is.
      await visible(results(page).nth(1).getByText('<b>garden</b> <img src=x onerror=alert(1)>', { exact: false }));
      expect(await page.locator('.search-results img, .search-results b').count()).toBe(0);
      // Its memory matched too: the snippet comes from the first of the prompts with the most matches.
      await visible(results(page).nth(1).getByText('I am grateful for... and 1 more prompt'));

      // Typing on narrows the results, and Enter searches at once.
      await searchBox(page).pressSequentially('itude');
      await searchBox(page).press('Enter');
      await visible(page.getByText('1 entry found.'));
      expect(new URL(page.url()).searchParams.get('q')).toBe('gratitude');

      await searchBox(page).fill('grateful');
      await expect.poll(() => results(page).first().locator('time').getAttribute('datetime')).toBe(lastWeek);
      await visible(page.getByText('1 entry found.'));
      await results(page).first().getByRole('link').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(lastWeek);
      await visible(page.getByText('So grateful for the <b>garden</b>', { exact: false }));
    });
  });

  it('keeps the search in the URL across a reload and Back, and Back once more leaves it', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'Lavender in the garden' });
      await searchBox(page).fill('lavender');
      await visible(page.getByText('1 entry found.'));
      const searchUrl = page.url();

      await page.reload();
      await visible(page.getByText('1 entry found.'));
      expect(await searchBox(page).inputValue()).toBe('lavender');

      await results(page).first().getByRole('link').click();
      await visible(page.getByRole('button', { name: ADD_ANOTHER }));
      await page.goBack();
      await visible(page.getByText('1 entry found.'));
      expect(page.url()).toBe(searchUrl);
      expect(await searchBox(page).inputValue()).toBe('lavender');

      await page.goBack();
      await visible(page.getByRole('button', { name: ADD_ANOTHER }));
      expect(new URL(page.url()).searchParams.has('q')).toBe(false);
      expect(await searchBox(page).inputValue()).toBe('');
    });
  });

  it('filters by prompt and by days, orders by best match, and says when nothing matches', async () => {
    await withJournal(async (page) => {
      const [old, recent] = [addDays(today(), -40), addDays(today(), -3)];
      await importEntries(page, [
        [old, 'Rain on the roof, rain all night, rain', ''],
        [recent, 'Sun at last', 'Rain earlier in the day'],
      ]);
      await searchBox(page).fill('rain');
      await visible(page.getByText('2 entries found.'));
      expect(await results(page).locator('time').allTextContents()).toHaveLength(2);
      const firstDay = async () => results(page).first().locator('time').getAttribute('datetime');
      expect(await firstDay()).toBe(recent);

      await page.getByRole('button', { name: 'Best match' }).click();
      await expect.poll(firstDay).toBe(old);
      expect(new URL(page.url()).searchParams.get('order')).toBe('best');

      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Prompt').selectOption({ label: 'Today I want to capture these memories...' });
      await visible(page.getByText('1 entry found.'));
      expect(await firstDay()).toBe(recent);
      expect(new URL(page.url()).searchParams.get('prompt')).toBe('memory');

      await page.getByLabel('Prompt').selectOption({ label: 'Any prompt' });
      await page.getByLabel('From').fill(addDays(today(), -50));
      await page.getByLabel('To', { exact: true }).fill(addDays(today(), -30));
      await visible(page.getByText('1 entry found.'));
      expect(await firstDay()).toBe(old);

      await page.getByLabel('To', { exact: true }).fill(addDays(today(), -45));
      await visible(page.getByText('No entries match “rain” with these filters.'));
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await visible(page.getByText('2 entries found.'));

      await searchBox(page).fill('snowstorm');
      await visible(page.getByText('No entries match “snowstorm”.'));
      expect(await results(page).count()).toBe(0);
    });
  });

  it('works by keyboard alone: / to the box, typing, Tab to a result, Enter', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'Kindness from a stranger' });
      await page.reload();
      await visible(page.getByText('Kindness from a stranger'));
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      await page.keyboard.press('/');
      expect(await isFocused(searchBox(page))).toBe(true);
      await page.keyboard.type('kind');
      await visible(page.getByText('1 entry found.'));
      expect(await isFocused(searchBox(page))).toBe(true);
      // The slash was not typed into the box.
      expect(await searchBox(page).inputValue()).toBe('kind');

      const result = results(page).first().getByRole('link');
      for (let presses = 0; presses < 10 && !(await isFocused(result)); presses += 1) await page.keyboard.press('Tab');
      expect(await isFocused(result)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(today());
      await visible(page.getByText('Kindness from a stranger'));

      // In a text field, / is a slash.
      await page.getByRole('button', { name: ADD_ANOTHER }).click();
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      const field = page.getByLabel('I am grateful for...');
      await field.click();
      await page.keyboard.type('1/2');
      expect(await field.inputValue()).toBe('1/2');
    });
  });

  it('searches offline on the entries the device holds, and says it searched only those', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: 'Add Your Journal Entry' }));
        await importEntries(page, [[addDays(today(), -35), 'Blueberries by the lake', '']]);
        await createEntryViaApi(page, { gratitude: 'Blueberry pancakes today' });
        await page.reload();
        await visible(page.getByText('Blueberry pancakes today'));
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await waitForOfflineCopy(page, 'Blueberry pancakes today');
        await waitForJournalCopy(page, 'Blueberries by the lake');
        // Online, the server searches the whole journal.
        await searchBox(page).fill('blueberr');
        await visible(page.getByText('2 entries found.'));
        await page.goBack();
        await visible(page.getByText('Blueberry pancakes today'));

        await context.setOffline(true);
        await page.reload();
        await visible(page.getByText('Blueberry pancakes today'));
        await searchBox(page).fill('blueberr');
        await visible(page.getByText(OFFLINE_NOTICE, { exact: false }));
        // Only today's list was ever opened on this device, but the journal's copy holds last month's entry too.
        await visible(page.getByText('2 entries found.'));
        expect(await marked(page)).toEqual([['Blueberry'], ['Blueberries']]);

        await context.setOffline(false);
        await gone(page.getByText(OFFLINE_NOTICE, { exact: false }));
        await visible(page.getByText('2 entries found.'));
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});

describe('search on a phone', () => {
  it('fits the screen: the box, the filters and the results, without sideways scrolling', async () => {
    await withJournal(
      async (page) => {
        await createEntryViaApi(page, { gratitude: `Grateful for ${'a very long sentence that goes on '.repeat(8)}` });
        await searchBox(page).fill('grateful');
        await visible(page.getByText('1 entry found.'));
        await page.getByRole('button', { name: 'Filters' }).click();
        await visible(page.getByLabel('Prompt'));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBe(0);
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});

