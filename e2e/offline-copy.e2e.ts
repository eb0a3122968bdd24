import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, localDayKey, monthDayRange } from '../src/shared/dates';
import { dayLabel, monthAndYear } from '../src/client/features/journal/calendar/date-grid';
import { formatDayInMonth } from '../src/client/features/journal/list/journal-view';
import { yearsBefore } from '../src/shared/look-back';
import { createAccount, signIn } from './support/accounts';
import { visible } from './support/browser';
import { ADD_ENTRY, openEntryForm } from './support/journal';
import { waitForOfflineCopy, waitForServiceWorker } from './support/offline';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

/** Chromium logs every request that fails for want of a network; offline, that is the point. */
const NETWORK_FAILURE = /^Failed to load resource: net::ERR_/;

const today = () => localDayKey(new Date());
const JOURNAL_DAYS = 1100;
/** Three years ago today: On this day's oldest group. */
const threeYearsAgo = () => yearsBefore(today(), 3)[0] ?? '';

/** What the imported journal says of a day. */
const ordinaryDay = (day: string) => `An ordinary good day, ${day}`;
/** The month two years back, and the day of it the writer marked as a great one. */
const twoYearsBack = () => (yearsBefore(today(), 2)[0] ?? '').slice(0, 7);
const greatDay = () => `${twoYearsBack()}-15`;

/** A journal of three years: an entry on each of the last 1,100 days before today, one of them three years ago. */
async function importThreeYears(page: Page): Promise<void> {
  const oldest = threeYearsAgo();
  const entries = Array.from({ length: JOURNAL_DAYS }, (_, i) => {
    const day = addDays(today(), -(i + 1));
    return {
      id: randomUUID(),
      date: `${day}T12:00:00.000Z`,
      localDate: day,
      utcOffset: 0,
      gratitude: day === oldest ? 'Snowdrops under the old pear tree' : ordinaryDay(day),
      celebration: '',
      manifestation: '',
      memory: '',
      updatedAt: `${day}T12:00:00.000Z`,
      ...(day === greatDay() ? { mood: 5 } : {}),
    };
  });
  expect(entries.some((entry) => entry.localDate === oldest)).toBe(true);
  const response = await page.request.post('/api/import?format=ours', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify({ format: 'gratitude-journal', version: 1, entries })),
  });
  expect(response.status(), await response.text()).toBe(200);
}

const count = (n: number) => n.toLocaleString('en-GB');
const wholeCopy = (entries: number) =>
  `This device keeps your whole journal for reading offline: ${count(entries)} entries.`;

describe('the journal’s copy on the device', () => {
  it('fills in the background while the writer types, and offline, search and On this day reach three years back', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await importThreeYears(page);
        await page.reload();
        await waitForServiceWorker(page);

        // The copy fills while the writer writes: what they type is all there, and their entry is saved.
        await openEntryForm(page);
        const gratitude = page.getByLabel('I am grateful for...');
        const sentence = 'The kettle sang while the whole journal came down to this phone';
        await gratitude.click();
        await page.keyboard.type(sentence);
        expect(await gratitude.inputValue()).toBe(sentence);
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText(sentence));
        // Today's list is kept with the saved query cache, written at most once a second.
        await waitForOfflineCopy(page, sentence);

        await page.goto('/settings');
        await visible(page.getByText(wholeCopy(JOURNAL_DAYS + 1)));

        await context.setOffline(true);
        await page.goto('/journal');
        await visible(page.getByText(sentence));
        const onThisDay = page.getByRole('region', { name: 'On this day' });
        await visible(onThisDay.getByText('Snowdrops under the old pear tree'));
        await page.getByRole('searchbox', { name: 'Search your journal' }).fill('snowdrops');
        await visible(page.getByText('1 entry found.'));
        await visible(page.getByRole('list', { name: 'Results' }).getByText('under the old pear tree'));

        // Any day or month of the journal opens offline from the copy, though this device never showed them.
        await page.goto(`/journal?date=${threeYearsAgo()}`);
        await visible(page.getByText('Snowdrops under the old pear tree'));
        const month = twoYearsBack();
        await page.goto(`/journal?date=${month}-15&view=month`);
        // Its count and its calendar as online, worked out from the copy: an entry on each of its days.
        const { first, last } = monthDayRange(month);
        const days = last - first + 1;
        await visible(page.getByText(`${days} entries in ${monthAndYear(month)}`, { exact: true }));
        const calendar = page.getByRole('grid', { name: `Calendar, ${monthAndYear(month)}` });
        for (const day of [`${month}-01`, `${month}-28`]) {
          await visible(calendar.getByRole('link', { name: dayLabel(day, 1), exact: true }));
        }
        await visible(calendar.getByRole('link', { name: dayLabel(greatDay(), 1, 5), exact: true }));
        await visible(page.getByText(`You wrote on ${days} days`, { exact: true }));
        // The whole month, its first day too, with no page left to load.
        for (const day of [`${month}-28`, `${month}-01`]) {
          const group = page.getByRole('region', { name: formatDayInMonth(day) });
          await visible(group.getByText(ordinaryDay(day), { exact: true }));
        }
        expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });

  it('on a new device, asks for today’s entries once as the writer signs in, and copies the journal only after they show', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await importThreeYears(page);
    });
    // Another browser: a device the writer has never used.
    await suite.withPage(async (page) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/entries')) asked.push(`${url.pathname}${url.search}`);
      });
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (url.searchParams.get('day') === today()) asked.push('today answered');
      });
      await signIn(page, account.email, account.password);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await expect.poll(() => asked.filter((url) => url.startsWith('/api/entries/months')).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const todays = asked.filter((url) => url === `/api/entries?day=${today()}&lookBack=1`);
      expect(todays).toHaveLength(1);
      expect(asked.indexOf('today answered')).toBeLessThan(asked.findIndex((url) => url.startsWith('/api/entries/months')));
    });
  });

  it('goes on where it stopped when the app is closed half way', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(async (page, context) => {
      await signIn(page, account.email, account.password);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await importThreeYears(page);
      // A slow connection: each month's entries take a while to come, so the copy is closed with months to go.
      await page.route(/\/api\/entries\?month=/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await page.goto('/settings');
      await visible(page.getByText(new RegExp(`^Copying your journal to this device: [1-9][\\d,]* of ${count(JOURNAL_DAYS)} entries`)));
      await page.close();

      const again = await context.newPage();
      const monthsFetched = new Set<string>();
      again.on('request', (request) => {
        const month = new URL(request.url()).searchParams.get('month');
        if (request.url().includes('/api/entries?') && month) monthsFetched.add(month);
      });
      await again.goto('/settings');
      await visible(again.getByText(wholeCopy(JOURNAL_DAYS)));
      // Only the months the first page had not kept were fetched again.
      const monthsOfJournal = new Set(
        Array.from({ length: JOURNAL_DAYS }, (_, i) => addDays(today(), -(i + 1)).slice(0, 7)),
      );
      expect(monthsFetched.size).toBeGreaterThan(0);
      expect(monthsFetched.size).toBeLessThan(monthsOfJournal.size);
    });
  });
});
