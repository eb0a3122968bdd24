import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEntryViaApi } from './support/api';
import { gone, visible } from './support/browser';
import { journalSuite } from './support/journal';

const { withJournal } = journalSuite();

describe('editing and deleting entries', () => {
  it("edits today's entry in place", async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'Fresh bread' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'Fresh bread' });
      await visible(card);

      await card.getByRole('button', { name: 'Edit' }).click();
      const field = card.getByLabel('I am grateful for...');
      expect(await field.inputValue()).toBe('Fresh bread');
      await field.fill('Fresh bread and good friends');
      await card.getByRole('button', { name: 'Save', exact: true }).click();

      await visible(page.getByText('Entry updated successfully'));
      await visible(card.getByText('Fresh bread and good friends'));
      await gone(card.getByLabel('I am grateful for...'));
    });
  });

  it('deletes an entry only after confirming', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'A sunlit walk' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'A sunlit walk' });
      await visible(card);

      const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
      await card.getByRole('button', { name: 'Delete' }).click();
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await gone(dialog);
      await visible(card);

      await card.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Entry deleted successfully'));
      await visible(page.getByText('No journal entry for this day'));
      expect(await page.getByRole('article').count()).toBe(0);
    });
  });

  it('writes and shows each entry in the direction of its own language', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'שלום עולם! תודה על היום.', celebration: 'A walk by the sea' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'שלום עולם' });
      const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
      expect(await direction(card.getByText('שלום עולם! תודה על היום.'))).toBe('rtl');
      expect(await direction(card.getByText('A walk by the sea'))).toBe('ltr');

      // Held, so that the busy Save can be looked at: it stays fully legible while the edit is saved.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith('/api/entries/'),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await card.getByRole('button', { name: 'Edit' }).click();
      // The only field on the page; the card's own text changes as it is typed in.
      const gratitude = page.getByLabel('I am grateful for...');
      expect(await direction(gratitude)).toBe('rtl');
      await gratitude.fill('Thanks for today');
      expect(await direction(gratitude)).toBe('ltr');
      const save = page.getByRole('button', { name: /^Sav/ });
      await save.click();
      await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
      expect(await save.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      release();
      await visible(page.getByText('Entry updated successfully'));
    });
  });
});
