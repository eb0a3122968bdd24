import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { questionOfTheDay, READY_MADE_SETS } from '../src/shared/prompts';
import { THEME_NAMES, THEMES } from '../src/shared/themes';
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
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/prompts-shots';

const THREE_GOOD_THINGS = READY_MADE_SETS.find((set) => set.id === 'three-good-things')?.prompts ?? [];

/** Picks a set in Settings' "Your prompts" and saves it. */
async function pickSet(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Your prompts' });
  await section.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
  await section.getByRole('button', { name: 'Save prompts' }).click();
  await visible(page.getByText('Your prompts are saved'));
}

/** The prompts and answers a card shows, in order. */
async function cardAnswers(page: Page, text: string): Promise<string[][]> {
  const card = page.getByRole('article').filter({ hasText: text });
  await visible(card);
  return card.locator('.entry-answer').evaluateAll((items) =>
    items.map((item) => [item.querySelector('dt')?.textContent ?? '', item.querySelector('dd')?.textContent ?? '']),
  );
}

describe('the writer’s own prompts', () => {
  it('asks the prompts chosen in Settings, and never changes what earlier entries asked', async () => {
    await withJournal(async (page, account) => {
      // An entry of the app's own prompts, as every writer has them first.
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('Warm socks');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      expect(await cardAnswers(page, 'Warm socks')).toEqual([['I am grateful for...', 'Warm socks']]);
      const [before] = await todaysEntries(page);

      // A ready-made set, its first prompt reworded and a fourth added, moved up with the keyboard.
      await openSettings(page, account.name);
      const section = page.getByRole('region', { name: 'Your prompts' });
      await visible(section.getByText('Up to 10 prompts, each 1 to 200 characters.', { exact: false }));
      await section.getByRole('radio', { name: /^Three good things and why/ }).check();
      await section.getByLabel('Prompt 1', { exact: true }).fill('The best thing today, and why...');
      await section.getByRole('button', { name: 'Add a prompt' }).click();
      await section.getByLabel('Prompt 4', { exact: true }).fill('Who made it better?');
      await section.getByRole('button', { name: 'Move prompt 4 up' }).focus();
      await page.keyboard.press('Enter');
      // The focus stays with the moved prompt, so Enter again moves it on.
      await page.keyboard.press('Enter');
      const wordings = await section.locator('.prompt-list input').evaluateAll((inputs) =>
        inputs.map((input) => (input as HTMLInputElement).value),
      );
      expect(wordings).toEqual([
        'The best thing today, and why...',
        'Who made it better?',
        THREE_GOOD_THINGS[1],
        THREE_GOOD_THINGS[2],
      ]);
      await section.getByRole('button', { name: 'Save prompts' }).click();
      await visible(page.getByText('Your prompts are saved'));

      // The form asks them, and the card shows each answer under its wording.
      await page.goto('/journal');
      await openEntryForm(page);
      for (const wording of wordings) await visible(page.getByLabel(wording as string, { exact: true }));
      await expect(page.getByLabel('I am grateful for...').count()).resolves.toBe(0);
      await page.getByLabel('Who made it better?', { exact: true }).fill('Grandma, with soup');
      await page.getByLabel('The best thing today, and why...', { exact: true }).fill('Snow, because the kids loved it');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      expect(await cardAnswers(page, 'Grandma, with soup')).toEqual([
        ['The best thing today, and why...', 'Snow, because the kids loved it'],
        ['Who made it better?', 'Grandma, with soup'],
      ]);

      // Other prompts now: neither earlier entry changes, on screen or over the API.
      await openSettings(page, account.name);
      await pickSet(page, 'One line a day');
      await page.goto('/journal');
      expect(await cardAnswers(page, 'Warm socks')).toEqual([['I am grateful for...', 'Warm socks']]);
      expect(await cardAnswers(page, 'Grandma, with soup')).toEqual([
        ['The best thing today, and why...', 'Snow, because the kids loved it'],
        ['Who made it better?', 'Grandma, with soup'],
      ]);
      const entries = await todaysEntries(page);
      expect(entries.find((entry) => entry.id === before?.id)).toEqual(before);
      expect(entries.find((entry) => entry.id !== before?.id)?.answers?.map((answer) => answer.prompt)).toEqual(wordings);

      // An edit keeps the wording it was written with.
      const card = page.getByRole('article').filter({ hasText: 'Grandma, with soup' });
      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByLabel(THREE_GOOD_THINGS[2] as string, { exact: true }).fill('A quiet evening, because we stayed in');
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText('Entry updated successfully'));
      expect((await cardAnswers(page, 'Grandma, with soup')).at(-1)).toEqual([
        THREE_GOOD_THINGS[2],
        'A quiet evening, because we stayed in',
      ]);

      // Search finds the answers and names their prompt as written; the filter offers each of the writer's prompts.
      await page.goto('/journal?q=soup');
      const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
      await visible(results.first());
      expect(await results.locator('.search-result-prompt').allTextContents()).toEqual(['Who made it better?']);
      await page.goto(`/journal?q=snow&prompt=answers&wording=${encodeURIComponent('Who made it better?')}`);
      await visible(page.getByText('No entries match', { exact: false }));
      // Offered: the prompts of now (one line a day) and the one searched for; then all of one's own prompts.
      const filter = page.getByLabel('Prompt', { exact: true });
      const options = await filter.locator('option').allTextContents();
      expect(options.slice(-3)).toEqual(['Your own prompts', 'Today in one line...', 'Who made it better?']);
      await filter.selectOption({ label: 'Your own prompts' });
      await visible(results.first());
      expect(await results.locator('.search-result-prompt').allTextContents()).toEqual(['The best thing today, and why...']);
      expect(new URL(page.url()).searchParams.get('wording')).toBeNull();

      // In print, each entry under the prompts it was written with.
      await page.goto('/print?range=all');
      const printed = page.locator('.print-entry');
      await visible(printed.first());
      const printedAnswers = await printed.evaluateAll((entries) =>
        entries.map((entry) => [...entry.querySelectorAll('dt')].map((term) => term.textContent)),
      );
      expect(printedAnswers).toEqual([
        ['I am grateful for...'],
        ['The best thing today, and why...', 'Who made it better?', THREE_GOOD_THINGS[2]],
      ]);

      // The question of the day: today's question, the same as the shared library says.
      await openSettings(page, account.name);
      await pickSet(page, 'A question of the day');
      await page.goto('/journal');
      await openEntryForm(page);
      await visible(page.getByLabel(questionOfTheDay(localDayKey(new Date())), { exact: true }));
      await page.getByRole('button', { name: 'Cancel and return to list' }).click();

      // The screens, at a phone's width and a wide one, in the three themes: Settings, the form, the cards.
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of THEME_NAMES) {
        await openSettings(page, account.name);
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
        await section.getByRole('radio', { name: /^Morning and evening/ }).check();
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: `${SHOTS}/settings-${theme}-${width}.png` });
        }
        // Saved once, in the first theme; the other themes find it saved already.
        const save = section.getByRole('button', { name: 'Save prompts' });
        if (await save.isEnabled()) {
          await save.click();
          await visible(page.getByText('Your prompts are saved'));
        }
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/journal');
          await visible(card);
          await page.screenshot({ path: `${SHOTS}/cards-${theme}-${width}.png`, fullPage: true });
          await openEntryForm(page);
          await page.screenshot({ path: `${SHOTS}/form-${theme}-${width}.png`, fullPage: true });
          await page.getByRole('button', { name: 'Cancel and return to list' }).click();
        }
      }
    });
  });

  it('keeps the wording of an entry written offline, and it reaches the server exactly once', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await openSettings(page, account.name);
        await pickSet(page, 'One line a day');
        await page.goto('/journal');
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await waitForServiceWorker(page);
        const posts = recordEntryCreates(page);

        await goOffline(page, context);
        await openEntryForm(page);
        await page.getByLabel('Today in one line...', { exact: true }).fill('Fog on the hills all day');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Saved on this device. It will sync as soon as the server can be reached.'));
        const card = page.getByRole('article').filter({ hasText: 'Fog on the hills' });
        await visible(card.getByText('Waiting to sync'));
        expect(await cardAnswers(page, 'Fog on the hills')).toEqual([['Today in one line...', 'Fog on the hills all day']]);

        await reconnectAndSync(page, context, 'Fog on the hills');
        const answers = [{ prompt: 'Today in one line...', answer: 'Fog on the hills all day' }];
        expect((await todaysEntries(page)).map((entry) => entry.answers)).toEqual([answers]);
        expect(posts).toHaveLength(1);
        expect(posts[0]).toMatchObject({ content: { answers } });
        await expectOneCardAfterReload(page, 'Fog on the hills');
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});
