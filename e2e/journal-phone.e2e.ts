import { describe, expect, it } from 'vitest';
import { gone, visible } from './support/browser';
import { ANDROID, IPHONE } from './support/devices';
import { ADD_ENTRY, journalSuite, openRefusedForm } from './support/journal';

const { withJournal } = journalSuite();

describe('the journal on a phone', () => {
  it('opens each step at its top, however far the list was scrolled', async () => {
    await withJournal(
      async (page) => {
        const scrolled = () => page.evaluate(() => window.scrollY);
        await page.evaluate(() => window.scrollTo(0, 150));
        expect(await scrolled()).toBeGreaterThan(0);
        await page.getByRole('button', { name: ADD_ENTRY }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
        expect(await scrolled()).toBe(0);

        await page.evaluate(() => window.scrollTo(0, 150));
        expect(await scrolled()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
        expect(await scrolled()).toBe(0);
      },
      { device: IPHONE },
    );
  });

  it('shows toasts above the install banner on a phone, not over its text', async () => {
    await withJournal(
      async (page) => {
        const banner = page.getByRole('region', { name: 'Install the app' });
        await visible(banner);
        await openRefusedForm(page);
        await page.getByRole('button', { name: 'Save Entry' }).click();
        const toast = page.getByText('Failed to save journal entry. Please try again.');
        await visible(toast);
        const [toastBox, bannerBox] = await Promise.all([toast.boundingBox(), banner.boundingBox()]);
        if (!toastBox || !bannerBox) throw new Error('the toast or the banner has no box');
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bannerBox.y);
        // Once the banner is dismissed, toasts go back to the foot of the screen.
        await banner.getByRole('button', { name: 'Dismiss' }).click();
        await gone(banner);
        await expect
          .poll(async () => {
            const box = await page.locator('.toast-region').boundingBox();
            return box ? Math.round(ANDROID.viewport.height - (box.y + box.height)) : -1;
          })
          .toBeLessThan(40);
      },
      { device: ANDROID },
    );
  });

  it('gives the stats panel’s expander a target a finger can hit, without making its line taller', async () => {
    await withJournal(
      async (page) => {
        const toggle = page.getByRole('button', { name: 'Show more stats' });
        const box = await toggle.boundingBox();
        // WCAG's least target size is 24 px; the words alone are 18.
        expect(box?.height).toBeGreaterThanOrEqual(32);
        const line = await toggle.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
        const panel = page.getByRole('region', { name: 'Your journal statistics' });
        const [panelBox, statBox] = await Promise.all([panel.boundingBox(), panel.locator('.stat').last().boundingBox()]);
        if (!box || !panelBox || !statBox) throw new Error('the stats panel has no box');
        // The words sit where they did: one line under the last stat, the panel's padding below them.
        expect(box.y + (box.height - line) / 2).toBeGreaterThan(statBox.y + statBox.height);
        expect(box.y + box.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
      },
      { device: IPHONE },
    );
  });

  it('keeps the account menu and the statistics on the screen when a phone shows text at twice its size', async () => {
    await withJournal(
      async (page, account) => {
        // As a phone's text size setting does (through the style object: the page's CSP refuses a style tag).
        await page.evaluate(() => {
          document.documentElement.style.fontSize = '200%';
        });
        const panel = page.getByRole('region', { name: 'Your journal statistics' });
        await visible(panel.getByText('0 entries this month'));
        expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        // The brand's name gives way (cut short) so that the menu stays within reach.
        const menu = await page.getByRole('button', { name: new RegExp(account.name) }).boundingBox();
        expect(menu && menu.x >= 0 && menu.x + menu.width <= 390).toBe(true);
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
