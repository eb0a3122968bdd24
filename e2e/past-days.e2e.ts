import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES, THEMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { apiRequest } from './support/api';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, journalSuite, openSettings } from './support/journal';
import { goOffline, waitForServiceWorker } from './support/offline';

const { suite, withJournal } = journalSuite();

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/past-days-shots';

/** Today and yesterday as the browser's clock and time zone say them, and today as a card says it: 'November 27'. */
function days(page: Page) {
  return page.evaluate(() => {
    const key = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const before = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
    return {
      today: key(now),
      yesterday: key(before),
      todayWords: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric' }).format(now),
    };
  });
}

describe('writing and editing past days', () => {
  it('turns the setting on, backfills yesterday from the journal, edits it, and its card says when it was added', async () => {
    await withJournal(async (page, account) => {
      const { yesterday, todayWords } = await days(page);

      // Off by default: yesterday offers nothing to write.
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.waitForURL(`**/journal?date=${yesterday}`);
      await visible(page.getByText('No journal entry for this day'));
      expect(await page.getByRole('button', { name: 'Add an entry for this day' }).count()).toBe(0);

      await openSettings(page, account.name);
      const setting = page.getByRole('switch', { name: 'Write and edit past days' });
      expect(await setting.getAttribute('aria-checked')).toBe('false');
      await setting.click();
      await visible(page.getByText('Preferences updated successfully'));
      expect(await setting.getAttribute('aria-checked')).toBe('true');

      await page.getByRole('link', { name: 'Gratitude Journal' }).click();
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.waitForURL(`**/journal?date=${yesterday}`);
      await page.getByRole('button', { name: 'Add an entry for this day' }).click();
      await visible(page.getByRole('heading', { level: 1, name: "Yesterday's Reflection" }));
      await page.getByLabel('I am grateful for...').fill('A quiet evening I forgot to write about');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      // Back on yesterday's list, with the entry, which says when it was added.
      await page.waitForURL(`**/journal?date=${yesterday}`);
      const card = page.getByRole('article').filter({ hasText: 'A quiet evening' });
      await visible(card);
      await visible(card.getByText(`added on ${todayWords}`));
      // Yesterday's entry is yesterday's, not today's.
      const server = await page.evaluate(async (day) => {
        const res = await fetch(`/api/entries?day=${day}`);
        return (await res.json()) as { entries: { localDate: string; addedOn?: string }[] };
      }, yesterday);
      expect(server.entries).toMatchObject([{ localDate: yesterday }]);

      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByLabel('I am grateful for...').fill('A quiet evening, and the stars after it');
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText('Entry updated successfully'));
      const edited = page.getByRole('article').filter({ hasText: 'and the stars after it' });
      await visible(edited);
      await visible(edited.getByText(`added on ${todayWords}`));

      // The screens, at a phone's width and a wide one, in the three themes.
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of THEME_NAMES) {
        await openSettings(page, account.name);
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          const section = page.getByRole('switch', { name: 'Write and edit past days' });
          await section.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/settings-${theme}-${width}.png` });
        }
        await page.goto(`/journal?date=${yesterday}`);
        await visible(page.getByRole('article').filter({ hasText: 'and the stars after it' }));
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.screenshot({ path: `${SHOTS}/day-${theme}-${width}.png`, fullPage: true });
        }
      }
      // A day before yesterday, empty, offers to write for it.
      const twoDaysAgo = await page.evaluate(() => {
        const now = new Date();
        const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 2, 12);
        return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      });
      await page.goto(`/journal?date=${twoDaysAgo}`);
      await visible(page.getByRole('button', { name: 'Add an entry for this day' }));
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: `${SHOTS}/empty-day-dark-${width}.png`, fullPage: true });
      }
      await page.getByRole('button', { name: 'Add an entry for this day' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Reflection for an Earlier Day' }));
      await page.screenshot({ path: `${SHOTS}/form-dark-1280.png`, fullPage: true });
    });
  });

  it('says so when an entry written offline for an earlier day is refused, the setting having gone off meanwhile', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        const { yesterday } = await days(page);
        const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
        const setPastDays = (on: boolean) =>
          apiRequest(suite.server.url, 'PATCH', '/api/profile', { cookie, body: { preferences: { writePastDays: on } } });
        expect((await setPastDays(true)).status).toBe(200);
        await page.reload();
        await waitForServiceWorker(page);

        await page.getByRole('button', { name: 'Previous day' }).click();
        await page.waitForURL(`**/journal?date=${yesterday}`);
        // The day has answered (it is empty) before the connection goes.
        await visible(page.getByRole('button', { name: 'Add an entry for this day' }));
        await goOffline(page, context);
        await page.getByRole('button', { name: 'Add an entry for this day' }).click();
        await page.getByLabel('I am grateful for...').fill('Written on the train, for yesterday');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Saved on this device. It will sync as soon as the server can be reached.'));
        // Waiting, on the day it was written for.
        await page.waitForURL(`**/journal?date=${yesterday}`);
        const card = page.getByRole('article').filter({ hasText: 'Written on the train' });
        await visible(card.getByText('Waiting to sync'));

        // Turned off on another device before this one is back online: the server refuses the entry, and says why.
        expect((await setPastDays(false)).status).toBe(200);
        await context.setOffline(false);
        await visible(
          page.getByText('Only today can get a new entry. To write for an earlier day, turn on “Write and edit past days” in Settings.'),
        );
        await gone(card);
        const stored = await apiRequest(suite.server.url, 'GET', `/api/entries?day=${yesterday}`, { cookie });
        expect(((await stored.json()) as { entries: unknown[] }).entries).toEqual([]);
      },
      { allowErrors: /^Failed to load resource: / },
    );
  });
});

