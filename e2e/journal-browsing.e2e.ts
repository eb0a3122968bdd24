import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatMonthHeading } from '../src/client/features/journal/list/journal-view';
import { addDays, localDayKey } from '../src/shared/dates';
import { newEmail } from './support/accounts';
import { createEntryViaApi, signInContext } from './support/api';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, isFocused, journalSuite } from './support/journal';

const { suite, withJournal } = journalSuite();

/**
 * Holds the server's answer about the session until the journal's code has arrived and run, as on a usual start: the
 * screen behind the session check then has no code to wait for.
 */
async function answerSessionOnceJournalCodeRan(page: Page): Promise<void> {
  const pageCode = page.waitForResponse((response) => /\/assets\/JournalPage-[\w-]+\.js$/.test(response.url()));
  await page.route('**/api/auth/session', async (route) => {
    // Fetched is not enough: the page's module (and the chunks it imports) must have run, as the app's own import of
    // it has by the time this one resolves.
    const code = await pageCode;
    // A string, so that Vitest's transform does not rewrite the page's own import().
    await page.evaluate(`import(${JSON.stringify(code.url())}).then(() => undefined)`);
    await route.fallback();
  });
}

/** Counts each loading screen that ever appears, once: whether React adds it or the page's HTML holds it. */
async function countLoadingScreens(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(`
    const seen = new Set();
    window.loadingScreensShown = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          const screens = node.matches('.loading-screen') ? [node] : node.querySelectorAll('.loading-screen');
          for (const screen of screens) seen.add(screen);
        }
      window.loadingScreensShown = seen.size;
    }).observe(document, { childList: true, subtree: true });
  `);
  return () => page.evaluate(() => (window as unknown as { loadingScreensShown: number }).loadingScreensShown);
}

