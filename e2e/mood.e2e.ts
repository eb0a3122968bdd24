import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { contrastRatio, THEME_NAMES, THEMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { visible } from './support/browser';
import { ADD_ENTRY, journalSuite, openEntryForm, openSettings } from './support/journal';
import {
  expectOneCardAfterReload,
  goOffline,
  NETWORK_FAILURE,
  reconnectAndSync,
  recordEntryCreates,
  waitForServiceWorker,
} from './support/offline';
import { todaysEntries } from './support/api';

const { suite, withJournal } = journalSuite();

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/mood-shots';

/** Today's day in the year at a glance, as a screen reader finds it. */
function todayInYear(page: Page) {
  return page.locator('.year-view a.calendar-day[aria-current="date"]');
}

/** An element's own text colour and the first background colour behind it, as #rrggbb. */
function colours(locator: Locator): Promise<{ text: string; fill: string }> {
  return locator.evaluate((element) => {
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+(\.\d+)?/g) ?? [])
        .slice(0, 3)
        .map((channel) => Math.round(Number(channel)).toString(16).padStart(2, '0'))
        .join('')}`;
    let fill = '#ffffff';
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        fill = hex(colour);
        break;
      }
    }
    return { text: hex(getComputedStyle(element).color), fill };
  });
}

/** Each mood chosen in turn on the form: its word reads on its colour, and the colour stands out from the card. */
async function expectReadableMoods(page: Page): Promise<void> {
  const card = await colours(page.locator('.entry-form-step'));
  for (const word of ['Rough', 'Low', 'Okay', 'Good', 'Great']) {
    await page.getByRole('radio', { name: word }).check();
    const chosen = await colours(page.locator('.mood-option').filter({ hasText: word }));
    expect(contrastRatio(chosen.text, chosen.fill), word).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(chosen.fill, card.fill), word).toBeGreaterThanOrEqual(3);
  }
}

describe('how the day felt', () => {
  it('is chosen with one tap at the top of the form, said on the card, and colours the day in the year', async () => {
    await withJournal(async (page, account) => {
      await openEntryForm(page);
      const moods = page.getByRole('group', { name: /How did the day feel\?/ });
      await visible(moods);
      // The five, by their words, before the first prompt.
      expect(await moods.getByRole('radio').count()).toBe(5);
      for (const word of ['Rough', 'Low', 'Okay', 'Good', 'Great']) await visible(moods.getByRole('radio', { name: word }));
      await moods.getByRole('radio', { name: 'Good' }).check();
      expect(await moods.getByRole('radio', { name: 'Good' }).isChecked()).toBe(true);
      await page.getByLabel('I am grateful for...').fill('A long walk by the river');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const card = page.getByRole('article').filter({ hasText: 'A long walk by the river' });
      await visible(card);
      await visible(card.getByText('Mood: Good'));
      expect((await todaysEntries(page)).map((entry) => entry.mood)).toEqual([4]);

      // The year at a glance: today in Good's colour, named with it, and the legend.
      await page.goto('/journal?view=year');
      await visible(page.getByRole('heading', { level: 1, name: /at a glance/ }));
      const today = todayInYear(page);
      expect(await today.getAttribute('aria-label')).toMatch(/, 1 entry, mood: Good$/);
      expect(await today.getAttribute('class')).toContain('mood-4');
      const legend = page.getByRole('list', { name: 'Colours by mood' });
      expect(await legend.getByRole('listitem').allTextContents()).toEqual([
        'Rough',
        'Low',
        'Okay',
        'Good',
        'Great',
        'Written, no mood',
      ]);
      const colours = await page.evaluate(() => {
        const day = document.querySelector('.year-view a.calendar-day[aria-current="date"]');
        const swatch = [...document.querySelectorAll('.mood-legend li')][3]?.querySelector('.calendar-swatch');
        return [day, swatch].map((element) => (element ? getComputedStyle(element).backgroundColor : ''));
      });
      expect(colours[0]).toBe(colours[1]);

      // Changed on the card to Great, the year follows.
      await page.goto('/journal');
      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByRole('radio', { name: 'Great' }).check();
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText('Entry updated successfully'));
      await visible(card.getByText('Mood: Great'));

      // The screens, at a phone's width and a wide one, in the three themes: the form, the card, the month, the year.
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of THEME_NAMES) {
        await openSettings(page, account.name);
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/journal');
          await visible(card);
          await page.screenshot({ path: `${SHOTS}/card-${theme}-${width}.png`, fullPage: true });
          await page.goto(`/journal?date=${localDayKey(new Date())}&view=month`);
          await visible(page.locator('.month-calendar .mood-legend'));
          await page.screenshot({ path: `${SHOTS}/month-${theme}-${width}.png`, fullPage: true });
          await page.goto('/journal?view=year');
          await visible(page.getByRole('list', { name: 'Colours by mood' }));
          await page.screenshot({ path: `${SHOTS}/year-${theme}-${width}.png`, fullPage: true });
          await page.goto('/journal');
          await openEntryForm(page);
          if (width === 390) await expectReadableMoods(page);
          await page.getByRole('radio', { name: 'Okay' }).check();
          await page.screenshot({ path: `${SHOTS}/form-${theme}-${width}.png` });
          await page.getByRole('button', { name: 'Cancel and return to list' }).click();
          const discard = page.getByRole('button', { name: 'Discard' });
          if (await discard.count()) await discard.click();
        }
      }
    });
  });

  it('goes with an entry written offline, and reaches the server exactly once when the connection is back', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await waitForServiceWorker(page);
        const posts = recordEntryCreates(page);

        await goOffline(page, context);
        await openEntryForm(page);
        await page.getByRole('radio', { name: 'Rough' }).check();
        await page.getByLabel('I am grateful for...').fill('A friend who called when it was hard');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Saved on this device. It will sync as soon as the server can be reached.'));
        const card = page.getByRole('article').filter({ hasText: 'A friend who called' });
        await visible(card.getByText('Waiting to sync'));
        // Waiting, it already says its mood.
        await visible(card.getByText('Mood: Rough'));

        await reconnectAndSync(page, context, 'A friend who called');
        await visible(card.getByText('Mood: Rough'));
        const stored = await todaysEntries(page);
        expect(stored.map((entry) => [entry.gratitude, entry.mood])).toEqual([['A friend who called when it was hard', 1]]);
        // One request reached the server with it, with its mood; a reload shows one card.
        expect(posts).toHaveLength(1);
        expect(posts[0]).toMatchObject({ content: { mood: 1 } });
        await expectOneCardAfterReload(page, 'A friend who called');
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});
