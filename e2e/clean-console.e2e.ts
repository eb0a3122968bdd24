import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newEmail, PASSWORD } from './support/accounts';
import { appStarted, visible } from './support/browser';
import { ADD_ENTRY, openEntryForm } from './support/journal';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

/**
 * Every error the page's console shows, and every uncaught exception: with nothing let through, not even the
 * "Failed to load resource" line Chromium writes for any answer of 400 or more.
 */
function everyConsoleError(page: Page): { message: string; url: string }[] {
  const errors: { message: string; url: string }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ message: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => errors.push({ message: error.message, url: page.url() }));
  return errors;
}

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

describe('a first journey in the browser', () => {
  it('signs up, verifies, signs in, writes, and signs out without a single error in the console', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = everyConsoleError(page);
      const email = newEmail('first-journey');

      await page.goto('/');
      await appStarted(page);
      await page.getByRole('link', { name: 'Start Your Free Journal' }).first().click();
      await visible(page.getByRole('heading', { name: 'Create Your Account' }));
      await appStarted(page);
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await visible(page.getByText('Account created! Please check your email to verify your account.').first());

      const mail = await suite.server.waitForMail(email);
      await page.goto(mail.link);
      await waitForPath(page, '/login');
      await visible(page.getByText('Email verified successfully! Please sign in to continue.').first());

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await waitForPath(page, '/journal');
      await visible(page.getByRole('button', { name: ADD_ENTRY }));

      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('A first page, written without a fuss');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'A first page, written without a fuss' }));
      await visible(page.getByText('1 entry this month').first());

      // A reload, as a person coming back later would: the journal opens from the session.
      await page.reload();
      await visible(page.getByRole('article').filter({ hasText: 'A first page, written without a fuss' }));

      await page.getByRole('button', { name: /Ada Lovelace/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await waitForPath(page, '/');
      await visible(page.getByRole('link', { name: 'Sign In' }));
      // Back to a protected page, signed out: sent to sign in.
      await page.goto('/journal');
      await waitForPath(page, '/login');
      await visible(page.getByRole('heading', { name: 'Welcome Back' }));

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