describe('browsing the journal', () => {
  it('opens on the journal straight after the session check, with no second loading screen', async () => {
    await withJournal(async (page) => {
      await answerSessionOnceJournalCodeRan(page);
      const loadingScreensShown = await countLoadingScreens(page);
      await page.reload();
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      // The session check's own "Loading...", then the journal: React.lazy would have suspended the page once
      // more, shown the loading screen again, and held the journal back for its 300 ms reveal throttle.
      expect(await loadingScreensShown()).toBe(1);
    });
  });

  it('keeps the session check’s frame on screen while the day’s quote is on its way, then draws the journal', async () => {
    await suite.withPage(
      async (page) => {
        // Signed in, with nothing of the app's on this device yet: the quotes come from the server, and slowly.
        await signInContext(suite.server, page.context(), newEmail('frame'));
        await page.route(
          (url) => url.pathname === '/quotes.json',
          async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            await route.continue();
          },
        );
        await answerSessionOnceJournalCodeRan(page);
        const loadingScreensShown = await countLoadingScreens(page);
        await page.goto('/journal');
        await visible(page.locator('.daily-quote blockquote'));
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        // One frame, from the page's HTML to the journal: not a second one, drawn afresh while the quote was awaited.
        expect(await loadingScreensShown()).toBe(1);
      },
      { context: { serviceWorkers: 'block' } },
    );
  });

  it('runs the account menu from the keyboard, and Tab leaves it closed', async () => {
    await withJournal(async (page, account) => {
      const button = page.getByRole('button', { name: new RegExp(account.name) });
      await button.focus();
      await page.keyboard.press('Enter');
      const settings = page.getByRole('menuitem', { name: 'Account Settings' });
      await expect.poll(() => isFocused(settings)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => isFocused(page.getByRole('menuitem', { name: 'About & FAQ' }))).toBe(true);
      await page.keyboard.press('Escape');
      await gone(settings);
      await expect.poll(() => isFocused(button)).toBe(true);

      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(settings)).toBe(true);
      await page.keyboard.press('Tab');
      await gone(page.getByRole('menu'));
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

      // Choosing an item takes the menu away with it: focus goes to the new page's heading, not to nothing.
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(settings)).toBe(true);
      await page.keyboard.press('Enter');
      const settingsHeading = page.getByRole('heading', { level: 1, name: 'Account Settings' });
      await visible(settingsHeading);
      await expect.poll(() => isFocused(settingsHeading)).toBe(true);
    });
  });

  it('moves between days and back to today', async () => {
    await withJournal(async (page) => {
      const today = localDayKey(new Date());
      const yesterday = addDays(today, -1);
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(today, 'long') }));
      expect(await page.getByRole('button', { name: 'Next day' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Go to Today' }).count()).toBe(0);
      const toggle = page.getByRole('group', { name: 'Journal view' });
      const toggleOnToday = await toggle.boundingBox();

      await page.getByRole('button', { name: 'Previous day' }).click();
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(yesterday, 'long') }));
      await visible(page.getByText('No journal entry for this day'));
      await visible(page.getByRole('button', { name: 'Next day' }));
      // 'Go to Today' appears beside the Day/Month toggle without moving it.
      await visible(page.getByRole('button', { name: 'Go to Today' }));
      expect(await toggle.boundingBox()).toEqual(toggleOnToday);
      expect(await page.getByRole('button', { name: ADD_ENTRY }).count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('date')).toBe(yesterday);

      await page.getByRole('button', { name: 'Go to Today' }).click();
      const todayHeading = page.getByRole('heading', { level: 1, name: formatDayHeading(today, 'long') });
      await visible(todayHeading);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      expect(await page.getByRole('button', { name: 'Next day' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Go to Today' }).count()).toBe(0);
      // The pressed button is gone: keyboard focus moves to the date instead of falling to the page.
      await expect.poll(() => isFocused(todayHeading)).toBe(true);

      // The same by keyboard with the arrow that leads back to today, and that then disappears.
      await page.getByRole('button', { name: 'Previous day' }).click();
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(yesterday, 'long') }));
      await page.getByRole('button', { name: 'Next day' }).focus();
      await page.keyboard.press('Enter');
      await visible(todayHeading);
      await expect.poll(() => isFocused(todayHeading)).toBe(true);

      await page.setViewportSize({ width: 390, height: 844 });
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(today, 'short') }));
      // On a phone the button goes below the toggle, which again stays where it was.
      const toggleOnPhone = await toggle.boundingBox();
      await page.getByRole('button', { name: 'Previous day' }).click();
      await visible(page.getByRole('button', { name: 'Go to Today' }));
      expect(await toggle.boundingBox()).toEqual(toggleOnPhone);
    });
  });

  it('shows a month, with a Today panel while today has no entry', async () => {
    await withJournal(async (page) => {
      const today = localDayKey(new Date());
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: formatMonthHeading(today) }));
      await visible(page.getByRole('button', { name: 'Month', exact: true, pressed: true }));
      await visible(page.getByRole('heading', { name: 'Today', exact: true }));
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await visible(page.getByText('No journal entries for this month'));

      await page.getByRole('button', { name: 'Previous month' }).click();
      await visible(page.getByRole('button', { name: 'Go to Today' }));
      await visible(page.getByText('No journal entries for this month'));
      expect(await page.getByRole('heading', { name: 'Today', exact: true }).count()).toBe(0);
    });
  });

  it('loads the rest of a month as the last entry scrolls into view', async () => {
    await withJournal(async (page) => {
      for (let n = 1; n <= 7; n += 1) await createEntryViaApi(page, { gratitude: `Moment ${n}` });
      await page.reload();
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      // Today's list shows the same entries, so wait for the month's own heading before reading its cards.
      await visible(page.getByRole('heading', { level: 1, name: formatMonthHeading(localDayKey(new Date())) }));
      await visible(page.getByText('Moment 7', { exact: true }));
      expect(await page.getByRole('heading', { name: 'Today', exact: true }).count()).toBe(0);

      const cards = page.getByRole('article');
      // The first page holds five; the rest come only when scrolled to.
      expect(await cards.count()).toBe(5);
      await cards.nth(4).scrollIntoViewIfNeeded();
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(7);
      await cards.nth(6).scrollIntoViewIfNeeded();
      await visible(page.getByText('Moment 1', { exact: true }));
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    });
  });

  it('hands the focus to the first new entry when Load more is used from the keyboard', async () => {
    await withJournal(async (page) => {
      for (let n = 1; n <= 7; n += 1) await createEntryViaApi(page, { gratitude: `Moment ${n}` });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/entries' && url.searchParams.has('cursor'),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.reload();
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: formatMonthHeading(localDayKey(new Date())) }));
      await visible(page.getByText('Moment 7', { exact: true }));

      const loadMore = page.getByRole('button', { name: 'Load more' });
      await loadMore.focus();
      await page.keyboard.press('Enter');
      // While the page loads, the button stays where the focus is, busy.
      await expect.poll(() => loadMore.getAttribute('aria-busy')).toBe('true');
      expect(await isFocused(loadMore)).toBe(true);

      release();
      const sixth = page.getByRole('article').nth(5);
      await visible(sixth.getByText('Moment 2', { exact: true }));
      // The last page is in, so the button is gone; the reader goes on from the first entry it brought.
      await gone(loadMore);
      await expect.poll(() => isFocused(sixth)).toBe(true);
    });
  });

  it('keeps the loaded entries and the Today panel when a later page of the month fails', async () => {
    await withJournal(async (page) => {
      const today = localDayKey(new Date());
      // Another day of this month, so that today has no entry and the Today panel belongs on the screen.
      const otherDay = `${today.slice(0, 8)}${today.endsWith('-01') ? '02' : '01'}`;
      const entries = Array.from({ length: 5 }, (_, n) => ({
        id: randomUUID(),
        userId: 'someone',
        date: `${otherDay}T12:0${n}:00.000Z`,
        localDate: otherDay,
        gratitude: `Another moment ${n + 1}`,
        celebration: '',
        manifestation: '',
        memory: '',
        updatedAt: `${otherDay}T12:0${n}:00.000Z`,
      }));
      await page.route(
        (url) => url.pathname === '/api/entries' && url.searchParams.has('month'),
        (route) =>
          new URL(route.request().url()).searchParams.has('cursor')
            ? route.fulfill({ status: 403, json: { code: 'forbidden', message: 'Forbidden' } })
            : route.fulfill({ json: { entries, nextCursor: 'next-page' } }),
      );
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await visible(page.getByText('Another moment 5', { exact: true }));
      await page.getByRole('article').nth(4).scrollIntoViewIfNeeded();

      await visible(page.getByText('You do not have permission to access these entries'));
      await visible(page.getByRole('button', { name: 'Try Again' }));
      expect(await page.getByRole('article').count()).toBe(5);
      await visible(page.getByRole('heading', { name: 'Today', exact: true }));
    });
  });

  it('shows every entry of a day, beyond the 100 the server sends at a time', async () => {
    await withJournal(async (page) => {
      for (let n = 1; n <= 101; n += 1) await createEntryViaApi(page, { gratitude: `Small joy ${n}` });
      await page.reload();
      await visible(page.getByText('Small joy 101', { exact: true }));
      await visible(page.getByText('Small joy 1', { exact: true }));
      expect(await page.getByRole('article').count()).toBe(101);
    });
  });

  it('opens a first visit with the day’s quote in place, so the button and entries below it never move', async () => {
    // The first visit after signing in, with the quotes slow to come. Every layout shift on the page is added up,
    // those just after the sign-in's own tap too, since the journal is drawn then, and each one is kept to show
    // what moved. The quote drawn late moved the button and the entries by 0.02 (Lighthouse's unit).
    const slowQuotes = async (page: Page) => {
      await page.addInitScript(`
        window.layoutShift = { total: 0, moved: [] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            window.layoutShift.total += entry.value;
            for (const source of entry.sources)
              if (source.node) window.layoutShift.moved.push(source.node.nodeName + '.' + source.node.className);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      `);
      await page.route(
        (url) => url.pathname === '/quotes.json',
        async (route) => {
          // Well within the journal's wait for the quotes (QUOTE_WAIT_MS), on a busy machine too.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.continue();
        },
      );
    };
    await withJournal(
      async (page) => {
        type Shift = { total: number; moved: string[] };
        const shifted = () => page.evaluate(() => (window as unknown as { layoutShift: Shift }).layoutShift);
        await visible(page.locator('.daily-quote blockquote'));
        await page.waitForTimeout(500);
        // Nothing a person could see move: a thousandth of Lighthouse's unit is a pixel or so of a small element.
        expect((await shifted()).total, JSON.stringify(await shifted())).toBeLessThan(0.001);
        // Opened again: the quotes come from the device or, not yet kept there, with the same wait.
        await page.reload();
        await visible(page.locator('.daily-quote blockquote'));
        await page.waitForTimeout(500);
        expect((await shifted()).total, JSON.stringify(await shifted())).toBeLessThan(0.001);
      },
      { firstVisit: slowQuotes, viewport: { width: 390, height: 844 } },
    );
  });

  it('explains a failed load, offers Try Again, and falls back to the default quote', async () => {
    // Once loaded, the quotes are kept for offline use (service worker and persisted cache): a quotes file that
    // fails can only be met on a first visit.
    const quotesFileMissing = async (page: Page) => {
      await page.route((url) => url.pathname === '/quotes.json', (route) => route.fulfill({ status: 404, body: '' }));
    };
    await withJournal(async (page) => {
      const refuse = { status: 403, json: { code: 'forbidden', message: 'Forbidden' } };
      await page.route((url) => url.pathname === '/api/entries', (route) => route.fulfill(refuse));
      await page.route((url) => url.pathname === '/api/stats', (route) => route.fulfill(refuse));
      await page.reload();

      await visible(page.getByText('You do not have permission to access these entries'));
      await visible(page.getByText('Access denied. Please check your permissions.'));
      await visible(page.getByText('Unable to load statistics'));
      await visible(page.getByText('Failed to load stats'));
      await visible(page.getByText('Keep your face always toward the sunshine, and shadows will fall behind you.'));
      await visible(page.getByText('Walt Whitman'));
      // Screen readers hear the failure once, from the toast; the inline reason is in the page, not announced again.
      const announced = page.locator('[role="alert"], [role="status"], [aria-live]').filter({ hasText: 'permission' });
      expect(await announced.count()).toBe(1);
      expect(await announced.innerText()).toContain('You do not have permission to access these entries');

      await page.unrouteAll();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await visible(page.getByText('No journal entry for this day'));
      await gone(page.getByText('Access denied. Please check your permissions.'));
    }, { firstVisit: quotesFileMissing });
  });
});
