import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { monthsBefore, yearsBefore } from '../src/shared/look-back';
import { createAccount, signIn } from './support/accounts';
import { visible } from './support/browser';
import { ADD_ENTRY } from './support/journal';
import { NETWORK_FAILURE, waitForOfflineCopy, waitForServiceWorker } from './support/offline';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

/** Chromium logs every request that fails for want of a network; offline, or cut off here, that is the point. */

const today = () => localDayKey(new Date());

/** A fresh verified account, signed in through the login screen, on today's journal. */
async function withJournal(
  test: (page: Page, context: BrowserContext) => Promise<void>,
  options: { allowErrors?: RegExp } = {},
): Promise<void> {
  const account = await createAccount(suite.server);
  await suite.withPage(async (page, context) => {
    await signIn(page, account.email, account.password);
    await visible(page.getByRole('button', { name: ADD_ENTRY }));
    await test(page, context);
  }, options);
}

interface Written {
  day: string;
  gratitude: string;
  celebration?: string;
  memory?: string;
}

/** The first font family an element's text asks for. */
function typeface(locator: Locator): Promise<string> {
  return locator.evaluate((element) => (getComputedStyle(element).fontFamily.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, ''));
}

/** Brings entries of earlier days into the signed-in page's journal through the import API (our own format). */
async function importEntries(page: Page, entries: Written[]): Promise<void> {
  const file = {
    format: 'gratitude-journal',
    version: 1,
    entries: entries.map((entry) => ({
      id: randomUUID(),
      date: `${entry.day}T12:00:00.000Z`,
      localDate: entry.day,
      utcOffset: 0,
      gratitude: entry.gratitude,
      celebration: entry.celebration ?? '',
      manifestation: '',
      memory: entry.memory ?? '',
      updatedAt: `${entry.day}T12:00:00.000Z`,
    })),
  };
  const response = await page.request.post('/api/import?format=ours', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify(file)),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A month, a year and three years before today, and a day near them that is none of those. */
function pastEntries(): Written[] {
  const day = today();
  return [
    { day: monthsBefore(day, 1), gratitude: 'The first warm evening', celebration: 'Finished the quilt' },
    {
      day: yearsBefore(day, 1)[0] ?? '',
      gratitude: 'Snow on the garden',
      celebration: 'We built a snowman',
      memory: 'Grandad told the story of the winter of 1963',
    },
    { day: yearsBefore(day, 3)[0] ?? '', gratitude: 'A new friend at the library' },
    { day: monthsBefore(yearsBefore(day, 2)[0] ?? '', 2), gratitude: 'A day nobody looks back on' },
  ];
}

const onThisDay = (page: Page) => page.getByRole('region', { name: 'On this day' });
const jar = (page: Page) => page.getByRole('region', { name: 'From your gratitude jar' });

/** The gratitude the jar shows (its quotation marks are the style's). */
function jarGratitude(page: Page): Promise<string> {
  return jar(page).locator('blockquote').innerText();
}

/** How long ago each group of On this day was written, in order. */
function groupHeadings(region: Locator): Promise<string[]> {
  return region.getByRole('heading', { level: 3 }).locator('.look-back-ago').allInnerTexts();
}

describe('looking back', () => {
  it('shows what was written a month, a year and three years ago, and opens the whole entry', async () => {
    await withJournal(async (page) => {
      await importEntries(page, pastEntries());
      await page.reload();
      const region = onThisDay(page);
      await visible(region);
      expect(await groupHeadings(region)).toEqual(['1 month ago', '1 year ago', '3 years ago']);
      await visible(region.getByText('The first warm evening'));
      await visible(region.getByText('Snow on the garden'));
      await visible(region.getByText('A new friend at the library'));
      expect(await region.getByText('A day nobody looks back on').count()).toBe(0);

      // The whole entry, in place.
      const yearAgo = region.getByRole('article').filter({ hasText: 'Snow on the garden' });
      const more = yearAgo.getByRole('button', { name: 'Read the whole entry' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      await visible(yearAgo.getByText('Grandad told the story of the winter of 1963'));
      await visible(yearAgo.getByText('Today I want to capture these memories...'));
      expect(await yearAgo.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
      // The writer's words, remembered or whole, in the serif their entry is read in.
      expect(await typeface(yearAgo.getByText('Snow on the garden'))).toBe('Lora');
      expect(await typeface(yearAgo.getByText('Grandad told the story of the winter of 1963'))).toBe('Lora');

      // And on its own day's page.
      const yearAgoDay = yearsBefore(today(), 1)[0] ?? '';
      await yearAgo.getByRole('link', { name: /^Open / }).click();
      await page.waitForURL((url) => url.searchParams.get('date') === yearAgoDay);
      const card = page.getByRole('article').filter({ hasText: 'We built a snowman' });
      await visible(card);
      await visible(card.getByText('Snow on the garden'));
      // Looking back is today's: another day's list has none.
      expect(await onThisDay(page).count()).toBe(0);
      expect(await jar(page).count()).toBe(0);
    });
  });

  it('draws a gratitude from the jar, and Another shows a different one', async () => {
    await withJournal(async (page) => {
      await importEntries(page, pastEntries());
      await page.reload();
      const allowed = pastEntries().map((entry) => entry.gratitude);
      await visible(jar(page));
      let shown = await jarGratitude(page);
      expect(allowed).toContain(shown);
      for (let i = 0; i < 5; i += 1) {
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/jar');
        await jar(page).getByRole('button', { name: 'Another' }).click();
        expect((await answered).status()).toBe(200);
        await expect.poll(() => jarGratitude(page)).not.toBe(shown);
        shown = await jarGratitude(page);
        expect(allowed).toContain(shown);
      }
      // The jar's entry opens whole too.
      await jar(page).getByRole('link', { name: /^Open / }).click();
      await page.waitForURL((url) => url.searchParams.has('date'));
      await visible(page.getByRole('article').getByText(shown).first());
    });
  });

  it('looks back offline from the cached journal, and Another draws from it', async () => {
    await withJournal(async (page, context) => {
      await importEntries(page, pastEntries());
      await page.reload();
      await visible(onThisDay(page).getByText('A new friend at the library'));
      await waitForServiceWorker(page);
      await waitForOfflineCopy(page, 'A new friend at the library');

      await context.setOffline(true);
      await page.reload();
      const region = onThisDay(page);
      await visible(region.getByText('A new friend at the library'));
      expect(await groupHeadings(region)).toEqual(['1 month ago', '1 year ago', '3 years ago']);
      // The device holds today's whole answer: nothing to excuse.
      expect(await region.getByText(/Offline/).count()).toBe(0);

      const shown = await jarGratitude(page);
      await jar(page).getByRole('button', { name: 'Another' }).click();
      await expect.poll(() => jarGratitude(page)).not.toBe(shown);
      // Opened in place, the whole entry needs no connection.
      const yearAgo = region.getByRole('article').filter({ hasText: 'Snow on the garden' });
      await yearAgo.getByRole('button', { name: 'Read the whole entry' }).click();
      await visible(yearAgo.getByText('We built a snowman'));
    }, { allowErrors: NETWORK_FAILURE });
  });

  it('without today’s answer, shows only days the device holds, and says so; nothing when it holds none', async () => {
    await withJournal(async (page) => {
      await importEntries(page, pastEntries());
      // Today's list, which brings looking back with it, never reaches this device again: as on a new day opened
      // offline. The device holds the look-back it saw at sign-in, from before the import: an empty journal.
      let cut = 0;
      await page.route(
        (url) => url.pathname === '/api/entries' && url.searchParams.has('lookBack'),
        (route) => {
          cut += 1;
          return route.abort('internetdisconnected');
        },
      );
      await page.reload();
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await expect.poll(() => cut).toBeGreaterThan(0);
      await visible(page.getByRole('status').filter({ hasText: 'Offline' }));
      // It says nothing it does not know.
      expect(await onThisDay(page).count()).toBe(0);
      expect(await jar(page).count()).toBe(0);
      expect(await page.getByText(/nothing on this day/i).count()).toBe(0);

      // A year ago's page, once opened, is on the device: looking back shows it, and that it may miss others.
      const yearAgoDay = yearsBefore(today(), 1)[0] ?? '';
      await page.goto(`/journal?date=${yearAgoDay}`);
      await visible(page.getByText('We built a snowman'));
      await page.getByRole('button', { name: 'Go to Today' }).click();
      const region = onThisDay(page);
      await visible(region.getByText('Snow on the garden'));
      expect(await groupHeadings(region)).toEqual(['1 year ago']);
      await visible(region.getByText('Offline, so only the days kept on this device are shown.'));
      expect(await jarGratitude(page)).toBe('Snow on the garden');
      // The only gratitude the device holds: no "Another" to promise a different one.
      expect(await jar(page).getByRole('button', { name: 'Another' }).count()).toBe(0);
    }, { allowErrors: NETWORK_FAILURE });
  });

  it('shows neither panel to a fresh account', async () => {
    await withJournal(async (page) => {
      await page.reload();
      await visible(page.getByText('No journal entry for this day'));
      // Asked the way the page asks, with its session: the server has nothing to look back on either. (The page's own
      // answer cannot be read reliably: the journal's first load may still be answering when the reload starts.)
      const today = localDayKey(new Date());
      const response = await page.request.get(`/api/entries?day=${today}&lookBack=1`);
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ entries: [], lookBack: { groups: [], jar: { entry: null } } });
      expect(await onThisDay(page).count()).toBe(0);
      expect(await jar(page).count()).toBe(0);
    });
  });
});
