import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts';
import { signInContext } from './support/api';
import { appStarted, gone, holdScripts, visible } from './support/browser';
import { serverAndBrowser } from './support/suite';

/** The pages made at build time: the file, its address, its main heading and its call to action. */
const PAGES = [
  { file: 'index.html', path: '/', heading: 'Cultivate gratitude, one day at a time', action: 'Start Your Free Journal' },
  { file: 'login.html', path: '/login', heading: 'Welcome Back', action: 'Sign In' },
  { file: 'signup.html', path: '/login?mode=signup', heading: 'Create Your Account', action: 'Create Account' },
  { file: 'about.html', path: '/about', heading: 'About & FAQ', action: 'How to Journal' },
] as const;

/** The default theme's header colour (src/shared/themes.ts), as the browser computes it. */
const DEFAULT_HEADER = 'rgb(63, 127, 122)';

/** Chooses the dark theme in the footer until the app answers: a tap before the scripts have run does nothing. */
async function chooseDarkOnceRunning(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Dark' }).click();
        return page.evaluate(() => document.documentElement.dataset.theme);
      },
      { timeout: 15_000 },
    )
    .toBe('dark');
}

describe('pages made at build time', () => {
  it('hold their main heading and call to action in the built files', () => {
    for (const { file, heading, action } of PAGES) {
      const html = readFileSync(`dist/client/${file}`, 'utf8');
      expect(html, file).toContain(heading.replace('&', '&amp;'));
      expect(html, file).toContain(action);
    }
    const frame = readFileSync('dist/client/journal.html', 'utf8');
    expect(frame).toContain('class="journal-date"');
    expect(frame).toContain('Loading statistics...');
    // Every other address gets the empty shell, not a page made for another one.
    expect(readFileSync('dist/client/app.html', 'utf8')).toContain('<div id="root"></div>');
  });

  describe('in a browser', () => {
    const suite = serverAndBrowser();

    it('show each page, in colour, with JavaScript turned off', async () => {
      await suite.withPage(
        async (page) => {
          for (const { path, heading, action } of PAGES) {
            await page.goto(path);
            await visible(page.getByRole('heading', { level: 1, name: heading }));
            await visible(page.getByText(action, { exact: true }).first());
            const header = await page.locator('.site-header').evaluate((element) => getComputedStyle(element).backgroundColor);
            expect(header, path).toBe(DEFAULT_HEADER);
          }
          // The landing page's call to action is a plain link: it works without scripts.
          await page.goto('/');
          await page.getByRole('link', { name: 'Start Your Free Journal' }).click();
          await page.waitForURL('**/login?mode=signup');
        },
        { context: { javaScriptEnabled: false } },
      );
    });

    it('show the journal frame to a signed-in visitor with JavaScript turned off', async () => {
      await suite.withPage(
        async (page, context) => {
          await signInContext(suite.server, context, 'frame-nojs@e2e.test');
          await page.goto('/journal');
          await visible(page.getByText('Loading statistics...'));
          await visible(page.locator('.segment', { hasText: 'Day' }));
          await visible(page.getByPlaceholder('Search your journal'));
        },
        { context: { javaScriptEnabled: false } },
      );
    });

    it('paint before their scripts, which then take the same markup over without an error', async () => {
      for (const { path, heading } of PAGES) {
        await suite.withPage(async (page) => {
          const release = await holdScripts(page);
          await page.goto(path, { waitUntil: 'commit' });
          const title = page.getByRole('heading', { level: 1, name: heading });
          await visible(title);
          const before = await title.elementHandle();
          release();
          // The app is running when the theme picker answers.
          await chooseDarkOnceRunning(page);
          // Hydrated, not drawn again: the heading painted from the HTML is the very element on screen now.
          expect(await before?.evaluate((element) => element.isConnected), path).toBe(true);
          await visible(title);
        });
      }
    });

    it("ask for the app's code only once their first paint is on the screen", async () => {
      for (const { path } of PAGES) {
        await suite.withPage(async (page) => {
          await page.goto(path);
          await appStarted(page);
          // Times on the page's own clock (ms since it was asked for); functions, not strings, for the page's CSP.
          const { painted, codeAsked } = await page.evaluate(() => {
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            const code = performance
              .getEntriesByType('resource')
              .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
              .map((entry) => entry.startTime);
            return { painted: paint?.startTime ?? Number.NaN, codeAsked: Math.min(...code) };
          });
          expect(painted, path).toBeGreaterThan(0);
          expect(codeAsked, path).toBeGreaterThanOrEqual(painted);
        });
      }
    });

    it('hold a form sent before the app has taken the page over, then send it with what was typed', async () => {
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/login', { waitUntil: 'commit' });
        await visible(page.getByRole('heading', { level: 1, name: 'Welcome Back' }));
        await page.getByLabel('Email').fill('early@e2e.test');
        await page.getByLabel('Password', { exact: true }).fill('Grateful#2026');
        await page.getByLabel('Password', { exact: true }).press('Enter');
        // The browser did not send the form itself: the password never reaches the address.
        await page.waitForTimeout(300);
        expect(page.url()).toBe(`${suite.server.url}/login`);
        release();
        // The app sends it as typed: there is no such account.
        await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
        expect(await page.getByLabel('Email').inputValue()).toBe('early@e2e.test');
        expect(page.url()).toBe(`${suite.server.url}/login`);
      });
    });

    it('hold a form sent before even the start script has arrived: the password never reaches the address', async () => {
      await suite.withPage(async (page) => {
        let releaseStart = () => {};
        const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
        await page.route('**/start-app.js', async (route) => {
          await startHeld;
          await route.continue();
        });
        await page.goto('/login', { waitUntil: 'commit' });
        await visible(page.getByRole('heading', { level: 1, name: 'Welcome Back' }));
        await page.getByLabel('Email').fill('earliest@e2e.test');
        await page.getByLabel('Password', { exact: true }).fill('Grateful#2026');
        await page.getByLabel('Password', { exact: true }).press('Enter');
        await page.waitForTimeout(300);
        expect(page.url()).toBe(`${suite.server.url}/login`);
        releaseStart();
        // The app sends it once it has taken the page over, as typed: there is no such account.
        await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
        expect(await page.getByLabel('Email').inputValue()).toBe('earliest@e2e.test');
        expect(page.url()).toBe(`${suite.server.url}/login`);
      });
    });

    it('keep what was typed into the sign-up form before the app took the page over, and sign up with it', async () => {
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/login?mode=signup', { waitUntil: 'commit' });
        await visible(page.getByRole('heading', { level: 1, name: 'Create Your Account' }));
        await page.getByLabel('Name').fill('Early Bird');
        await page.getByLabel('Email').fill('early-signup@e2e.test');
        await page.getByLabel('Password', { exact: true }).fill('Grateful#2026');
        release();
        await appStarted(page);
        const submit = page.getByRole('button', { name: 'Create Account' });
        await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
        expect(await page.getByLabel('Name').inputValue()).toBe('Early Bird');
        expect(await page.getByLabel('Email').inputValue()).toBe('early-signup@e2e.test');
        await submit.click();
        await visible(page.getByText('Account created! Please check your email to verify your account.').first());
      });
    });

    it('answer a button pressed before the app has taken the page over, once it has', async () => {
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/', { waitUntil: 'commit' });
        await page.getByRole('button', { name: 'Dark' }).click();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');
        release();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 15_000 }).toBe('dark');
      });
    });

    it('never show the sign-in form at an address that asks for another of its modes, then show that one', async () => {
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/login?mode=reset', { waitUntil: 'commit' });
        // The sign-in page made ahead of time answers, hidden: out of reach of role queries, found by its text.
        const signIn = page.getByText('Welcome Back');
        await signIn.waitFor({ state: 'attached' });
        expect(await signIn.isVisible()).toBe(false);
        release();
        await visible(page.getByRole('heading', { level: 1, name: 'Reset Password' }));
        expect(await page.getByText('Welcome Back').count()).toBe(0);
      });
    });

    it('keep the place a visitor has scrolled to when the app takes the page over', async () => {
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/', { waitUntil: 'commit' });
        await visible(page.getByRole('heading', { level: 1, name: PAGES[0].heading }));
        await page.evaluate(() => window.scrollTo(0, 600));
        release();
        await appStarted(page);
        // A frame for the app's first effects to have run.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(await page.evaluate(() => window.scrollY)).toBe(600);
      });
    });

    it('open the journal in place of its frame, with today as its heading', async () => {
      await suite.withPage(async (page, context) => {
        await signInContext(suite.server, context, 'frame@e2e.test');
        const release = await holdScripts(page);
        await page.goto('/journal', { waitUntil: 'commit' });
        await visible(page.getByText('Loading statistics...'));
        release();
        const today = new Date().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
        await visible(page.getByRole('heading', { level: 1, name: today }));
        await visible(page.getByRole('button', { name: 'Add Your Journal Entry' }));
      });
    });

    it('draw About afresh for a writer signed in on the device, as theirs, without a mismatch', async () => {
      await suite.withPage(async (page) => {
        const account = await createAccount(suite.server);
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: 'Add Your Journal Entry' }));
        // A whole page load of About, made ahead of time for a visitor: the app must not take over markup that is
        // not what it draws for a writer (React would log a hydration error and draw it again anyway).
        await page.goto('/about');
        await appStarted(page);
        await visible(page.getByRole('heading', { level: 1 }).first());
        await visible(page.locator('.account-button'));
      });
    });

    it('keep a device signed in here from seeing the landing page on its way to the journal', async () => {
      await suite.withPage(async (page, context) => {
        await signInContext(suite.server, context, 'returning@e2e.test');
        await context.addInitScript(() => window.localStorage.setItem('userId', 'someone'));
        const asked: string[] = [];
        page.on('request', (request) => asked.push(request.url()));
        const release = await holdScripts(page);
        await page.goto('/', { waitUntil: 'commit' });
        // Hidden, so out of reach of role queries: found by its id.
        const title = page.locator('#landing-title');
        await title.waitFor({ state: 'attached' });
        expect(await title.isVisible()).toBe(false);
        release();
        await page.waitForURL('**/journal**');
        await visible(page.getByRole('button', { name: 'Add Your Journal Entry' }));
        // Straight to the app's code: the landing page's light start, for visitors, is not fetched on the way.
        expect(asked.filter((url) => url.includes('/assets/landing-start-'))).toEqual([]);
      });
    });
  });

  describe("the landing page's light start", () => {
    const suite = serverAndBrowser();
    /** The whole app's code: its entry (main.tsx) and the start it calls (app-start.tsx). */
    const APP_CODE = /\/assets\/(index|app-start)-[^/]*\.js$/;

    it("answers a visitor with the app's own code out of reach, and the next page starts the app", async () => {
      await suite.withPage(async (page) => {
        const asked: string[] = [];
        await page.route(APP_CODE, async (route) => {
          asked.push(route.request().url());
          await route.abort();
        });
        await page.goto('/');
        await appStarted(page);
        // The server has said nobody is signed in: the header offers to sign in.
        await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
        await chooseDarkOnceRunning(page);
        await page.getByRole('button', { name: 'Watch the demo video' }).click();
        await visible(page.getByRole('dialog', { name: 'Demo video' }));
        await page.keyboard.press('Escape');
        await gone(page.getByRole('dialog'));
        expect(asked).toEqual([]);

        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.getByRole('link', { name: 'Start Your Free Journal' }).click();
        await page.waitForURL('**/login?mode=signup');
        await appStarted(page);
        await visible(page.getByRole('heading', { level: 1, name: 'Create Your Account' }));
        await page.getByLabel('Password', { exact: true }).fill('short');
        // The sign-up form is the app's: its checklist follows what is typed.
        await visible(page.getByRole('list', { name: 'Requirements' }));
      });
    });

    it('hands the page to the app when the server says someone is signed in', async () => {
      await suite.withPage(async (page, context) => {
        // Signed in, though this device's storage does not say so (cleared, say): only the server knows.
        await signInContext(suite.server, context, 'light-start@e2e.test');
        await page.goto('/');
        await page.waitForURL('**/journal**');
        await visible(page.getByRole('button', { name: 'Add Your Journal Entry' }));
        await visible(page.getByRole('banner').getByText('light-start@e2e.test'));
      });
    });
  });

  describe("with the operator's own settings", () => {
    const ANNOUNCEMENT = 'Sign-ups by invitation this month.';
    const suite = serverAndBrowser({ ANNOUNCEMENT, SIGNUPS: 'invite' });

    it('are made again with them, so the first paint already says so and the app agrees', async () => {
      const html = await (await fetch(`${suite.server.url}/`)).text();
      expect(html).toContain(ANNOUNCEMENT);
      expect(html).toContain('by invitation: have your invite code ready');
      // The sign-up page asks for the code from its first paint.
      expect(await (await fetch(`${suite.server.url}/login?mode=signup`)).text()).toContain('Invite code');
      await suite.withPage(async (page) => {
        const release = await holdScripts(page);
        await page.goto('/', { waitUntil: 'commit' });
        const banner = page.getByRole('region', { name: 'Announcement' });
        await visible(banner);
        const before = await banner.elementHandle();
        release();
        await chooseDarkOnceRunning(page);
        expect(await before?.evaluate((element) => element.isConnected)).toBe(true);
      });
    });
  });
});
