import { describe, expect, it } from 'vitest';
import { newEmail, PASSWORD } from './support/accounts';
import { appStarted, visible } from './support/browser';
import { ADD_ENTRY, openEntryForm } from './support/journal';
import { serverAndBrowser } from './support/suite';

// As `npm start` runs it: no APP_URL, so the journal's address is http://localhost:PORT.
const suite = serverAndBrowser({ APP_URL: undefined });

describe('a journal started without APP_URL, opened at http://127.0.0.1', () => {
  it('signs up, verifies, signs in and writes there', async () => {
    const loopback = suite.server.url.replace('//localhost:', '//127.0.0.1:');
    await suite.withPage(
      async (page) => {
        const email = newEmail('loopback');
        await page.goto('/login?mode=signup');
        await appStarted(page);
        await page.getByLabel('Name').fill('Ada Lovelace');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await visible(page.getByText('Account created! Please check your email to verify your account.').first());

        // The email's link is the server's own address.
        const mail = await suite.server.waitForMail(email);
        expect(new URL(mail.link).origin).toBe(suite.server.url);
        await page.goto(mail.link);
        await visible(page.getByText('Email verified successfully! Please sign in to continue.').first());

        // Back at the address the person first opened: the session is made, and kept, there.
        await page.goto(`${loopback}/login`);
        await appStarted(page);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        expect(new URL(page.url()).origin).toBe(loopback);
        await openEntryForm(page);
        await page.getByLabel('I am grateful for...').fill('A journal that opens at either address');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByRole('article').filter({ hasText: 'A journal that opens at either address' }));
        await page.reload();
        await visible(page.getByRole('article').filter({ hasText: 'A journal that opens at either address' }));
      },
      { context: { baseURL: loopback } },
    );
  });
});
