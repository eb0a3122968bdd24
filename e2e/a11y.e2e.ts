import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_NAMES, type ThemeName } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { expectNoConsoleErrors, openPage } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { seriousViolations } from './support/axe';


const suite = serverAndBrowser();

interface Screen {
  name: string;
  path: string;
  /** Resolves when the screen has rendered what is worth checking. */
  ready: (page: Page) => Promise<void>;
}

const SIGNED_OUT_SCREENS: Screen[] = [
  {
    name: 'landing',
    path: '/',
    ready: (page) => page.getByRole('link', { name: 'Start Your Free Journal' }).first().waitFor(),
  },
  { name: 'login', path: '/login', ready: (page) => page.getByLabel('Email').waitFor() },
  { name: 'sign-up', path: '/login?mode=signup', ready: (page) => page.getByRole('list', { name: 'Requirements' }).waitFor() },
  { name: 'about', path: '/about', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'journal',
    path: '/journal',
    ready: (page) => page.getByRole('article').getByText('Morning light on the kitchen table').waitFor(),
  },
  {
    name: 'journal filtered by a tag',
    path: '/journal?tag=draft',
    ready: (page) => page.getByRole('article').getByText('Morning light on the kitchen table').waitFor(),
  },
  {
    name: 'settings',
    path: '/settings',
    ready: async (page) => {
      await page.getByLabel('Display Name').waitFor();
      await page.getByRole('region', { name: 'Your tags' }).getByText('1 entry').waitFor();
    },
  },
  {
    name: 'print',
    path: '/print?range=all',
    ready: (page) => page.getByText('Morning light on the kitchen table').waitFor(),
  },
  { name: 'about (signed in)', path: '/about', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

interface ThemedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A page that starts every load in `theme`, as if chosen earlier on this device; motion reduced for stable colours. */
async function themedPage(theme: ThemeName): Promise<ThemedPage> {
  const opened = await openPage(suite.browser, suite.server.url, { reducedMotion: 'reduce' });
  await opened.context.addInitScript((name) => localStorage.setItem('theme', name), theme);
  return opened;
}

describe.each(THEME_NAMES)('accessibility in the %s theme', (theme) => {
  let visitor: ThemedPage;
  let member: ThemedPage;

  beforeAll(async () => {
    visitor = await themedPage(theme);
    member = await themedPage(theme);
    const account = await createAccount(suite.server);
    await signIn(member.page, account.email, account.password);
    await member.page.getByRole('button', { name: 'Add Your Journal Entry' }).waitFor();
    await createEntryViaApi(member.page, {
      gratitude: 'Morning light on the kitchen table',
      // A typed tag: the card lists it, Settings counts it, and the journal can be filtered by it.
      celebration: 'A finished #draft',
    });
  });

  afterAll(async () => {
    for (const opened of [visitor, member]) {
      if (!opened) continue;
      // Offline, Chromium logs each request it could not send; those are expected in the offline check.
      expectNoConsoleErrors(opened.errors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED/.test(error)));
      await opened.context.close();
    }
  });

  async function check(opened: ThemedPage, screen: Screen): Promise<void> {
    await opened.page.goto(screen.path);
    await screen.ready(opened.page);
    expect(await opened.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const violations = await seriousViolations(opened.page);
    expect(violations, `${screen.name} in the ${theme} theme:\n${violations.join('\n')}`).toEqual([]);
  }

  it.each(SIGNED_OUT_SCREENS)('has no serious violations on $name', (screen) => check(visitor, screen));
  it.each(SIGNED_IN_SCREENS)('has no serious violations on $name', (screen) => check(member, screen));

  it('has no serious violations offline, with an entry waiting to sync', async () => {
    const { page, context } = member;
    await page.goto('/journal');
    // Today already has the entry written before: the way to write is the quieter one.
    await page.getByRole('button', { name: 'Add another entry' }).waitFor();
    await context.setOffline(true);
    try {
      await page.getByRole('status').filter({ hasText: 'Offline — changes will sync' }).waitFor();
      await page.getByRole('button', { name: 'Add another entry' }).click();
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByLabel('I am grateful for...').fill('A quiet train ride');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await page.getByRole('article').filter({ hasText: 'A quiet train ride' }).getByText('Waiting to sync').waitFor();
      const violations = await seriousViolations(page);
      expect(violations, `offline journal in the ${theme} theme:\n${violations.join('\n')}`).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });
});
