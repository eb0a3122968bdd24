import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts';
import { gone, visible } from './support/browser';
import { goOffline, NETWORK_FAILURE } from './support/offline';
import { ADD_ENTRY, journalSuite } from './support/journal';

const { suite, withJournal } = journalSuite();

function welcome(page: Page) {
  return page.getByRole('region', { name: /^(Welcome to your journal|A gentle reminder|On your home screen)$/ });
}

/** What the server says of the account's welcome, read with the page's session. */
async function welcomeSeen(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/profile');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { welcomeSeen: boolean }).welcomeSeen;
}

/** The journal is on screen and every request it made has settled: a welcome that was coming would be here. */
async function journalSettled(page: Page): Promise<void> {
  await visible(page.getByRole('button', { name: ADD_ENTRY }));
  await page.waitForLoadState('networkidle');
}

describe('the welcome after the first sign-in', () => {
  it('shows after the first sign-in; Skip closes it, and neither a reload nor another browser shows it again', async () => {
    const account = await createAccount(suite.server, { welcome: true });
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      await visible(welcome(page).getByRole('heading', { name: 'Welcome to your journal' }));
      expect(await welcome(page).textContent()).toContain('I am grateful for...');
      // The journal stays usable around it.
      await visible(page.getByRole('button', { name: ADD_ENTRY }));

      await welcome(page).getByRole('button', { name: 'Skip the welcome' }).click();
      await gone(welcome(page));
      await expect.poll(() => welcomeSeen(page)).toBe(true);

      await page.reload();
      await journalSettled(page);
      expect(await welcome(page).count()).toBe(0);
    });
    // A second device: a browser of its own, signed in afresh.
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      await journalSettled(page);
      expect(await welcome(page).count()).toBe(0);
    });
  });

  it('walks through the prompts, a reminder and installing, and Start writing completes it for good', async () => {
    const account = await createAccount(suite.server, { welcome: true });
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      const panel = welcome(page);
      await visible(panel.getByRole('heading', { name: 'Welcome to your journal' }));
      expect(await panel.textContent()).toContain('step 1 of 3');

      await panel.getByRole('button', { name: 'Next' }).click();
      await visible(panel.getByRole('heading', { name: 'A gentle reminder' }));
      await panel.getByLabel('Remind me at').fill('07:30');
      await panel.getByRole('button', { name: 'Remind me at this time' }).click();
      await visible(panel.getByText(/^Your reminder is set\. The next one: .*7:30/));
      const reminders = await page.request.get('/api/reminders');
      expect(await reminders.json()).toMatchObject({ enabled: true, time: '07:30', email: true, days: expect.arrayContaining(['mon', 'sun']) });

      // Back and forth keeps the steps in order.
      await panel.getByRole('button', { name: 'Back' }).click();
      await visible(panel.getByRole('heading', { name: 'Welcome to your journal' }));
      await panel.getByRole('button', { name: 'Next' }).click();
      await panel.getByRole('button', { name: 'Next' }).click();
      await visible(panel.getByRole('heading', { name: 'On your home screen' }));
      await visible(panel.getByRole('heading', { name: 'On an iPhone or iPad' }));
      await visible(panel.getByRole('heading', { name: 'On Android' }));
      expect(await panel.getByRole('button', { name: 'Skip the welcome' }).count()).toBe(0);

      await panel.getByRole('button', { name: 'Start writing' }).click();
      await gone(panel);
      await expect.poll(() => welcomeSeen(page)).toBe(true);
      await page.reload();
      await journalSettled(page);
      expect(await welcome(page).count()).toBe(0);
    });
  });

  it('offers the browser’s own install prompt where the browser has one', async () => {
    const account = await createAccount(suite.server, { welcome: true });
    await suite.withPage(async (page) => {
      await signIn(page, account.email, account.password);
      const panel = welcome(page);
      await visible(panel.getByRole('heading', { name: 'Welcome to your journal' }));
      // Chromium fires beforeinstallprompt only for a site it would install, which a test server on localhost may not
      // be: the page is handed one as the browser would, with a prompt that answers "accepted".
      await page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt'), {
          prompt: () => {
            (window as unknown as { prompted: number }).prompted = 1;
            return Promise.resolve({ outcome: 'accepted' });
          },
        });
        window.dispatchEvent(event);
      });
      await panel.getByRole('button', { name: 'Next' }).click();
      await panel.getByRole('button', { name: 'Next' }).click();
      await panel.getByRole('button', { name: 'Install the app' }).click();
      await visible(panel.getByText('Installing. Look for the journal on your home screen.'));
      expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
      // A prompt is shown once: the button goes with it.
      expect(await panel.getByRole('button', { name: 'Install the app' }).count()).toBe(0);
    });
  });

  it('works offline: says the reminder waits for the connection, and sends the skip once it is back', async () => {
    const account = await createAccount(suite.server, { welcome: true });
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        const panel = welcome(page);
        await visible(panel.getByRole('heading', { name: 'Welcome to your journal' }));
        await page.waitForLoadState('networkidle');
        await goOffline(page, context);

        await panel.getByRole('button', { name: 'Next' }).click();
        await visible(panel.getByText('You are offline. A reminder can be set once you are back online, here or in Settings.'));
        expect(await panel.getByRole('button', { name: 'Remind me at this time' }).isDisabled()).toBe(true);

        await panel.getByRole('button', { name: 'Skip the welcome' }).click();
        await gone(panel);
        await context.setOffline(false);
        // The server hears of it once the connection is back.
        await expect.poll(() => welcomeSeen(page), { timeout: 30_000 }).toBe(true);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });

  it('opens again from About, and closing it leaves the journal as it was', async () => {
    await withJournal(async (page, account) => {
      await journalSettled(page);
      expect(await welcome(page).count()).toBe(0);
      // As a writer reaches About: from the account menu.
      await page.getByRole('button', { name: account.name }).click();
      await page.getByRole('menuitem', { name: 'About & FAQ' }).click();
      await page.waitForURL('**/about');
      await page.getByRole('link', { name: 'See the welcome again' }).click();
      await visible(welcome(page).getByRole('heading', { name: 'Welcome to your journal' }));
      expect(new URL(page.url()).searchParams.get('welcome')).toBe('again');
      await welcome(page).getByRole('button', { name: 'Skip the welcome' }).click();
      await gone(welcome(page));
      expect(new URL(page.url()).search).toBe('');
      expect(await welcomeSeen(page)).toBe(true);
    });
  });
});
