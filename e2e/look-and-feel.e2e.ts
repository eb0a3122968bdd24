import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMonths, localDayKey } from '../src/shared/dates';
import { newEmail, PASSWORD } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { appStarted, gone, holdScripts, visible } from './support/browser';
import { IPHONE } from './support/devices';
import { isFocused, journalSuite } from './support/journal';

/** Long enough to need more than one line on a phone. */
const ANNOUNCEMENT = 'The journal will be down for maintenance on Sunday from 02:00 to 03:00 UTC; entries are safe.';

const { suite, withJournal } = journalSuite({ ANNOUNCEMENT });

const today = localDayKey(new Date());
const thisMonth = today.slice(0, 7);
const lastMonth = addMonths(thisMonth, -1);
const nextMonth = addMonths(thisMonth, 1);

function dateOf(dayKey: string): Date {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** 'Tuesday, November 24', worked out here with Intl. */
function dayName(dayKey: string): string {
  return dateOf(dayKey).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}

/** 'October', or 'October 2025' for a month of another year. */
function monthName(monthKey: string): string {
  const sameYear = monthKey.slice(0, 4) === today.slice(0, 4);
  return dateOf(`${monthKey}-01`).toLocaleDateString('en-US', sameYear ? { month: 'long' } : { month: 'long', year: 'numeric' });
}

function card(page: Page): Locator {
  return page.locator('article.entry-card').first();
}

/** Brings entries of past days in through the import API (our own JSON export's format). */
async function importEntries(page: Page, days: string[]): Promise<void> {
  const entries = days.map((localDate, index) => ({
    id: randomUUID(),
    date: `${localDate}T1${index % 10}:00:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude: `Grateful on ${localDate}`,
    celebration: '',
    manifestation: '',
    memory: '',
    updatedAt: `${localDate}T1${index % 10}:00:00.000Z`,
  }));
  const response = await page.request.post('/api/import?format=ours', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify({ format: 'gratitude-journal', version: 1, entries })),
  });
  expect(response.status(), await response.text()).toBe(200);
}

describe('an entry reads like a journal page', () => {
  it('leaves out the prompts not answered, leads with the day, keeps line breaks and a comfortable measure', async () => {
    await withJournal(
      async (page) => {
        await createEntryViaApi(page, { gratitude: 'The first light\non the kitchen table\n\nand tea' });
        await page.reload();
        const entry = card(page);
        await visible(entry.getByText('I am grateful for...'));
        // Unanswered prompts are simply not there: no dash, no 'No answer'.
        expect(await entry.getByText('I want to celebrate...').count()).toBe(0);
        expect(await entry.getByText('I am manifesting...').count()).toBe(0);
        expect(await entry.textContent()).not.toContain('—');
        expect(await entry.textContent()).not.toContain('No answer');

        // The day leads; the time is quieter and smaller.
        const when = entry.locator('.entry-when');
        expect(await when.locator('.entry-day').textContent()).toBe(dayName(today));
        const sizes = await when.evaluate((element) => {
          const size = (selector: string) => {
            const part = element.querySelector(selector);
            return part ? parseFloat(getComputedStyle(part).fontSize) : NaN;
          };
          return { day: size('.entry-day'), time: size('.entry-time') };
        });
        expect(sizes.time).toBeLessThan(sizes.day);

        // The writer's line breaks are kept, in lines of prose length with room between them.
        const answer = entry.locator('dd').first();
        expect(await answer.innerText()).toBe('The first light\non the kitchen table\n\nand tea');
        const measure = await answer.evaluate((element) => {
          const style = getComputedStyle(element);
          const probe = document.createElement('span');
          probe.textContent = 'x'.repeat(100);
          probe.style.font = style.font;
          document.body.append(probe);
          const charWidth = probe.getBoundingClientRect().width / 100;
          probe.remove();
          return {
            whiteSpace: style.whiteSpace,
            maxChars: parseFloat(style.maxWidth) / charWidth,
            leading: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
          };
        });
        expect(measure.whiteSpace).toBe('pre-wrap');
        expect(measure.maxChars).toBeGreaterThan(55);
        expect(measure.maxChars).toBeLessThan(80);
        expect(measure.leading).toBeGreaterThanOrEqual(1.6);

        // The print view leaves the same prompts out.
        await page.goto(`/print?range=month&month=${thisMonth}`);
        const printed = page.locator('.print-entry').first();
        await visible(printed.getByText('I am grateful for...'));
        expect(await printed.getByText('I want to celebrate...').count()).toBe(0);
        expect(await printed.getByText('I am manifesting...').count()).toBe(0);
      },
      { viewport: { width: 1280, height: 900 } },
    );
  });

  it('in month view, the day heads its entries and each card carries only its time', async () => {
    await withJournal(async (page) => {
      await importEntries(page, [`${lastMonth}-05`]);
      await page.goto(`/journal?date=${lastMonth}-05&view=month`);
      const group = page.getByRole('region', { name: dayName(`${lastMonth}-05`) });
      await visible(group.getByRole('heading', { level: 2, name: dayName(`${lastMonth}-05`) }));
      expect(await group.locator('.entry-day').count()).toBe(0);
      await visible(group.locator('.entry-time'));
    });
  });
});

describe('editing an entry', () => {
  it('asks before Cancel or Escape throws changes away, and leaves at once when nothing changed', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'A walk by the river' });
      await page.reload();
      const entry = card(page);
      await entry.getByRole('button', { name: 'Edit' }).click();
      const field = entry.getByLabel('I am grateful for...');
      await field.fill('A walk by the sea');

      // Cancel asks; keeping on writing keeps the change.
      await entry.getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
      await visible(dialog);
      expect(await dialog.textContent()).toContain('Are you sure you want to discard the changes to your journal entry?');
      await dialog.getByRole('button', { name: 'Keep writing' }).click();
      await gone(dialog);
      expect(await field.inputValue()).toBe('A walk by the sea');

      // Escape asks the same; Discard puts the entry back as it was.
      await field.focus();
      await page.keyboard.press('Escape');
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await gone(entry.getByLabel('I am grateful for...'));
      await visible(entry.getByText('A walk by the river'));
      expect(await isFocused(entry.getByRole('button', { name: 'Edit' }))).toBe(true);

      // Without changes, Escape simply ends editing.
      await entry.getByRole('button', { name: 'Edit' }).click();
      await visible(field);
      await page.keyboard.press('Escape');
      await gone(field);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await isFocused(entry.getByRole('button', { name: 'Edit' }))).toBe(true);
    });
  });
});

describe('month view', () => {
  it("counts the month on screen beside the current month's, from the calendar's own request", async () => {
    await withJournal(async (page) => {
      await importEntries(page, [`${lastMonth}-02`, `${lastMonth}-02`, `${lastMonth}-09`]);
      const dayRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/days?')) dayRequests.push(new URL(request.url()).search);
      });
      await page.goto(`/journal?date=${lastMonth}-01&view=month`);
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      await visible(stats.getByText(`3 entries in ${monthName(lastMonth)}`, { exact: true }));
      await visible(stats.getByText('0 entries this month', { exact: true }));
      expect(dayRequests).toEqual([`?month=${lastMonth}`]);

      // On the current month, its count is the month's own: nothing more is said.
      await page.getByRole('button', { name: 'Next month' }).click();
      await visible(page.getByRole('heading', { level: 1, name: dateOf(today).toLocaleDateString('en-US', { month: 'long', year: 'numeric' }) }));
      expect(await stats.getByText(/ entries? in /).count()).toBe(0);
    });
  });

  it('offers no month after the current one, and shows the current month for a typed later one', async () => {
    await withJournal(async (page) => {
      const thisMonthHeading = dateOf(today).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
      await page.goto(`/journal?date=${lastMonth}-01&view=month`);
      await page.getByRole('button', { name: 'Next month' }).click();
      await visible(page.getByRole('heading', { level: 1, name: thisMonthHeading }));
      expect(await page.getByRole('button', { name: 'Next month' }).count()).toBe(0);
      await visible(page.getByRole('button', { name: 'Previous month' }));

      await page.goto(`/journal?date=${nextMonth}-01&view=month`);
      await visible(page.getByRole('heading', { level: 1, name: thisMonthHeading }));
      expect(await page.getByRole('button', { name: 'Next month' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Go to Today' }).count()).toBe(0);
      await visible(page.getByRole('grid', { name: `Calendar, ${thisMonthHeading}` }));
    });
  });
});

describe('the announcement', () => {
  it('takes one line on a phone, opens with More, and once dismissed stays away until it changes', async () => {
    await suite.withPage(
      async (page) => {
        await page.goto('/');
        const banner = page.getByRole('region', { name: 'Announcement' });
        const text = banner.getByText(ANNOUNCEMENT);
        await visible(text);
        const lines = () =>
          text.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
        expect(await lines()).toBeLessThan(1.5);

        const more = banner.getByRole('button', { name: 'More' });
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        await more.click();
        const less = banner.getByRole('button', { name: 'Less' });
        expect(await less.getAttribute('aria-expanded')).toBe('true');
        expect(await lines()).toBeGreaterThan(1.5);

        await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
        await gone(banner);
        expect(await isFocused(page.locator('#main'))).toBe(true);
        // The page made ahead of time holds the announcement. A device that dismissed it does not see it, not even
        // before the app has taken the page over, and nothing moves when the app does.
        const banners = page.getByRole('region', { name: 'Announcement' });
        const heading = page.getByRole('heading', { level: 1 }).first();
        const headingTop = () => heading.evaluate((element) => element.getBoundingClientRect().top);
        let release = await holdScripts(page);
        await page.reload();
        await visible(heading);
        expect(await banners.count()).toBe(0);
        const topBefore = await headingTop();
        release();
        await appStarted(page);
        expect(await banners.count()).toBe(0);
        expect(await headingTop()).toBe(topBefore);

        // The operator says something new. A page kept from before still holds the dismissed one, and the app
        // learns the new one from the config call: it shows once the app has taken the page over.
        const NEW = 'New: reminders by email.';
        const sayNew = (where: 'config call' | 'page and config call') =>
          page.route('**/*', async (route) => {
            const request = route.request();
            const isConfig = new URL(request.url()).pathname === '/api/config';
            const isPage = request.resourceType() === 'document';
            if (!isConfig && !(isPage && where === 'page and config call')) return route.fallback();
            const response = await route.fetch();
            const body = (await response.text()).replaceAll(ANNOUNCEMENT, NEW);
            await route.fulfill({ status: response.status(), headers: { 'content-type': response.headers()['content-type'] ?? '' }, body });
          });
        await sayNew('config call');
        await page.reload();
        await visible(banners.getByText(NEW));

        // A page that carries the new one shows it from the first paint. (A config call still on its way when the
        // page reloads is cancelled, and its handler's failure is of no interest.)
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        release = await holdScripts(page);
        await sayNew('page and config call');
        await page.reload();
        await visible(banners.getByText(NEW));
        release();
        await appStarted(page);
        await visible(banners.getByText(NEW));
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      },
      // The page's own requests, not the service worker's, so that the route below sees the config request.
      { context: { ...IPHONE, serviceWorkers: 'block' } },
    );
  });

  it('on a wide screen shows whole, with no More, and can be dismissed too', async () => {
    await suite.withPage(
      async (page) => {
        await page.goto('/');
        const banner = page.getByRole('region', { name: 'Announcement' });
        await visible(banner.getByText(ANNOUNCEMENT));
        expect(await banner.getByRole('button', { name: 'More' }).count()).toBe(0);
        await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
        await gone(banner);
      },
      { context: { viewport: { width: 1280, height: 800 } } },
    );
  });
});

describe('signing in', () => {
  it('carries the email from mode to mode, and after sign-up shows one notice at a time', async () => {
    await suite.withPage(async (page) => {
      const email = newEmail('carry');
      await page.goto('/login');
      // The email is carried by the app: before it runs, a link loads the next page afresh.
      await appStarted(page);
      await page.getByLabel('Email').fill(email);

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await visible(page.getByRole('heading', { name: 'Reset Password' }));
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await visible(page.getByRole('heading', { name: 'Welcome Back' }));
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByRole('link', { name: 'Need an account? Sign up' }).click();
      await visible(page.getByRole('heading', { name: 'Create Your Account' }));
      expect(await page.getByLabel('Email').inputValue()).toBe(email);

      await page.getByLabel('Name').fill('Ada');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await visible(page.getByRole('heading', { name: 'Welcome Back' }));
      await visible(page.getByText('Account created! Please check your email to verify your account.'));
      expect(await page.getByLabel('Email').inputValue()).toBe(email);

      // Signing in before verifying: the refusal replaces the green notice, and the resend's outcome replaces it.
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const card = page.locator('.auth-card');
      await visible(card.getByText('Please verify your email before signing in.'));
      expect(await card.locator('.notice').count()).toBe(1);
      await card.getByRole('button', { name: 'Resend verification email' }).click();
      await visible(card.getByText('Verification email sent. Please check your inbox.'));
      expect(await card.locator('.notice').count()).toBe(1);
      expect(await card.getByText('Please verify your email before signing in.').count()).toBe(0);
    });
  });

  it('shows and hides a password with a real toggle button that keeps the focus and the caret', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/login');
      // The control is the app's: a press before it runs is answered once it does.
      await appStarted(page);
      const password = page.getByLabel('Password', { exact: true });
      expect(await password.getAttribute('type')).toBe('password');
      const show = page.getByRole('button', { name: 'Show password' });
      expect(await show.getAttribute('aria-pressed')).toBe('false');

      await password.fill('Secret#2026');
      await password.evaluate((input: HTMLInputElement) => input.setSelectionRange(3, 3));
      await show.click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await isFocused(password)).toBe(true);
      expect(await password.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([3, 3]);
      const hide = page.getByRole('button', { name: 'Hide password' });
      expect(await hide.getAttribute('aria-pressed')).toBe('true');

      // From the keyboard: the focus stays on the button as it is pressed.
      await password.focus();
      await page.keyboard.press('Tab');
      expect(await isFocused(hide)).toBe(true);
      await page.keyboard.press('Space');
      expect(await password.getAttribute('type')).toBe('password');
      expect(await isFocused(show)).toBe(true);

      // Every password field has one: sign-up's too.
      await page.goto('/login?mode=signup');
      await visible(page.getByRole('button', { name: 'Show password' }));
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    });
  });

  it("names the symbols that count in sign-up's checklist, and counts only those", async () => {
    await suite.withPage(async (page) => {
      await page.goto('/login?mode=signup');
      // The checklist follows the password once the app runs (what is typed before, it counts when it starts).
      await appStarted(page);
      const rule = page.locator('.rule-special');
      await visible(rule.getByText('One symbol (such as ! @ # $ %)', { exact: true }));
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('Abcdefg1€');
      expect(await rule.getAttribute('class')).not.toContain('rule-met');
      await password.fill('Abcdefg1%');
      expect(await rule.getAttribute('class')).toContain('rule-met');
    });
  });
});

describe("the landing page's picture of the journal", () => {
  const cases = [
    { name: 'phone', context: IPHONE, file: '/images/journal-screenshot-phone.jpg' },
    { name: 'wide screen', context: { viewport: { width: 1280, height: 800 } }, file: '/images/journal-screenshot.jpg' },
  ];
  for (const { name, context, file } of cases) {
    it(`on a ${name} is that screen's own picture, as wide as the content, and opens the demo`, async () => {
      await suite.withPage(
        async (page) => {
          await page.goto('/');
          const picture = page.getByAltText(/^The journal screen/);
          await picture.scrollIntoViewIfNeeded();
          await expect
            .poll(() =>
              picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && new URL(image.currentSrc).pathname),
            )
            .toBe(file);
          const widths = await picture.evaluate((image) => ({
            picture: image.getBoundingClientRect().width,
            content: image.closest('section')?.getBoundingClientRect().width ?? Infinity,
          }));
          expect(widths.picture).toBeGreaterThanOrEqual(0.9 * widths.content);
          if (name === 'phone') {
            // A phone's screen has words down to its foot: the call to play stands under the picture, hiding none.
            const badge = await page.getByText('Watch the demo video').boundingBox();
            const shown = await picture.boundingBox();
            expect(badge && shown && badge.y >= shown.y + shown.height).toBe(true);
          }

          await page.getByRole('button', { name: 'Watch the demo video' }).click();
          await visible(page.getByRole('dialog', { name: 'Demo video' }));
        },
        { context },
      );
    });
  }
});
