import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatMonthHeading } from '../src/client/features/journal/journal-view';
import { addDays, localDayKey } from '../src/shared/dates';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { gone, visible } from './support/browser';
import { ANDROID, IPHONE } from './support/devices';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const ADD_ENTRY = 'Add Your Journal Entry';

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * A fresh, verified account signed in through the login screen, in its own browser context, on today's
 * journal. `withClock` installs Playwright's clock before the first page load, as the clock requires;
 * `firstVisit` runs before that load too, on a device without the service worker.
 */
async function withJournal(
  test: (page: Page, account: Awaited<ReturnType<typeof createAccount>>) => Promise<void>,
  options: {
    withClock?: boolean;
    viewport?: { width: number; height: number };
    firstVisit?: (page: Page) => Promise<void>;
    /** A phone, say: its user agent, screen and touch. */
    device?: BrowserContextOptions;
  } = {},
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

async function openEntryForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: ADD_ENTRY }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
}

/**
 * Holds back the outbox's code (OutboxSync's chunk) from the first page load until `release`, so that the journal
 * is on screen, and a Save can be pressed, before the outbox has started.
 */
function holdOutboxCode() {
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
async function openRefusedForm(page: Page): Promise<void> {
  await page.route('**/api/entries', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":"forbidden","message":"No"}' })
      : route.fallback(),
  );
  await openEntryForm(page);
  await page.getByLabel('I am grateful for...').fill('A quiet morning');
}

describe('journal', () => {
  it('opens on the journal straight after the session check, with no second loading screen', async () => {
    await withJournal(async (page) => {
      // As on a usual start, the page's code has arrived by the time the server confirms the session.
      const pageCode = page.waitForResponse((response) => /\/assets\/JournalPage-[\w-]+\.js$/.test(response.url()));
      await page.route('**/api/auth/session', async (route) => {
        // Fetched is not enough: the page's module (and the chunks it imports) must have run, as the app's own
        // import of it has by the time this one resolves.
        const code = await pageCode;
        // A string, so that Vitest's transform does not rewrite the page's own import().
        await page.evaluate(`import(${JSON.stringify(code.url())}).then(() => undefined)`);
        await route.fallback();
      });
      await page.addInitScript(`
        window.loadingScreensShown = 0;
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.addedNodes)
              if (node instanceof Element && node.matches('.loading-screen, :has(.loading-screen)'))
                window.loadingScreensShown += 1;
        }).observe(document, { childList: true, subtree: true });
      `);
      await page.reload();
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      // The session check's own "Loading...", then the journal: React.lazy would have suspended the page once
      // more, shown the loading screen again, and held the journal back for its 300 ms reveal throttle.
      const shown = await page.evaluate(() => (window as unknown as { loadingScreensShown: number }).loadingScreensShown);
      expect(shown).toBe(1);
    });
  });

  it('keeps a save pressed before the outbox has started, and sends it once it has', async () => {
    const outboxCode = holdOutboxCode();
    await withJournal(
      async (page) => {
        await openEntryForm(page);
        await page.getByLabel('I am grateful for...').fill('An early start');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByRole('button', { name: 'Saving...' }));
        outboxCode.release();
        await visible(page.getByRole('article').filter({ hasText: 'An early start' }));
        await gone(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
      },
      // The outbox's code loads on its own once the user is known; here it arrives only after the save.
      { firstVisit: outboxCode.hold },
    );
  });

  it("never sends a waiting save into the next user's journal after a sign-out in the same tab", async () => {
    const outboxCode = holdOutboxCode();
    const next = await createAccount(suite.server, { name: 'Ada Lovelace' });
    await withJournal(
      async (page, account) => {
        await openEntryForm(page);
        await page.getByLabel('I am grateful for...').fill('Only mine to read');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByRole('button', { name: 'Saving...' }));

        await page.getByRole('button', { name: new RegExp(account.name) }).click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        // Within the same page, as a second person on a shared device would: no reload clears the waiting save.
        await page.getByRole('link', { name: 'Sign In' }).click();
        await page.getByLabel('Email').fill(next.email);
        await page.getByLabel('Password', { exact: true }).fill(next.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        // The outbox starts now, for the next user; the first user's save must not go out through it. A save of
        // the next user's own, sent after anything the outbox took first, shows when it has done its work.
        outboxCode.release();
        await openEntryForm(page);
        await page.getByLabel('I am grateful for...').fill('A line of my own');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByRole('article').getByText('A line of my own'));
        const today = await page.request.get(`/api/entries?day=${localDayKey(new Date())}`);
        const stored = JSON.stringify(await today.json());
        expect(stored).toContain('A line of my own');
        expect(stored).not.toContain('Only mine to read');
      },
      { firstVisit: outboxCode.hold },
    );
  });

  it('writes an entry after skipping the breathing exercise and shows it in the list', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      expect(await page.getByLabel('Today I want to capture these memories...').count()).toBe(0);
      await visible(page.getByText('Imagine you have already achieved your goals and write as if they are true.'));

      await page.getByLabel('I am grateful for...').fill('Morning light on the kitchen table');
      await page.getByLabel('I want to celebrate...').fill('Finishing the first draft');
      await page.getByLabel('I am manifesting...').fill('A calm and healthy year');
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/entries'));
      await page.getByRole('button', { name: 'Save Entry' }).click();
      // The app names a new entry with a UUID v7, made in time order, which lands next to the last ones in the id index.
      const { id } = (await sent).postDataJSON() as { id: string };
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const card = page.getByRole('article', { name: /^Entry from \d{1,2}:\d{2} [AP]M$/ });
      await visible(card);
      await visible(card.getByText('Morning light on the kitchen table'));
      await visible(card.getByText('Finishing the first draft'));
      await visible(card.getByText('A calm and healthy year'));
      await visible(card.getByText('I am grateful for...'));
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(localDayKey(new Date()), 'long') }));
    });
  });

  it('asks for memories too once the memory section is turned on', async () => {
    await withJournal(async (page) => {
      const response = await page.request.patch('/api/profile', {
        headers: { origin: suite.server.url },
        data: { preferences: { showMemorySection: true } },
      });
      expect(response.status()).toBe(200);
      await page.reload();

      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('Old friends');
      await page.getByLabel('Today I want to capture these memories...').fill('Dinner on the balcony at dusk');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const card = page.getByRole('article');
      await visible(card.getByText('Today I want to capture these memories...'));
      await visible(card.getByText('Dinner on the balcony at dusk'));
    });
  });

  it("goes back to the list with the browser's Back from every step", async () => {
    await withJournal(async (page) => {
      const journalUrl = page.url();
      const onList = async () => {
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        expect(page.url()).toBe(journalUrl);
      };
      // Back from a step stops at the list; before it, this tab only has the blank page it opened with.
      await page.getByRole('button', { name: ADD_ENTRY }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
      await page.goBack();
      await onList();
      await visible(page.getByRole('heading', { level: 1, name: formatDayHeading(localDayKey(new Date()), 'long') }));

      await page.getByRole('button', { name: ADD_ENTRY }).click();
      await page.getByRole('button', { name: 'Start Breathing Exercise' }).click();
      await visible(page.getByText('Round 1 of 3'));
      await page.goBack();
      await onList();

      // From the form, after the welcome step: one Back, and the text written is still there when it is opened again.
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('A quiet morning');
      await page.goBack();
      await onList();
      await openEntryForm(page);
      expect(await page.getByLabel('I am grateful for...').inputValue()).toBe('A quiet morning');

      // Saving, and the welcome's own way back, end on the same list.
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'A quiet morning' }));
      await onList();
      await page.getByRole('button', { name: ADD_ENTRY }).click();
      await page.getByRole('button', { name: 'Back to journal' }).click();
      await onList();
    });
  });

  it('opens each step at its top, however far the list was scrolled', async () => {
    await withJournal(
      async (page) => {
        const scrolled = () => page.evaluate(() => window.scrollY);
        await page.evaluate(() => window.scrollTo(0, 150));
        expect(await scrolled()).toBeGreaterThan(0);
        await page.getByRole('button', { name: ADD_ENTRY }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
        expect(await scrolled()).toBe(0);

        await page.evaluate(() => window.scrollTo(0, 150));
        expect(await scrolled()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
        expect(await scrolled()).toBe(0);
      },
      { device: IPHONE },
    );
  });

  it('guides three rounds of box breathing, then opens the form after the fade', async () => {
    await withJournal(
      async (page) => {
        await page.getByRole('button', { name: ADD_ENTRY }).click();
        // From here on the page's time moves only when the test moves it.
        const now = await page.evaluate(() => Date.now());
        await page.clock.pauseAt(now + 100);
        await page.getByRole('button', { name: 'Start Breathing Exercise' }).click();

        await visible(page.getByText('Inhale', { exact: true }));
        await visible(page.getByText('Round 1 of 3', { exact: true }));
        await visible(page.getByText("Follow the circle's rhythm"));

        await page.clock.runFor(1_000);
        await page.getByText('Inhale, round 1 of 3').waitFor({ state: 'attached' });

        await page.clock.runFor(5_500);
        await visible(page.getByText('Exhale', { exact: true }));
        await visible(page.getByText('Round 1 of 3', { exact: true }));
        await page.getByText('Exhale, round 1 of 3').waitFor({ state: 'attached' });

        await page.clock.runFor(18_000);
        await visible(page.getByText('Round 3 of 3', { exact: true }));

        // 36 s: the guide ends on the last hold and starts to fade; the form waits for the fade.
        await page.clock.runFor(11_500);
        await visible(page.getByText('Hold', { exact: true }));
        expect(await page.getByRole('heading', { name: "Today's Reflection" }).count()).toBe(0);

        const form = page.getByRole('heading', { level: 1, name: "Today's Reflection" });
        for (let waited = 0; waited < 3_000 && !(await form.isVisible()); waited += 250) {
          await page.clock.runFor(250);
        }
        await visible(form);
        await gone(page.getByText("Follow the circle's rhythm"));

        await page.clock.resume();
        await page.getByLabel('I am grateful for...').fill('Slow breaths');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByRole('article').getByText('Slow breaths'));
      },
      { withClock: true },
    );
  });

  it('asks about an empty entry: "Go back to your entry" returns to the form, "OK" leaves it', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('   ');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const dialog = page.getByRole('dialog', { name: 'Empty Journal Entry' });
      await visible(dialog);
      await visible(dialog.getByText("You haven't entered anything into your journal entry."));
      // Focus opens on a button, so screen readers read the question as the dialog's description.
      const describedBy = (await dialog.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
        "You haven't entered anything into your journal entry.",
      );
      await dialog.getByRole('button', { name: 'Go back to your entry' }).click();
      await gone(dialog);
      await visible(page.getByRole('heading', { name: "Today's Reflection" }));
      await expect.poll(() => isFocused(page.getByLabel('I am grateful for...'))).toBe(true);

      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(dialog);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await visible(page.getByText('No journal entry for this day'));
    });
  });

  it('refuses script content with the validation message and saves nothing', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('<script>alert(1)</script>');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      await visible(page.getByText('Invalid content detected'));
      await visible(page.getByRole('heading', { name: "Today's Reflection" }));
      expect(await page.getByLabel('I am grateful for...').inputValue()).toBe('<script>alert(1)</script>');

      await page.getByRole('button', { name: 'Cancel and return to list' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
      await visible(page.getByText('No journal entry for this day'));
      expect(await page.getByRole('article').count()).toBe(0);
    });
  });

  it('says which field is too long instead of cutting the text short', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      const tooLong = 'a'.repeat(10_001);
      await page.getByLabel('I am grateful for...').fill(tooLong);
      await page.getByRole('button', { name: 'Save Entry' }).click();

      await visible(page.getByText('Gratitude exceeds maximum length of 10000 characters'));
      expect(await page.getByLabel('I am grateful for...').inputValue()).toBe(tooLong);
    });
  });

  it('keeps keyboard focus on Save Entry when the server refuses the save', async () => {
    await withJournal(async (page) => {
      await openRefusedForm(page);
      const save = page.getByRole('button', { name: 'Save Entry' });
      await save.focus();
      await page.keyboard.press('Enter');

      await visible(page.getByText('Failed to save journal entry. Please try again.'));
      await expect.poll(() => isFocused(save)).toBe(true);
      expect(await page.getByLabel('I am grateful for...').inputValue()).toBe('A quiet morning');
    });
  });

  it('shows toasts above the install banner on a phone, not over its text', async () => {
    await withJournal(
      async (page) => {
        const banner = page.getByRole('region', { name: 'Install the app' });
        await visible(banner);
        await openRefusedForm(page);
        await page.getByRole('button', { name: 'Save Entry' }).click();
        const toast = page.getByText('Failed to save journal entry. Please try again.');
        await visible(toast);
        const [toastBox, bannerBox] = await Promise.all([toast.boundingBox(), banner.boundingBox()]);
        if (!toastBox || !bannerBox) throw new Error('the toast or the banner has no box');
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bannerBox.y);
        // Once the banner is dismissed, toasts go back to the foot of the screen.
        await banner.getByRole('button', { name: 'Dismiss' }).click();
        await gone(banner);
        await expect
          .poll(async () => {
            const box = await page.locator('.toast-region').boundingBox();
            return box ? Math.round(ANDROID.viewport.height - (box.y + box.height)) : -1;
          })
          .toBeLessThan(40);
      },
      { device: ANDROID },
    );
  });

  it('keeps a toast while the pointer rests on it, then lets it go', async () => {
    await withJournal(
      async (page) => {
        await openRefusedForm(page);
        // From here on the page's time moves only when the test moves it.
        const now = await page.evaluate(() => Date.now());
        await page.clock.pauseAt(now + 100);
        await page.getByRole('button', { name: 'Save Entry' }).click();
        const toast = page.getByText('Failed to save journal entry. Please try again.');
        await visible(toast);

        await toast.hover();
        await page.clock.runFor(10_000);
        await visible(toast);
        await page.mouse.move(0, 0);
        await page.clock.runFor(4_100);
        await gone(toast);
      },
      { withClock: true },
    );
  });

  it("edits today's entry in place", async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'Fresh bread' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'Fresh bread' });
      await visible(card);

      await card.getByRole('button', { name: 'Edit' }).click();
      const field = card.getByLabel('I am grateful for...');
      expect(await field.inputValue()).toBe('Fresh bread');
      await field.fill('Fresh bread and good friends');
      await card.getByRole('button', { name: 'Save', exact: true }).click();

      await visible(page.getByText('Entry updated successfully'));
      await visible(card.getByText('Fresh bread and good friends'));
      await gone(card.getByLabel('I am grateful for...'));
    });
  });

  it('deletes an entry only after confirming', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'A sunlit walk' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'A sunlit walk' });
      await visible(card);

      const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
      await card.getByRole('button', { name: 'Delete' }).click();
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await gone(dialog);
      await visible(card);

      await card.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Entry deleted successfully'));
      await visible(page.getByText('No journal entry for this day'));
      expect(await page.getByRole('article').count()).toBe(0);
    });
  });

  it('asks before discarding written text, and leaves a blank form at once', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      const field = page.getByLabel('I want to celebrate...');
      await field.fill('A quiet walk');
      await page.getByRole('button', { name: 'Cancel and return to list' }).click();

      const dialog = page.getByRole('dialog');
      await visible(dialog.getByText('Are you sure you want to discard your journal entry?'));
      await dialog.getByRole('button', { name: 'Keep writing' }).click();
      await gone(dialog);
      expect(await field.inputValue()).toBe('A quiet walk');

      await page.getByRole('button', { name: 'Cancel and return to list' }).click();
      await visible(dialog);
      await page.keyboard.press('Escape');
      await gone(dialog);
      expect(await field.inputValue()).toBe('A quiet walk');

      await page.getByRole('button', { name: 'Cancel and return to list' }).click();
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await visible(page.getByText('No journal entry for this day'));

      await openEntryForm(page);
      await page.getByRole('button', { name: 'Cancel and return to list' }).click();
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      expect(await dialog.isVisible()).toBe(false);
    });
  });

  it('keeps unsaved text through a reload and a visit elsewhere, until it is saved, and forgets it at sign-out', async () => {
    await withJournal(async (page, account) => {
      const gratitude = page.getByLabel('I am grateful for...');
      const celebration = page.getByLabel('I want to celebrate...');
      await openEntryForm(page);
      await gratitude.fill('Tea in the garden');
      await celebration.fill('A letter from an old friend');

      // A reload stays on the step it was on, as the history entry says, with the text written.
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
      expect(await gratitude.inputValue()).toBe('Tea in the garden');
      expect(await celebration.inputValue()).toBe('A letter from an old friend');

      // Away through the menu and back through the brand link, without a reload.
      await page.getByRole('button', { name: new RegExp(account.name) }).click();
      await page.getByRole('menuitem', { name: 'Account Settings' }).click();
      await visible(page.getByRole('heading', { level: 1, name: /Settings/ }));
      await page.getByRole('link', { name: 'Gratitude Journal' }).click();
      await openEntryForm(page);
      expect(await gratitude.inputValue()).toBe('Tea in the garden');

      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').getByText('Tea in the garden'));
      await openEntryForm(page);
      expect(await gratitude.inputValue()).toBe('');

      await gratitude.fill('Not for the next person on this device');
      await page.getByRole('button', { name: new RegExp(account.name) }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Not for the next person');
    });
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

  it('writes and shows each entry in the direction of its own language', async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'שלום עולם! תודה על היום.', celebration: 'A walk by the sea' });
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'שלום עולם' });
      const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
      expect(await direction(card.getByText('שלום עולם! תודה על היום.'))).toBe('rtl');
      expect(await direction(card.getByText('A walk by the sea'))).toBe('ltr');

      // Held, so that the busy Save can be looked at: it stays fully legible while the edit is saved.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith('/api/entries/'),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await card.getByRole('button', { name: 'Edit' }).click();
      // The only field on the page; the card's own text changes as it is typed in.
      const gratitude = page.getByLabel('I am grateful for...');
      expect(await direction(gratitude)).toBe('rtl');
      await gratitude.fill('Thanks for today');
      expect(await direction(gratitude)).toBe('ltr');
      const save = page.getByRole('button', { name: /^Sav/ });
      await save.click();
      await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
      expect(await save.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      release();
      await visible(page.getByText('Entry updated successfully'));
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

  it('updates the statistics right after a save', async () => {
    await withJournal(async (page) => {
      await visible(page.getByText('0 entries this month'));
      await visible(page.getByText('No current streak'));

      await openEntryForm(page);
      await page.getByLabel('I am manifesting...').fill('Patience');
      await page.getByRole('button', { name: 'Save Entry' }).click();

      await visible(page.getByText('1 entry this month'));
      await visible(page.getByText('1 day streak'));
      const expander = page.getByRole('button', { name: 'Show more stats' });
      expect(await expander.getAttribute('aria-expanded')).toBe('false');
      await expander.click();
      await visible(page.getByText('Entries this year'));
      await visible(page.getByText('Total entries'));
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      expect(await stats.innerText()).toMatch(/Entries this year\s+1\s+Total entries\s+1/);
    });
  });

  it.each([390, 601, 768])(
    'gives the stats panel one height at %i px: loading, without a streak and with one',
    async (width) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await withJournal(
        async (page) => {
          const panel = page.getByRole('region', { name: 'Your journal statistics' });
          const height = async () => (await panel.boundingBox())?.height;
          await visible(panel.getByText('Loading statistics...'));
          const loading = await height();
          release();
          await visible(panel.getByText('No current streak'));
          const withoutStreak = await height();

          await openEntryForm(page);
          await page.getByLabel('I am grateful for...').fill('A first day');
          await page.getByRole('button', { name: 'Save Entry' }).click();
          await visible(panel.getByText('1 day streak'));
          expect([withoutStreak, await height()]).toEqual([loading, loading]);
          expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        },
        {
          viewport: { width, height: 900 },
          // The numbers are held back from the first load, so that the panel shows while they load.
          firstVisit: async (page) => {
            await page.route(
              (url) => url.pathname === '/api/stats',
              async (route) => {
                await held;
                await route.fallback();
              },
            );
          },
        },
      );
    },
  );

  it('keeps the account menu and the statistics on the screen when a phone shows text at twice its size', async () => {
    await withJournal(
      async (page, account) => {
        // As a phone's text size setting does (through the style object: the page's CSP refuses a style tag).
        await page.evaluate(() => {
          document.documentElement.style.fontSize = '200%';
        });
        const panel = page.getByRole('region', { name: 'Your journal statistics' });
        await visible(panel.getByText('0 entries this month'));
        expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        // The brand's name gives way (cut short) so that the menu stays within reach.
        const menu = await page.getByRole('button', { name: new RegExp(account.name) }).boundingBox();
        expect(menu && menu.x >= 0 && menu.x + menu.width <= 390).toBe(true);
      },
      { viewport: { width: 390, height: 844 } },
    );
  });

  it('refreshes the numbers behind "Show more stats", and says so when that fails', async () => {
    await withJournal(async (page) => {
      await visible(page.getByText('0 entries this month'));
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      // Another device writes an entry: opening the details fetches the numbers again.
      await createEntryViaApi(page, { gratitude: 'From my phone' });
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(page.getByText('1 entry this month'));
      expect(await stats.innerText()).toMatch(/Entries this year\s+1\s+Total entries\s+1/);

      await page.route(
        (url) => url.pathname === '/api/stats',
        (route) => route.fulfill({ status: 403, json: { code: 'forbidden', message: 'Forbidden' } }),
      );
      await page.getByRole('button', { name: 'Show fewer stats' }).click();
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(page.getByText('Failed to load detailed stats'));
      await visible(stats.getByText('Unable to load statistics'));
      // The summary keeps the numbers it has; only the details could not be refreshed.
      await visible(page.getByText('1 entry this month'));
      expect(await page.getByText('Failed to load stats', { exact: true }).count()).toBe(0);
      expect(await stats.getByText('Entries this year').count()).toBe(0);

      // Closing and opening the details again is the way to retry.
      await page.unrouteAll();
      await page.getByRole('button', { name: 'Show fewer stats' }).click();
      await page.getByRole('button', { name: 'Show more stats' }).click();
      await visible(stats.getByText('Entries this year'));
      await gone(stats.getByText('Unable to load statistics'));
    });
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
