import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { createAccount, signIn } from './support/accounts';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('text that looks like code', () => {
  it('is stored and shown exactly as written, as text, never executed', async () => {
    await suite.withPage(async (page) => {
      const account = await createAccount(suite.server);
      await signIn(page, account.email, account.password);
      await page.getByRole('button', { name: 'Add Your Journal Entry' }).click();
      await page.getByRole('button', { name: 'Skip', exact: true }).click();

      const html = '<img src=x onerror="window.__injected = 1"> and <b>not bold</b>';
      const sql = "Robert'); DROP TABLE journal_entry;-- 100% of ~_ \\ wildcards";
      const world = '🌅 شكراً على هذا اليوم — שלום 👩🏽‍🌾 naïve café';
      await page.getByLabel('I am grateful for...').fill(html);
      await page.getByLabel('I want to celebrate...').fill(sql);
      await page.getByLabel('I am manifesting...').fill(world);
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const card = page.getByRole('article').first();
      await card.getByText(html, { exact: true }).waitFor();
      await card.getByText(sql, { exact: true }).waitFor();
      await card.getByText(world, { exact: true }).waitFor();
      expect(await card.locator('img, b').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();

      // And the server kept every character.
      const res = await page.request.get(`/api/entries?day=${localDayKey(new Date())}`);
      const { entries } = (await res.json()) as { entries: { gratitude: string; celebration: string; manifestation: string }[] };
      expect(entries[0]).toMatchObject({ gratitude: html, celebration: sql, manifestation: world });
    });
  });
});
