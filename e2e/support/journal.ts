import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { createAccount, signIn } from './accounts';
import { visible } from './browser';
import { type Suite, serverAndBrowser } from './suite';

export const ADD_ENTRY = 'Add Your Journal Entry';
/** The quieter way to write once today already has an entry. */
export const ADD_ANOTHER = 'Add another entry';
/** The way to today's entry form that the day view offers: the first entry of the day, or another. */
export const ADD_ANY_ENTRY = new RegExp(`^(${ADD_ENTRY}|${ADD_ANOTHER})$`);

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

export interface JournalOptions {
  withClock?: boolean;
  viewport?: { width: number; height: number };
  firstVisit?: (page: Page) => Promise<void>;
  /** A phone, say: its user agent, screen and touch. */
  device?: BrowserContextOptions;
}

/**
 * One server and one browser for a test file, and `withJournal`: a fresh, verified account signed in through the
 * login screen, in its own browser context, on today's journal. `withClock` installs Playwright's clock before the
 * first page load, as the clock requires; `firstVisit` runs before that load too, on a device without the service
 * worker. `env` adds to the server's settings (ANNOUNCEMENT, say).
 */
export function journalSuite(env: NodeJS.ProcessEnv = {}): {
  suite: Suite;
  withJournal: (
    test: (page: Page, account: Awaited<ReturnType<typeof createAccount>>) => Promise<void>,
    options?: JournalOptions,
  ) => Promise<void>;
} {
  const suite = serverAndBrowser(env);
  async function withJournal(
    test: (page: Page, account: Awaited<ReturnType<typeof createAccount>>) => Promise<void>,
    options: JournalOptions = {},
  ): Promise<void> {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page) => {
        if (options.withClock) await page.clock.install();
        await options.firstVisit?.(page);
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await test(page, account);
      },
      {
        context: {
          ...options.device,
          ...(options.viewport ? { viewport: options.viewport } : {}),
          ...(options.firstVisit ? { serviceWorkers: 'block' as const } : {}),
        },
      },
    );
  }
  return { suite, withJournal };
}

/** Opens today's entry form from today's list, whether today has an entry yet or not. */
export async function openEntryForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: ADD_ANY_ENTRY }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
}

/**
 * Holds back the outbox's code (OutboxSync's chunk) from the first page load until `release`, so that the journal
 * is on screen, and a Save can be pressed, before the outbox has started.
 */
export function holdOutboxCode() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    hold: async (page: Page) => {
      await page.route('**/assets/OutboxSync-*.js', async (route) => {
        await held;
        await route.fallback();
      });
    },
  };
}

/** The entry form, filled in, on a page where the server refuses every save (403). */
export async function openRefusedForm(page: Page): Promise<void> {
  await page.route('**/api/entries', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":"forbidden","message":"No"}' })
      : route.fallback(),
  );
  await openEntryForm(page);
  await page.getByLabel('I am grateful for...').fill('A quiet morning');
}

/** Opens Settings from the account menu, named by the account's display name. */
export async function openSettings(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await visible(page.getByRole('heading', { level: 1, name: /Settings/ }));
}
