import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { TAG_PAGE_SIZE } from '../src/shared/tag-schemas';
import { THEME_NAMES, THEMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi, todaysEntries } from './support/api';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, journalSuite, openEntryForm, openSettings } from './support/journal';
import {
  expectOneCardAfterReload,
  goOffline,
  NETWORK_FAILURE,
  reconnectAndSync,
  recordEntryCreates,
  waitForServiceWorker,
} from './support/offline';

const { suite, withJournal } = journalSuite();

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/tags-shots';

describe('tags', () => {
  it('are typed as #words and added as chips, shown on the card as links to the journal filtered by them', async () => {
    await withJournal(async (page, account) => {
      await openEntryForm(page);
      const tags = page.getByRole('group', { name: /Tags/ });
      await visible(tags.getByText(/up to 20 tags, each up to 50 letters/));
      await page.getByLabel('I am grateful for...').fill('Dinner with the #Family at the lake');
      // The typed tag shows beside the chips as the answer is written.
      await visible(tags.getByText('#family'));

      // A chip, by keyboard: typed, then Enter (which does not save the entry).
      const input = tags.getByRole('textbox', { name: 'Add a tag' });
      await input.fill('#Summer');
      await input.press('Enter');
      await visible(tags.getByRole('button', { name: 'Remove tag summer' }));
      await input.fill('two words');
      await tags.getByRole('button', { name: 'Add' }).click();
      await visible(tags.getByRole('alert').filter({ hasText: 'A tag is one word' }));
      await input.fill('lake');
      await input.press('Enter');
      // Removed by keyboard too.
      await tags.getByRole('button', { name: 'Remove tag lake' }).focus();
      await page.keyboard.press('Enter');
      await gone(tags.getByRole('button', { name: 'Remove tag lake' }));
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const card = page.getByRole('article').filter({ hasText: 'Dinner with the #Family' });
      await visible(card);
      const links = card.getByRole('list', { name: 'Tags' }).getByRole('link');
      expect(await links.allTextContents()).toEqual(['#summer', '#family']);
      expect((await todaysEntries(page)).map((entry) => entry.tags)).toEqual([['summer', 'family']]);

      // A second entry, with a chip only.
      await page.goto('/journal?date=' + localDayKey(new Date()));
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('A quiet morning');
      await page.getByRole('group', { name: /Tags/ }).getByRole('textbox', { name: 'Add a tag' }).fill('family');
      await page.getByRole('group', { name: /Tags/ }).getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'A quiet morning' }));

      // The card's link opens the journal filtered by the tag.
      await card.getByRole('link', { name: '#family' }).click();
      await visible(page.getByRole('heading', { name: 'Entries tagged #family' }));
      expect(new URL(page.url()).search).toBe('?tag=family');
      await visible(page.getByRole('article').filter({ hasText: 'A quiet morning' }));
      await visible(page.getByRole('article').filter({ hasText: 'Dinner with the #Family' }));
      await page.goto('/journal?tag=summer');
      await visible(page.getByRole('heading', { name: 'Entries tagged #summer' }));
      await visible(page.getByRole('article').filter({ hasText: 'Dinner with the #Family' }));
      expect(await page.getByRole('article').count()).toBe(1);

      // Search understands #family.
      await page.goto('/journal?q=%23family');
      await visible(page.getByText('A quiet morning'));

      // Settings lists the tags with their counts, and renames one across the journal.
      await openSettings(page, account.name);
      const section = page.getByRole('region', { name: 'Your tags' });
      await visible(section.getByText('2 entries'));
      await section.getByRole('button', { name: 'Rename or merge #summer' }).click();
      await section.getByLabel(/New name, or a tag to merge #summer into/).fill('family');
      await section.getByRole('button', { name: 'Merge', exact: true }).click();
      await visible(page.getByText('Merged #summer into #family on 1 entry'));
      await gone(section.getByRole('link', { name: '#summer' }));
      expect((await todaysEntries(page)).map((entry) => entry.tags).sort()).toEqual([['family'], ['family']]);

      // The screens, at a phone's width and a wide one, in the three themes: the form, the card, the filter, Settings.
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of THEME_NAMES) {
        await openSettings(page, account.name);
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/journal?tag=family');
          await visible(page.getByRole('heading', { name: 'Entries tagged #family' }));
          await visible(page.getByRole('article').first());
          await page.screenshot({ path: `${SHOTS}/filter-${theme}-${width}.png`, fullPage: true });
          await page.goto('/settings');
          await visible(page.getByRole('region', { name: 'Your tags' }));
          await page.getByRole('region', { name: 'Your tags' }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/settings-${theme}-${width}.png` });
          await page.goto('/journal');
          await openEntryForm(page);
          await page.getByLabel('I am grateful for...').fill('Sunny #garden afternoon');
          const chipInput = page.getByRole('group', { name: /Tags/ }).getByRole('textbox', { name: 'Add a tag' });
          await chipInput.fill('friends');
          await chipInput.press('Enter');
          await page.getByRole('group', { name: /Tags/ }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/form-${theme}-${width}.png` });
          await page.getByRole('button', { name: 'Cancel and return to list' }).click();
          const discard = page.getByRole('button', { name: 'Discard' });
          if (await discard.count()) await discard.click();
        }
      }
    });
  });

  it("load the rest of a tag's entries as the last one scrolls into view", async () => {
    await withJournal(async (page) => {
      // One more than a page (20) with the tag, and one without it.
      for (let n = 1; n <= TAG_PAGE_SIZE + 1; n += 1) await createEntryViaApi(page, { gratitude: `Walk ${n}`, tags: ['walk'] });
      await createEntryViaApi(page, { gratitude: 'Rain all day' });
      await page.goto('/journal?tag=walk');
      await visible(page.getByRole('heading', { name: 'Entries tagged #walk' }));
      await visible(page.getByText(`Walk ${TAG_PAGE_SIZE + 1}`, { exact: true }));

      const cards = page.getByRole('article');
      await cards.nth(TAG_PAGE_SIZE - 1).scrollIntoViewIfNeeded();
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(TAG_PAGE_SIZE + 1);
      await visible(page.getByText('Walk 1', { exact: true }));
      expect(await page.getByText('Rain all day').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    });
  });

  it('go with an entry written offline, and reach the server exactly once when the connection is back', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await waitForServiceWorker(page);
        const posts = recordEntryCreates(page);

        await goOffline(page, context);
        await openEntryForm(page);
        await page.getByLabel('I am grateful for...').fill('A letter from #grandma');
        const input = page.getByRole('group', { name: /Tags/ }).getByRole('textbox', { name: 'Add a tag' });
        await input.fill('family');
        await input.press('Enter');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Saved on this device. It will sync as soon as the server can be reached.'));
        const card = page.getByRole('article').filter({ hasText: 'A letter from' });
        await visible(card.getByText('Waiting to sync'));
        // Waiting, it already shows its tags.
        expect(await card.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()).toEqual([
          '#family',
          '#grandma',
        ]);

        await reconnectAndSync(page, context, 'A letter from');
        const stored = await todaysEntries(page);
        expect(stored.map((entry) => [entry.gratitude, entry.tags])).toEqual([['A letter from #grandma', ['family', 'grandma']]]);
        expect(posts).toHaveLength(1);
        expect(posts[0]).toMatchObject({ content: { tags: ['family'] } });
        await expectOneCardAfterReload(page, 'A letter from');
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});
