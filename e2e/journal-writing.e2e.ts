import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatMonthHeading } from '../src/client/features/journal/list/journal-view';
import { localDayKey } from '../src/shared/dates';
import { createAccount } from './support/accounts';
import { gone, visible } from './support/browser';
import {
  ADD_ANOTHER,
  ADD_ENTRY,
  holdOutboxCode,
  isFocused,
  journalSuite,
  openEntryForm,
  openRefusedForm,
} from './support/journal';

const { suite, withJournal } = journalSuite();

/** Whether a button is filled with a colour (the main one) rather than drawn as an outline or text. */
function isFilled(button: Locator): Promise<boolean> {
  return button.evaluate((element) => getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)');
}

/** What a screen reader reads after a field's label: the texts its aria-describedby names, in order. */
function description(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** A field's count on screen: the words, not the copy a screen reader is told of after a pause (a status). */
function shownCount(scope: Page | Locator, text: string): Locator {
  return scope.getByText(text, { exact: true }).and(scope.locator(':not([role="status"])'));
}

/** The theme's error text colour, as the browser computes it. */
function errorColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--error-text)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

describe('writing in the journal', () => {
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
        // The save has not reached the outbox (its code is held), so nothing is counted as waiting, and Sign Out
        // does not wait for that code to arrive either.
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

  it('offers only a quieter "Add another entry" once today has an entry, so a second one is on purpose', async () => {
    await withJournal(async (page) => {
      const today = localDayKey(new Date());
      const first = page.getByRole('button', { name: ADD_ENTRY });
      const another = page.getByRole('button', { name: ADD_ANOTHER });
      // A day without entries: the main button, filled with the theme's colour.
      expect(await isFilled(first)).toBe(true);
      expect(await another.count()).toBe(0);

      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('A first page');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'A first page' }));
      await visible(another);
      expect(await first.count()).toBe(0);
      expect(await isFilled(another)).toBe(false);
      expect(await page.locator('.btn-primary').count()).toBe(0);

      // It still leads to a second entry, for whoever means to write one.
      await another.click();
      await visible(page.getByRole('heading', { level: 1, name: 'Prepare Your Mind' }));
      await page.goBack();
      await visible(another);

      // The same from the server's list.
      await page.reload();
      await visible(page.getByRole('article').filter({ hasText: 'A first page' }));
      await visible(another);
      expect(await first.count()).toBe(0);

      // The month view has no main button to write today either: its Today panel is for a day still to write.
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: formatMonthHeading(today) }));
      await visible(page.getByRole('article').filter({ hasText: 'A first page' }));
      expect(await page.getByRole('heading', { name: 'Today', exact: true }).count()).toBe(0);
      expect(await first.count()).toBe(0);
      expect(await page.locator('.btn-primary').count()).toBe(0);

      // Deleted, today is a day without an entry again: the main button comes back.
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('No journal entry for this day'));
      await visible(first);
      expect(await isFilled(first)).toBe(true);
      expect(await another.count()).toBe(0);
    });
  });

  it('says how many characters are left as a field nears its limit, and how many are over it', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      const gratitude = page.getByLabel('I am grateful for...');
      const count = /^\d[\d,]* characters? (left|over the limit)$/;
      await gratitude.fill('a'.repeat(8_999));
      expect(await page.getByText(count).count()).toBe(0);
      expect(await description(gratitude)).toBe('');

      // From nine tenths of the limit on, the field says what is left, and is described by it.
      await gratitude.fill('a'.repeat(9_188));
      const left = shownCount(page, '812 characters left');
      await visible(left);
      expect(await description(gratitude)).toBe('812 characters left');
      expect(await left.evaluate((element) => getComputedStyle(element).color)).not.toBe(await errorColour(page));
      // A screen reader hears it politely once the typing pauses.
      const said = page.getByRole('status').filter({ hasText: '812 characters left' });
      await said.waitFor({ state: 'attached' });
      expect(await said.getAttribute('aria-live')).not.toBe('assertive');

      await gratitude.fill('a'.repeat(10_012));
      const over = shownCount(page, '12 characters over the limit');
      await visible(over);
      await gone(left);
      expect(await over.evaluate((element) => getComputedStyle(element).color)).toBe(await errorColour(page));
      expect(await description(gratitude)).toBe('12 characters over the limit');
      await page.getByRole('status').filter({ hasText: '12 characters over the limit' }).waitFor({ state: 'attached' });

      // A field with a hint keeps it, with the count after it; the other fields say nothing.
      const manifesting = page.getByLabel('I am manifesting...');
      await manifesting.fill('b'.repeat(9_999));
      await visible(shownCount(page, '1 character left'));
      expect(await description(manifesting)).toBe(
        'Imagine you have already achieved your goals and write as if they are true. 1 character left',
      );
      expect(await description(page.getByLabel('I want to celebrate...'))).toBe('');
      expect(await page.getByText(count).and(page.locator(':not([role="status"])')).count()).toBe(2);

      // Back under the limit, the count is no longer an error.
      await gratitude.fill('a'.repeat(9_990));
      await visible(shownCount(page, '10 characters left'));
      await gone(over);
    });
  });

  it('counts what is left when editing an entry, too', async () => {
    await withJournal(async (page) => {
      await openEntryForm(page);
      await page.getByLabel('I am grateful for...').fill('Short for now');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'Short for now' }));
      const card = page.getByRole('article');
      await card.getByRole('button', { name: 'Edit' }).click();
      const field = card.getByLabel('I am grateful for...');
      await field.fill('c'.repeat(10_001));
      await visible(shownCount(card, '1 character over the limit'));
      expect(await description(field)).toBe('1 character over the limit');
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
      const onList = async (add = ADD_ENTRY) => {
        await visible(page.getByRole('button', { name: add }));
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

      // Saving, and the welcome's own way back, end on the same list (which now offers another entry).
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await visible(page.getByRole('article').filter({ hasText: 'A quiet morning' }));
      await onList(ADD_ANOTHER);
      await page.getByRole('button', { name: ADD_ANOTHER }).click();
      await page.getByRole('button', { name: 'Back to journal' }).click();
      await onList(ADD_ANOTHER);
    });
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
});
