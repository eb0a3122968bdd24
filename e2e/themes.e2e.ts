import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEMES, type ThemeName } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { appStarted, openPage } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

/** The page background colour the theme set on <html>, as a CSS custom property. */
function backgroundVariable(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-background').trim(),
  );
}

async function expectTheme(page: Page, theme: ThemeName): Promise<void> {
  expect(await backgroundVariable(page)).toBe(THEMES[theme].colors.background);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

function swatch(page: Page, theme: ThemeName) {
  return page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label });
}

describe('themes', () => {
  it('applies the chosen theme at once and paints it again before the first render after a reload', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/about');
      await expectTheme(page, 'default');
      // "At once" is the app's answer: a press before it has taken the page over waits for it (lib/early-input.ts).
      await appStarted(page);
      await swatch(page, 'dark').click();
      await expectTheme(page, 'dark');
      expect(await swatch(page, 'dark').getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      // The app's module script may also have run by DOMContentLoaded; the next test shows the boot script alone
      // paints the theme, by loading the page without the app's code.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectTheme(page, 'dark');
    });
  });

  it('paints the saved theme from the boot script alone, before any app code runs', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url, { serviceWorkers: 'block' });
    try {
      await context.addInitScript(() => localStorage.setItem('theme', 'serene'));
      await page.route(
        (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
        (route) => route.abort(),
      );
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await expectTheme(page, 'serene');
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(THEMES.serene.colors.header);
      // The app never started (it takes the page's mark away when it does): only the boot script can have set these.
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('falls back to the default theme when the saved one is unknown', async () => {
    await suite.withPage(async (page, context) => {
      await context.addInitScript(() => localStorage.setItem('theme', 'neon'));
      await page.goto('/about', { waitUntil: 'domcontentloaded' });
      await expectTheme(page, 'default');
    });
  });

  it('restores the theme saved in the profile when signing in on a new device', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      await page.getByRole('button', { name: 'Add Your Journal Entry' }).waitFor();
      const saved = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/profile' && response.request().method() === 'PATCH',
      );
      await swatch(page, 'serene').click();
      expect((await saved).status()).toBe(200);
    });

    // A second device.
    await suite.withPage(async (page) => {
      await page.goto('/login');
      await expectTheme(page, 'default');
      await signIn(page, account.email, account.password);
      await page.getByRole('button', { name: 'Add Your Journal Entry' }).waitFor();
      await expectTheme(page, 'serene');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('serene');

      // And from then on this device paints it first thing too.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectTheme(page, 'serene');
    });
  });
});
