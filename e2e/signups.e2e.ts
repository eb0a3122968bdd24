import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLOSED_ANNOUNCEMENT } from '../src/server/config';
import { newEmail, PASSWORD, signIn } from './support/accounts';
import { printedInvite, runAdmin } from './support/admin';
import { apiRequest } from './support/api';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const CLOSED = 'Sign-ups are closed. Please contact support.';
const DISABLED = 'This account has been disabled. Please contact support.';

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

/** `npm run admin -- ...args` with the server's settings, as its operator would run it. */
function admin(server: RunningServer, ...args: string[]) {
  return runAdmin(args, { DATA_DIR: server.dataDir, APP_URL: server.url });
}

describe('sign-ups closed (SIGNUPS=closed)', () => {
  const suite = serverAndBrowser({ SIGNUPS: 'closed' });

  it('offers no sign-up form anywhere, only the notice and where to turn', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/');
      await page.getByText(CLOSED).waitFor();
      expect(await page.getByRole('region', { name: 'Announcement' }).textContent()).toContain(CLOSED_ANNOUNCEMENT);
      expect(await page.getByRole('link', { name: 'Start Your Free Journal' }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/about#contact');

      // The address a sign-up link would take: the notice, and no form.
      await page.goto('/login?mode=signup');
      await page.getByRole('heading', { name: 'Sign-ups Are Closed' }).waitFor();
      await page.getByText('No new accounts are being made here at the moment.', { exact: false }).waitFor();
      expect(await page.locator('form').count()).toBe(0);
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);

      // Signing in is as ever, without the offer to sign up.
      await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Need an account? Sign up' }).count()).toBe(0);
    });
  });
});

describe('sign-ups by invitation (SIGNUPS=invite)', () => {
  const suite = serverAndBrowser({ SIGNUPS: 'invite' });

  it('fills in the code from an invite link and signs up, once', async () => {
    const { code, link } = printedInvite(await admin(suite.server, 'invite'));
    await suite.withPage(async (page) => {
      await page.goto(link);
      await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
      expect(await page.getByLabel('Invite code').inputValue()).toBe(code);
      const email = newEmail('invited');
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Account created! Please check your email to verify your account.').waitFor();

      const mail = await suite.server.waitForMail(email);
      await page.goto(mail.link);
      await waitForPath(page, '/login');
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
    });

    // The code had one use: the same link cannot make a second account.
    await suite.withPage(async (page) => {
      await page.goto(link);
      expect(await page.getByLabel('Invite code').inputValue()).toBe(code);
      await page.getByLabel('Name').fill('Someone Else');
      await page.getByLabel('Email').fill(newEmail('second'));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'This invite code cannot be used. Please check it, or ask for a new one.' })
        .waitFor();
      expect(new URL(page.url()).searchParams.get('mode')).toBe('signup');

      // Without a link, the form asks for the code.
      await page.goto('/login?mode=signup');
      const field = page.getByLabel('Invite code');
      expect(await field.inputValue()).toBe('');
      expect(await field.getAttribute('required')).not.toBeNull();
    });
  });

  it('tells a disabled person so at sign-in, ends the session they had, and lets them back once enabled', async () => {
    const { code } = printedInvite(await admin(suite.server, 'invite'));
    const email = newEmail('disabled');
    const signUp = await apiRequest(suite.server.url, 'POST', '/api/auth/sign-up', {
      body: { name: 'Grace Hopper', email, password: PASSWORD, inviteCode: code },
    });
    expect(signUp.status).toBe(201);
    const oobCode = new URL((await suite.server.waitForMail(email)).link).searchParams.get('oobCode');
    expect((await apiRequest(suite.server.url, 'POST', '/api/auth/verify-email', { body: { oobCode } })).status).toBe(200);

    await suite.withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');

      expect((await admin(suite.server, 'disable', email)).status).toBe(0);
      // The next answer from the server has no session: the app signs out.
      await page.reload();
      await waitForPath(page, '/login');

      await signIn(page, email, PASSWORD);
      await page.getByRole('alert').filter({ hasText: DISABLED }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();

      expect((await admin(suite.server, 'enable', email)).status).toBe(0);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await waitForPath(page, '/journal');
    });
  });
});
