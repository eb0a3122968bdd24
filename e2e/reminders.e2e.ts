import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { openPage, visible } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { seriousViolations } from './support/axe';

const suite = serverAndBrowser();

/** The browser's own zone, which the form offers first, and the one the person picks instead. */
const BROWSER_ZONE = 'America/New_York';
const CHOSEN_ZONE = 'Australia/Adelaide';
const SUBJECT = 'A moment for gratitude today';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/reminders-shots';

/**
 * The first whole minute at least 25 s away, on the chosen zone's clock ("HH:MM"), and its weekday's name there:
 * the scheduler looks every half-minute, so the email comes within a minute and a half of saving.
 */
function nextMinuteIn(timeZone: string): { time: string; weekday: string; at: number } {
  const at = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', weekday: 'long' })
    .formatToParts(at)
    .reduce<Record<string, string>>((fields, part) => ({ ...fields, [part.type]: part.value }), {});
  return { time: `${parts.hour}:${parts.minute}`, weekday: parts.weekday ?? '', at };
}

/** Waits for the reminder email to `to` in the server's outbox, and returns its text. */
async function waitForReminder(outbox: string, to: string, until: number): Promise<string> {
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      files = [];
    }
    for (const name of files) {
      const mail = await simpleParser(readFileSync(join(outbox, name)));
      const recipient = Array.isArray(mail.to) ? undefined : mail.to?.text;
      if (recipient === to && mail.subject === SUBJECT) return mail.text ?? '';
    }
    if (Date.now() > until) throw new Error(`no reminder email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function remindersSection(page: Page) {
  return page.getByRole('region', { name: 'Reminders' });
}

describe('reminders', () => {
  it('are turned on in Settings, kept, sent at the chosen time, and turned off from the email without signing in', { timeout: 200_000 }, async () => {
    const { email, password } = await createAccount(suite.server);
    await suite.withPage(
      async (page) => {
        await signIn(page, email, password);
        await page.waitForURL('**/journal');
        await page.goto('/settings');
        const section = remindersSection(page);
        const toggle = section.getByRole('switch', { name: 'Daily reminder' });
        await visible(toggle);
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        expect(await section.getByLabel('Time', { exact: true }).count()).toBe(0);

        await toggle.click();
        // The zone starts as the browser's own.
        const zone = section.getByLabel('Time zone');
        expect(await zone.inputValue()).toBe(BROWSER_ZONE);
        await zone.selectOption(CHOSEN_ZONE);
        const due = nextMinuteIn(CHOSEN_ZONE);
        await section.getByLabel('Time', { exact: true }).fill(due.time);
        const days = section.getByRole('group', { name: 'Days' });
        for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
          const box = days.getByRole('checkbox', { name });
          if (name === due.weekday) await box.check();
          else await box.uncheck();
        }
        await section.getByRole('button', { name: 'Save Reminders' }).click();
        await visible(section.getByRole('status').filter({ hasText: 'Saved. Your next reminder:' }));

        // A reload shows what was saved.
        await page.reload();
        await visible(toggle);
        expect(await toggle.getAttribute('aria-checked')).toBe('true');
        expect(await section.getByLabel('Time', { exact: true }).inputValue()).toBe(due.time);
        expect(await section.getByLabel('Time zone').inputValue()).toBe(CHOSEN_ZONE);
        for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
          expect(await days.getByRole('checkbox', { name }).isChecked(), name).toBe(name === due.weekday);
        }

        // The email comes at that minute, with a link to today's form and an unsubscribe link.
        const text = await waitForReminder(join(suite.server.dataDir, 'outbox'), email, due.at + 90_000);
        const write = /Write today’s entry: (\S+)/.exec(text)?.[1] ?? '';
        const unsubscribe = /Unsubscribe from reminders: (\S+)/.exec(text)?.[1] ?? '';
        expect(new URL(write).pathname).toBe('/journal/new');
        expect(new URL(unsubscribe).pathname).toBe('/reminders/unsubscribe');

        await page.goto(write);
        await visible(page.getByRole('heading', { name: "Today's Reflection" }));

        // Signed out, in another browser: the link asks first, and only the button unsubscribes.
        const stranger = await openPage(suite.browser, suite.server.url);
        try {
          await stranger.page.goto(unsubscribe);
          await visible(stranger.page.getByRole('heading', { name: 'Unsubscribe from Reminders' }));
          await page.goto('/settings');
          await visible(toggle);
          expect(await toggle.getAttribute('aria-checked')).toBe('true');

          await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
          await visible(stranger.page.getByText('You are unsubscribed. You will get no more reminder emails.'));
          expect(stranger.errors).toEqual([]);
        } finally {
          await stranger.context.close();
        }

        await page.reload();
        await visible(toggle);
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
      },
      { context: { timezoneId: BROWSER_ZONE } },
    );
  });

  it.each(THEME_NAMES)('has no serious accessibility violations in the %s theme, on the form and the unsubscribe page', async (theme) => {
    const { email, password } = await createAccount(suite.server);
    await suite.withPage(async (page, context) => {
      await context.addInitScript((name) => localStorage.setItem('theme', name), theme);
      await signIn(page, email, password);
      await page.waitForURL('**/journal');
      await page.goto('/settings');
      const section = remindersSection(page);
      await section.getByRole('switch', { name: 'Daily reminder' }).click();
      await section.getByRole('button', { name: 'Save Reminders' }).click();
      await visible(section.getByRole('status').filter({ hasText: 'Saved. Your next reminder:' }));
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/reminders/unsubscribe?token=bm9ib2R5.forged');
      await visible(page.getByRole('button', { name: 'Unsubscribe' }));
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await visible(page.getByText('This unsubscribe link is not valid.', { exact: false }));
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('offer the monthly look back by email with reminders on, kept after a reload, with when the next one comes', { timeout: 120_000 }, async () => {
    const { email, password } = await createAccount(suite.server);
    await suite.withPage(
      async (page) => {
        await signIn(page, email, password);
        await page.waitForURL('**/journal');
        await page.goto('/settings');
        const section = remindersSection(page);
        const daily = section.getByRole('switch', { name: 'Daily reminder' });
        const monthly = section.getByRole('switch', { name: 'Monthly look back by email' });
        await visible(daily);
        // Only with reminders on: it comes at their time, in their zone.
        expect(await monthly.count()).toBe(0);
        await daily.click();
        await visible(monthly);
        expect(await monthly.getAttribute('aria-checked')).toBe('false');
        await monthly.click();
        expect(await monthly.getAttribute('aria-checked')).toBe('true');
        await section.getByLabel('Time', { exact: true }).fill('08:00');
        await section.getByRole('button', { name: 'Save Reminders' }).click();
        const saved = section.getByRole('status').filter({ hasText: 'Your next monthly look back email:' });
        await visible(saved);
        // The first of next month, at 8:00 AM on the zone's clock.
        expect(await saved.textContent()).toMatch(/Your next monthly look back email: \w+, \w+ 1 at 8:00 AM\./);

        await page.reload();
        await visible(monthly);
        expect(await monthly.getAttribute('aria-checked')).toBe('true');
        await visible(section.getByText(/^Your next reminder: .* Your next monthly look back email: /));

        // Turned off again, it is kept off.
        await monthly.click();
        await section.getByRole('button', { name: 'Save Reminders' }).click();
        await visible(section.getByRole('status').filter({ hasText: /^Saved\. Your next reminder: [^.]*\.$/ }));
        await page.reload();
        await visible(monthly);
        expect(await monthly.getAttribute('aria-checked')).toBe('false');
      },
      { context: { timezoneId: BROWSER_ZONE } },
    );
  });

  it.each(THEME_NAMES)('show the monthly look back switch in the %s theme on a phone and a wide screen', async (theme) => {
    const { email, password } = await createAccount(suite.server);
    for (const width of [390, 1280]) {
      await suite.withPage(
        async (page, context) => {
          await context.addInitScript((name) => localStorage.setItem('theme', name), theme);
          await signIn(page, email, password);
          await page.waitForURL('**/journal');
          await page.goto('/settings');
          const section = remindersSection(page);
          const daily = section.getByRole('switch', { name: 'Daily reminder' });
          await visible(daily);
          if ((await daily.getAttribute('aria-checked')) === 'false') await daily.click();
          const monthly = section.getByRole('switch', { name: 'Monthly look back by email' });
          if ((await monthly.getAttribute('aria-checked')) === 'false') await monthly.click();
          await section.getByRole('button', { name: 'Save Reminders' }).click();
          await visible(section.getByRole('status').filter({ hasText: 'Your next monthly look back email:' }));
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          mkdirSync(SHOTS, { recursive: true });
          await section.screenshot({ path: `${SHOTS}/reminders-${theme}-${width}.png` });
          expect(await seriousViolations(page)).toEqual([]);

          // The monthly email's own unsubscribe link says what it stops, and keeps the daily reminders.
          await page.goto('/reminders/unsubscribe?token=bm9ib2R5.forged&email=monthly');
          await visible(page.getByText('Stop the monthly look back emails for this account?', { exact: false }));
          if (width === 390) await page.screenshot({ path: `${SHOTS}/unsubscribe-monthly-${theme}-${width}.png`, fullPage: true });
          await page.getByRole('button', { name: 'Unsubscribe' }).click();
          await visible(page.getByText('This unsubscribe link is not valid.', { exact: false }));
        },
        { context: { timezoneId: BROWSER_ZONE, viewport: { width, height: 900 } } },
      );
    }
  });

  it('says so when the link is not valid, and changes nothing', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/reminders/unsubscribe?token=bm9ib2R5.forged');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await visible(page.getByText('This unsubscribe link is not valid. You can turn reminders off in Settings.'));
      await page.goto('/reminders/unsubscribe');
      await visible(page.getByText('This unsubscribe link is not valid. You can turn reminders off in Settings.'));
      expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    });
  });
});
