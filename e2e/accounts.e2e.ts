import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS } from '../src/shared/auth-schemas';
import { createAccount, newEmail, PASSWORD, signIn } from './support/accounts';
import { readFileSync } from 'node:fs';
import { apiRequest, createEntryViaApi } from './support/api';
import { appStarted, visible } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const text = (page: Page, value: string | RegExp) => page.getByText(value).first();

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

/** The special characters a password may use, as the checklist shows them: each one, spaced. */
const SPECIAL_CHARACTERS_SHOWN = [...PASSWORD_SPECIAL_CHARACTERS].join(' ');

/** Each rule of a password checklist, by its label, and whether it is marked met. */
async function ruleStates(checklist: Locator): Promise<Record<string, boolean>> {
  const states: Record<string, boolean> = {};
  for (const item of await checklist.getByRole('listitem').all()) {
    const label = (await item.locator('.rule-label').textContent()) ?? '';
    states[label] = (await item.getAttribute('class'))?.split(' ').includes('rule-met') ?? false;
  }
  return states;
}

describe('accounts in the browser', () => {
  it('signs up, verifies the email from the outbox, and signs in', async () => {
    await suite.withPage(async (page) => {
      const email = newEmail('signup');
      await page.goto('/login?mode=signup');
      await expect.poll(() => page.getByRole('heading', { name: 'Create Your Account' }).isVisible()).toBe(true);
      // As a person would: after the page has come up (typing before that is prerendered-pages.e2e.ts's test).
      await appStarted(page);
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill(email);
      const submit = page.getByRole('button', { name: 'Create Account' });
      await page.getByLabel('Password', { exact: true }).fill('weak');
      expect(await submit.isDisabled()).toBe(true);
      expect(await page.getByRole('list', { name: 'Requirements' }).textContent()).toContain(SPECIAL_CHARACTERS_SHOWN);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      expect(await submit.isEnabled()).toBe(true);
      await submit.click();

      await text(page, 'Account created! Please check your email to verify your account.').waitFor();
      expect(await page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(true);

      const mail = await suite.server.waitForMail(email);
      expect(mail.subject).toBe('Verify your email for Gratitude Journal');
      await page.goto(mail.link);
      await text(page, 'Email verified successfully! Please sign in to continue.').waitFor();
      await waitForPath(page, '/login');
      await text(page, 'Email verified successfully! Please sign in to continue.').waitFor();

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await waitForPath(page, '/journal');
      const userId = await page.evaluate(() => localStorage.getItem('userId'));
      expect(userId).toMatch(/\w{8,}/);
      expect(await page.getByRole('button', { name: /Ada Lovelace/ }).isVisible()).toBe(true);

      // The same link a second time says the address is verified already, and goes on to the journal.
      await page.goto(mail.link);
      await text(page, 'This email address is already verified. Please sign in to continue.').waitFor();
      expect(await page.getByRole('button', { name: 'Back to Login' }).count()).toBe(0);
      await waitForPath(page, '/journal');

      // Signed out, it brings the person to sign in, with the same words.
      await page.getByRole('button', { name: /Ada Lovelace/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await waitForPath(page, '/');
      await page.goto(mail.link);
      await waitForPath(page, '/login');
      await text(page, 'This email address is already verified. Please sign in to continue.').waitFor();

      // A link with another code is refused as before.
      const madeUp = new URL(mail.link);
      madeUp.searchParams.set('oobCode', 'x'.repeat(43));
      await page.goto(madeUp.toString());
      await text(page, 'This verification link has expired or is invalid. Please request a new verification email.').waitFor();
      expect(await page.getByRole('button', { name: 'Back to Login' }).isVisible()).toBe(true);
    });
  });

  it('tells an unverified user to verify, and resends the email', async () => {
    await suite.withPage(async (page) => {
      const { email } = await createAccount(suite.server, { verified: false });
      await signIn(page, email, PASSWORD);
      await text(page, 'Please verify your email before signing in.').waitFor();
      await page.getByRole('button', { name: 'Resend verification email' }).click();
      await text(page, 'Verification email sent. Please check your inbox.').waitFor();
      // The sign-up email, then the resend (the sign-in within a minute of sign-up sent none).
      const resent = await suite.server.waitForMail(email, { nth: 2 });
      expect(resent.link).toContain('mode=verifyEmail');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('shows the error for a wrong password and stays signed out', async () => {
    await suite.withPage(async (page) => {
      const { email } = await createAccount(suite.server);
      await signIn(page, email, 'Wrong#Password1');
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
    });
  });

  it('refuses the 6th sign-in attempt in 15 minutes even with the right password', async () => {
    await suite.withPage(async (page) => {
      const { email } = await createAccount(suite.server);
      await page.goto('/login');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(`Wrong#Password${attempt}`);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      }
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sign-in');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const { retryAt } = (await (await answer).json()) as { retryAt: string };
      const refusal = page.getByRole('alert').filter({ hasText: 'Too many login attempts. Please try again later.' });
      await refusal.waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');

      // It says when, on this device's clock: the first whole minute at or after the time the server gave.
      const shown = /You can try again at (\d{1,2}):(\d{2})\s?([AP]M)?\./.exec((await refusal.textContent()) ?? '');
      expect(shown, (await refusal.textContent()) ?? '').not.toBeNull();
      const [hours, minutes] = await page.evaluate((iso) => {
        const at = new Date(Math.ceil(Date.parse(iso) / 60_000) * 60_000);
        return [at.getHours(), at.getMinutes()];
      }, retryAt);
      const shownHours = (Number(shown?.[1]) % 12) + (shown?.[3] === 'PM' ? 12 : 0);
      expect([shown?.[3] ? shownHours : Number(shown?.[1]), Number(shown?.[2])]).toEqual([hours, minutes]);
      const minutesAway = (Date.parse(retryAt) - Date.now()) / 60_000;
      expect(minutesAway).toBeGreaterThan(13);
      expect(minutesAway).toBeLessThanOrEqual(15);

      // And offers the reset, which clears the count, with the address carried over.
      await page.getByRole('link', { name: 'Reset your password' }).click();
      await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
    });
  });

  it('resets a forgotten password, and refuses the reset link a second time', async () => {
    await suite.withPage(async (page) => {
      const { email } = await createAccount(suite.server);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).or(page.getByRole('button', { name: 'Forgot password?' })).click();
      await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await text(page, 'Password reset email sent. Please check your inbox.').waitFor();

      const mail = await suite.server.waitForMail(email, { subject: /Reset/ });
      await page.goto(mail.link);
      await text(page, email).waitFor();
      const newPassword = 'Brand#New2026';
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill('Different#2026');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await text(page, 'Passwords do not match').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await text(page, 'Password must be at least 8 characters long').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await text(page, 'Password reset successful! Please sign in with your new password.').waitFor();
      await waitForPath(page, '/login');

      // The same link a second time is refused.
      await page.goto(mail.link);
      await text(
        page,
        'This password reset link has expired or is invalid. Please request a new password reset email.',
      ).waitFor();
      await page.getByRole('button', { name: 'Back to Login' }).click();
      await waitForPath(page, '/login');

      await signIn(page, email, PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      await signIn(page, email, newPassword);
      await waitForPath(page, '/journal');
    });
  });

  it('moves keyboard focus to the new heading when the login screen changes mode', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/login');
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome Back' }));
      // Moving focus is the app's: before it has started, a link loads a new page.
      await appStarted(page);
      const focusedHeading = () =>
        page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

      await page.getByRole('link', { name: 'Need an account? Sign up' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(focusedHeading).toBe('Create Your Account');

      await page.goBack();
      await page.getByRole('link', { name: 'Forgot password?' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(focusedHeading).toBe('Reset Password');
    });
  });

  it('says when an action link has no code', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/verify-email?mode=verifyEmail');
      await text(page, 'Invalid action link').waitFor();
    });
  });

  it('updates the display name, the memory preference and the password in settings', async () => {
    const { email } = await createAccount(suite.server, { name: 'Grace Hopper' });
    const newPassword = 'Another#Pass2026';
    await suite.withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
      await page.getByRole('button', { name: /Grace Hopper/ }).click();
      await page.getByRole('menuitem', { name: 'Account Settings' }).click();
      await waitForPath(page, '/settings');
      await text(page, email).waitFor();

      const name = page.getByLabel('Display Name');
      await name.fill('   ');
      expect(await page.getByRole('button', { name: 'Update Profile' }).isDisabled()).toBe(true);
      await name.fill('Rear Admiral Hopper');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await text(page, 'Profile updated successfully').waitFor();
      await page.getByRole('button', { name: /Rear Admiral Hopper/ }).waitFor();

      const memory = page.getByRole('switch', { name: 'Memory Section' });
      expect(await memory.isChecked()).toBe(false);
      await memory.click();
      await text(page, 'Preferences updated successfully').waitFor();
      expect(await memory.isChecked()).toBe(true);

      const update = page.getByRole('button', { name: 'Update Password' });
      expect(await update.isDisabled()).toBe(true);
      await page.getByLabel('Current Password').fill(PASSWORD);
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await update.click();
      await text(page, 'Password updated successfully').waitFor();

      await page.reload();
      await page.getByRole('switch', { name: 'Memory Section' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Memory Section' }).isChecked()).toBe(true);
    });
    await suite.withPage(async (page) => {
      // Another browser: the old password is refused, the new one works and shows the new name.
      await signIn(page, email, PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      await signIn(page, email, newPassword);
      await waitForPath(page, '/journal');
      await page.getByRole('button', { name: /Rear Admiral Hopper/ }).waitFor();
    });
  });

  it('says how many characters a display name has left near its limit, in settings and at sign-up', async () => {
    const { email } = await createAccount(suite.server);
    const leftOf = (page: Page, count: string) =>
      page.getByText(count, { exact: true }).and(page.locator(':not([role="status"])'));
    const description = (field: Locator) =>
      field.evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .filter(Boolean)
          .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await suite.withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
      await page.goto('/settings');
      const name = page.getByLabel('Display Name');
      await name.fill('n'.repeat(89));
      expect(await description(name)).toBe('');
      await name.fill('n'.repeat(95));
      await visible(leftOf(page, '5 characters left'));
      expect(await description(name)).toBe('5 characters left');
      // The field takes no more than the limit: at it, nothing is left.
      await name.fill('n'.repeat(120));
      await visible(leftOf(page, '0 characters left'));
      expect(await name.inputValue()).toHaveLength(100);
    });
    await suite.withPage(async (page) => {
      await page.goto('/login?mode=signup');
      await appStarted(page);
      const name = page.getByLabel('Name');
      await name.fill('m'.repeat(92));
      await visible(leftOf(page, '8 characters left'));
      expect(await description(name)).toBe('8 characters left');
    });
  });

  it('shows the password checklist in settings and keeps Update Password disabled until every rule is met', async () => {
    const { email } = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
      await page.goto('/settings');
      const newPassword = page.getByLabel('New Password', { exact: true });
      const checklist = page.getByRole('list', { name: 'Requirements' });
      await visible(checklist);
      expect(await newPassword.getAttribute('aria-describedby')).toBe(await checklist.getAttribute('id'));
      expect(await checklist.textContent()).toContain(SPECIAL_CHARACTERS_SHOWN);

      const update = page.getByRole('button', { name: 'Update Password' });
      await page.getByLabel('Current Password').fill(PASSWORD);
      await newPassword.fill('aaaaaa');
      expect(await update.isDisabled()).toBe(true);
      await newPassword.fill('aaaaaaaa');
      expect(await update.isDisabled()).toBe(true);
      expect(await ruleStates(checklist)).toEqual({
        'At least 8 characters': true,
        'One uppercase letter': false,
        'One lowercase letter': true,
        'One number': false,
        'One symbol (such as ! @ # $ %)': false,
      });
      await newPassword.fill('Another#Pass2026');
      expect(await update.isEnabled()).toBe(true);
    });
  });

  /** Signed in, with one entry written, on the Settings page. */
  async function onSettingsWithAnEntry(page: Page, email: string, gratitude: string): Promise<void> {
    await signIn(page, email, PASSWORD);
    await waitForPath(page, '/journal');
    await createEntryViaApi(page, { gratitude });
    await page.goto('/settings');
  }

  it('downloads the whole journal from settings, as JSON and as Markdown, named with the app and the day', async () => {
    const { email } = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await onSettingsWithAnEntry(page, email, 'Tea with an old friend');
      const section = page.getByRole('region', { name: 'Your data' });
      for (const [name, extension] of [['Download as JSON', 'json'], ['Download as Markdown', 'md']] as const) {
        const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name }).click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^gratitude-journal-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
        expect(readFileSync(await download.path(), 'utf8')).toContain('Tea with an old friend');
      }
    });
  });

  it('deletes the account from settings after asking, and the sign-in fails afterwards', async () => {
    const { email } = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await onSettingsWithAnEntry(page, email, 'Soon gone');
      const section = page.getByRole('region', { name: 'Delete Account' });
      await section.getByLabel('Your password, to confirm').fill('Not#MyPassword1');
      await section.getByRole('button', { name: 'Delete Account' }).click();
      const question = page.getByRole('dialog', { name: 'Delete your account?' });
      await visible(question.getByRole('link', { name: 'Download your journal first' }));
      await question.getByRole('button', { name: 'Delete my account' }).click();
      await text(page, 'Your current password is incorrect').waitFor();

      await section.getByLabel('Your password, to confirm').fill(PASSWORD);
      await section.getByRole('button', { name: 'Delete Account' }).click();
      await question.getByRole('button', { name: 'Delete my account' }).click();
      await waitForPath(page, '/');
    });
    await suite.withPage(async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await text(page, 'Invalid email or password').waitFor();
    });
  });

  it('says in settings when the current password is wrong', async () => {
    const { email } = await createAccount(suite.server);
    await suite.withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
      await page.goto('/settings');
      await page.getByLabel('Current Password').fill('Not#MyPassword1');
      await page.getByLabel('New Password', { exact: true }).fill('Another#Pass2026');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await text(page, 'Your current password is incorrect').waitFor();
    });
    await suite.withPage(async (page) => {
      // The password is unchanged.
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
    });
  });

  it('shows the password checklist on the reset page and refuses a password that misses a rule', async () => {
    const { email } = await createAccount(suite.server);
    const requested = await apiRequest(suite.server.url, 'POST', '/api/auth/request-password-reset', { body: { email } });
    expect(requested.status).toBe(200);
    const mail = await suite.server.waitForMail(email, { subject: /Reset/ });
    await suite.withPage(async (page) => {
      let resetRequests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/reset-password') resetRequests += 1;
      });
      await page.goto(mail.link);
      const newPassword = page.getByLabel('New Password', { exact: true });
      const checklist = page.getByRole('list', { name: 'Requirements' });
      await visible(checklist);
      expect(await newPassword.getAttribute('aria-describedby')).toBe(await checklist.getAttribute('id'));
      expect(await checklist.textContent()).toContain(SPECIAL_CHARACTERS_SHOWN);

      await newPassword.fill('aaaaaaaa');
      await page.getByLabel('Confirm New Password').fill('aaaaaaaa');
      expect((await ruleStates(checklist))['One uppercase letter']).toBe(false);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await text(page, 'Please meet all password requirements').waitFor();
      expect(resetRequests).toBe(0);

      await newPassword.fill('Brand#New2026');
      await page.getByLabel('Confirm New Password').fill('Brand#New2026');
      expect(Object.values(await ruleStates(checklist))).toEqual([true, true, true, true, true]);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await text(page, 'Password reset successful! Please sign in with your new password.').waitFor();
      expect(resetRequests).toBe(1);
    });
  });

  it('protects pages, remembers where the visitor was going, and redirects signed-in users', async () => {
    await suite.withPage(async (page) => {
      const { email } = await createAccount(suite.server);
      await page.goto('/settings');
      await waitForPath(page, '/login');
      // The address changes before React renders the new page: count the header's links once the form is there.
      await visible(page.getByLabel('Email'));
      expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await waitForPath(page, '/settings');

      await page.goto('/');
      await waitForPath(page, '/journal');
      await page.goto('/login');
      await waitForPath(page, '/journal');
      await page.goto('/no/such/page');
      await waitForPath(page, '/journal');
      const brand = page.getByRole('link', { name: 'Gratitude Journal' }).first();
      expect(await brand.getAttribute('href')).toMatch(/^\/journal\?date=\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('sends signed-out visitors of unknown paths home and shows the Sign In link', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/no/such/page');
      await waitForPath(page, '/');
      await page.getByRole('link', { name: 'Sign In' }).click();
      await waitForPath(page, '/login');
      await page.goto('/journal');
      await waitForPath(page, '/login');
    });
  });

  it('signs out on the server and forgets the user', async () => {
    await suite.withPage(async (page) => {
      const { email, name } = await createAccount(suite.server);
      await signIn(page, email, PASSWORD);
      await waitForPath(page, '/journal');
      await page.getByRole('button', { name: new RegExp(name) }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await waitForPath(page, '/');
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
      const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
      expect(session).toEqual({ user: null, profile: null });
      await page.goto('/journal');
      await waitForPath(page, '/login');
    });
  });

  /** An unverified account on the Verify Your Email screen, which a session must say is unverified to reach. */
  async function onVerifyGate(page: Page): Promise<string> {
    const { email } = await createAccount(suite.server, { verified: false });
    // Sessions are only ever issued to verified users, so the gate is reached when the session says otherwise.
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({
        json: { user: { id: 'u1', email, displayName: 'Unverified', emailVerified: false }, profile: null },
      }),
    );
    await page.goto('/journal');
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    return email;
  }

  it('shows the Verify Your Email screen to a signed-in unverified user, with a resend countdown', async () => {
    await suite.withPage(async (page) => {
      const email = await onVerifyGate(page);
      const resend = page.getByRole('button', { name: 'Resend verification email' });
      await resend.click();
      await text(page, 'Verification email sent. Please check your inbox.').waitFor();
      expect(await resend.isDisabled()).toBe(true);
      await text(page, /You can send another email in/).waitFor();
      await suite.server.waitForMail(email, { nth: 2 });
    });
  });

  it('keeps the resend countdown across a reload, as the server keeps the cooldown', async () => {
    await suite.withPage(async (page) => {
      await onVerifyGate(page);
      const resend = page.getByRole('button', { name: 'Resend verification email' });
      await resend.click();
      await text(page, 'Verification email sent. Please check your inbox.').waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
      // The wait left of the minute, not a button that would earn the five-minute wait.
      await text(page, /You can send another email in 0:[0-5]\d/).waitFor();
      expect(await resend.isDisabled()).toBe(true);
    });
  });

  it('shows a pulsing Loading... while the session loads', async () => {
    await suite.withPage(async (page) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/journal', { waitUntil: 'domcontentloaded' });
      await page.getByRole('status').filter({ hasText: 'Loading...' }).first().waitFor();
      release();
      await waitForPath(page, '/login');
    });
  });
});
