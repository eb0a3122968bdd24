import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMonths, localDayKey } from '../src/shared/dates';
import { contrastRatio, THEME_NAMES, THEMES, type ThemeName } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { visible } from './support/browser';
import { IPHONE } from './support/devices';
import { ADD_ENTRY, isFocused, journalSuite } from './support/journal';
import { NETWORK_FAILURE, readOfflineCopy, waitForServiceWorker } from './support/offline';
import { seriousViolations } from './support/axe';

const { suite, withJournal } = journalSuite();

const today = localDayKey(new Date());
const thisMonth = today.slice(0, 7);
const lastMonth = addMonths(thisMonth, -1);
const nextMonth = addMonths(thisMonth, 1);
const thisYear = Number(today.slice(0, 4));

/**
 * The days that get entries, and how many each: three of last month (always wholly past), New Year's Day of this
 * year, and a day of the year before.
 */
const SEEDED: Record<string, number> = {
  [`${lastMonth}-03`]: 2,
  [`${lastMonth}-14`]: 1,
  [`${lastMonth}-${String(daysIn(lastMonth)).padStart(2, '0')}`]: 1,
  [`${thisYear}-01-01`]: 1,
  [`${thisYear - 1}-06-15`]: 1,
};

/** A seeded day's name, with its entries. */
function seededLabel(dayKey: string): string {
  return spoken(dayKey, SEEDED[dayKey] ?? 0);
}

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function daysIn(monthKey: string): number {
  const [year, month] = monthKey.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).getUTCDate();
}

function dateOf(dayKey: string): Date {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** A day's name as a screen reader should hear it, worked out here with Intl: 'Tuesday 14 October, 1 entry'. */
function spoken(dayKey: string, entries: number): string {
  const name = dateOf(dayKey).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
  const count = entries === 0 ? 'no entry' : entries === 1 ? '1 entry' : `${entries} entries`;
  return `${name}, ${count}`;
}

/** 'October 2026'. */
function monthTitle(monthKey: string): string {
  return dateOf(`${monthKey}-01`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** Brings entries in through the import API (our own JSON export's format): `count` on each day, text naming it. */
async function importEntries(page: Page, days: Record<string, number>): Promise<void> {
  const entries = Object.entries(days).flatMap(([localDate, count]) =>
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      date: `${localDate}T1${index}:00:00.000Z`,
      localDate,
      utcOffset: 0,
      gratitude: `Grateful on ${localDate}, entry ${index + 1}`,
      celebration: '',
      manifestation: '',
      memory: '',
      updatedAt: `${localDate}T1${index}:00:00.000Z`,
    })),
  );
  const response = await page.request.post('/api/import?format=ours', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify({ format: 'gratitude-journal', version: 1, entries })),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The months of this year up to and including `monthKey`. */
function monthsUpTo(monthKey: string): string[] {
  return Array.from({ length: 12 }, (_, index) => `${thisYear}-${String(index + 1).padStart(2, '0')}`).filter(
    (month) => month <= monthKey,
  );
}

function monthViewPath(monthKey: string): string {
  return `/journal?date=${monthKey}-01&view=month`;
}

function calendar(page: Page, monthKey: string): Locator {
  return page.getByRole('grid', { name: `Calendar, ${monthTitle(monthKey)}` });
}

/** The month view of last month, with the seeded entries in it. */
async function openLastMonth(page: Page): Promise<Locator> {
  await importEntries(page, SEEDED);
  await page.goto(monthViewPath(lastMonth));
  const grid = calendar(page, lastMonth);
  await visible(grid.getByRole('link', { name: seededLabel(`${lastMonth}-03`) }));
  return grid;
}

/** The seeded days that start with `prefix`, oldest first. */
function seededIn(prefix: string): string[] {
  return Object.keys(SEEDED)
    .filter((day) => day.startsWith(prefix))
    .sort();
}

/** The days whose cells are marked as having entries, oldest first. */
async function markedDays(scope: Locator): Promise<string[]> {
  const days = await scope
    .locator('.has-entry')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-day') ?? ''));
  return days.sort();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function openYearFromStats(page: Page): Promise<void> {
  await page.goto('/journal');
  await page.getByRole('button', { name: 'Show more stats' }).click();
  await page.getByRole('link', { name: 'Your year at a glance' }).click();
  await visible(page.getByRole('heading', { level: 1, name: `${thisYear} at a glance` }));
}

describe('the month view’s calendar', () => {
  it('marks the days with entries, names every row, column and day, and opens a day with a click', async () => {
    await withJournal(async (page) => {
      const grid = await openLastMonth(page);

      expect(await markedDays(grid)).toEqual(seededIn(lastMonth));
      for (const day of seededIn(lastMonth)) {
        await visible(grid.getByRole('link', { name: seededLabel(day), exact: true }));
      }
      // A day without entries is a link too, and says so.
      await visible(grid.getByRole('link', { name: seededLabel(`${lastMonth}-02`), exact: true }));
      expect(seededLabel(`${lastMonth}-02`)).toMatch(/, no entry$/);
      // A column per weekday, Monday first, after the weeks' column; a row header per week.
      expect(await grid.getByRole('columnheader').allTextContents()).toEqual([
        'WkWeek',
        'MonMonday',
        'TueTuesday',
        'WedWednesday',
        'ThuThursday',
        'FriFriday',
        'SatSaturday',
        'SunSunday',
      ]);
      const weeks = await grid.getByRole('rowheader').allTextContents();
      expect(weeks.length).toBeGreaterThanOrEqual(4);
      for (const week of weeks) expect(week).toMatch(/^(\d+)Week \1$/);
      expect(await grid.getByRole('gridcell').count()).toBe(weeks.length * 7);
      // The list of entries stays below the calendar.
      const calendarBox = await grid.boundingBox();
      const firstDay = page.getByRole('heading', { level: 2, name: /\d/ }).first();
      expect((await firstDay.boundingBox())?.y).toBeGreaterThan((calendarBox?.y ?? 0) + (calendarBox?.height ?? 0));

      await grid.getByRole('link', { name: seededLabel(`${lastMonth}-14`) }).click();
      await page.waitForURL(`**/journal?date=${lastMonth}-14`);
      await visible(page.getByText(`Grateful on ${lastMonth}-14, entry 1`));
      await page.goBack();
      await visible(calendar(page, lastMonth));
    });
  });

  it('moves between days with the arrow keys, one tab stop for the whole month, and opens a day with Enter', async () => {
    await withJournal(async (page) => {
      const grid = await openLastMonth(page);
      expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
      // Tab from the view toggle reaches the calendar's one tab stop: the day the month view was opened on.
      await page.getByRole('button', { name: 'Month', exact: true }).focus();
      const first = grid.getByRole('link', { name: seededLabel(`${lastMonth}-01`) });
      for (let presses = 0; presses < 6 && !(await isFocused(first)); presses += 1) await page.keyboard.press('Tab');
      expect(await isFocused(first)).toBe(true);

      const expectFocusOn = async (day: string) => {
        const link = grid.locator(`[data-day="${lastMonth}-${day}"]`);
        await expect.poll(() => isFocused(link)).toBe(true);
        expect(await link.getAttribute('tabindex')).toBe('0');
        expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
      };
      await page.keyboard.press('ArrowRight');
      await expectFocusOn('02');
      await page.keyboard.press('ArrowDown');
      await expectFocusOn('09');
      await page.keyboard.press('ArrowLeft');
      await expectFocusOn('08');
      await page.keyboard.press('ArrowUp');
      await expectFocusOn('01');
      // Before the 1st there is nothing to go to: the focus stays.
      await page.keyboard.press('ArrowLeft');
      await expectFocusOn('01');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expectFocusOn('03');

      await page.keyboard.press('Enter');
      await page.waitForURL(`**/journal?date=${lastMonth}-03`);
      await visible(page.getByText(`Grateful on ${lastMonth}-03, entry 2`));
      await page.goBack();
      await visible(calendar(page, lastMonth));
    });
  });

  it('outlines today, links no later day, and fits a phone with day cells of at least 40 px', async () => {
    await withJournal(
      async (page) => {
        await createEntryViaApi(page, { gratitude: 'A walk in the rain' });
        await page.goto('/journal?view=month');
        const grid = calendar(page, thisMonth);
        const todayLink = grid.getByRole('link', { name: spoken(today, 1), exact: true });
        await visible(todayLink);
        expect(await todayLink.getAttribute('aria-current')).toBe('date');
        expect(await todayLink.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
        const yesterdayLike = grid.locator('a.calendar-day:not(.is-today)').first();
        if ((await yesterdayLike.count()) > 0) {
          expect(await yesterdayLike.evaluate((element) => getComputedStyle(element).boxShadow)).toBe('none');
        }
        // The days after today are cells, not links.
        const links = await grid.getByRole('link').evaluateAll((found) => found.map((link) => link.getAttribute('data-day')));
        expect(links.every((day) => day !== null && day <= today)).toBe(true);
        expect(links).toContain(today);
        await noSidewaysScroll(page);
        for (const link of await grid.getByRole('link').all()) {
          const box = await link.boundingBox();
          expect(box?.width).toBeGreaterThanOrEqual(40);
          expect(box?.height).toBeGreaterThanOrEqual(40);
        }

        // A day chosen further down the page opens at its top.
        await grid.getByRole('link').last().scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 300));
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await todayLink.click();
        await page.waitForURL(`**/journal?date=${today}`);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.goBack();
        await visible(grid);

        // No month still to come is offered: the current month has no next arrow, and a typed one shows this month.
        expect(await page.getByRole('button', { name: 'Next month' }).count()).toBe(0);
        await page.goto(`/journal?date=${nextMonth}-01&view=month`);
        await visible(grid.getByRole('link', { name: spoken(today, 1), exact: true }));
        expect(await calendar(page, nextMonth).count()).toBe(0);
        await noSidewaysScroll(page);
      },
      { device: IPHONE },
    );
  });
});

describe('the year at a glance', () => {
  it('opens from the stats’ details with the year’s days filled, moves between years, and links each day', async () => {
    await withJournal(async (page) => {
      await importEntries(page, SEEDED);
      await openYearFromStats(page);
      expect(new URL(page.url()).search).toBe(`?view=year&year=${thisYear}`);
      // The heading shows at once; the months, once the year's day counts have come.
      await visible(page.getByRole('grid').first());
      expect(await page.getByRole('grid').count()).toBe(12);
      const year = page.locator('.year-months');
      expect(await markedDays(year)).toEqual(seededIn(`${thisYear}-`));
      const januaryDays = seededIn(`${thisYear}-01`).length;
      await visible(page.getByRole('grid', { name: `January ${thisYear}, ${daysText(januaryDays)} with entries` }));
      await visible(page.getByText(`You wrote on ${daysText(seededIn(`${thisYear}-`).length)} in ${thisYear}.`));
      // No year after this one.
      expect(await page.getByRole('button', { name: 'Next year' }).count()).toBe(0);
      // One tab stop per month begun, not one per day.
      const begun = monthsUpTo(thisMonth).length;
      expect(await year.locator('[tabindex="0"]').count()).toBe(begun);

      await page.getByRole('button', { name: 'Previous year' }).click();
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear - 1} at a glance` }));
      expect(new URL(page.url()).search).toBe(`?view=year&year=${thisYear - 1}`);
      await expect.poll(() => markedDays(year)).toEqual(seededIn(`${thisYear - 1}-`));
      await visible(page.getByText(`You wrote on ${daysText(seededIn(`${thisYear - 1}-`).length)} in ${thisYear - 1}.`));

      // The arrows move by day and week, and cross from one month into the next; Enter opens the day.
      const at = (day: string) => year.locator(`[data-day="${thisYear - 1}-${day}"]`);
      const expectFocusOn = (day: string) => expect.poll(() => isFocused(at(day))).toBe(true);
      await at('06-30').focus();
      await page.keyboard.press('ArrowRight');
      await expectFocusOn('07-01');
      await page.keyboard.press('ArrowLeft');
      await expectFocusOn('06-30');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expectFocusOn('06-16');
      await page.keyboard.press('ArrowLeft');
      await expectFocusOn('06-15');
      expect(await at('06-15').getAttribute('aria-label')).toBe(seededLabel(`${thisYear - 1}-06-15`));
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/journal?date=${thisYear - 1}-06-15`);
      await visible(page.getByText(`Grateful on ${thisYear - 1}-06-15, entry 1`));
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear - 1} at a glance` }));

      // A click on a filled day opens it too, and Back walks back through the years seen.
      await page.getByRole('button', { name: 'Next year' }).click();
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear} at a glance` }));
      await year.getByRole('link', { name: seededLabel(`${thisYear}-01-01`), exact: true }).click();
      await page.waitForURL(`**/journal?date=${thisYear}-01-01`);
      await visible(page.getByText(`Grateful on ${thisYear}-01-01, entry 1`));
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear} at a glance` }));
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear - 1} at a glance` }));
    });
  });

  it('shows a year still to come as this year, and every day after today without a link', async () => {
    await withJournal(async (page) => {
      await page.goto(`/journal?view=year&year=${thisYear + 3}`);
      await visible(page.getByRole('heading', { level: 1, name: `${thisYear} at a glance` }));
      await visible(page.getByText(`No entries in ${thisYear}.`));
      const links = await page
        .locator('.year-months')
        .getByRole('link')
        .evaluateAll((found) => found.map((link) => link.getAttribute('data-day')).filter((day) => day !== null));
      expect(links.every((day) => day <= today)).toBe(true);
      expect(links).toContain(today);
    });
  });
});

/** An element's own background, or the first one behind it that is not transparent, as #rrggbb. */
function backgroundBehind(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+(\.\d+)?/g) ?? [])
        .slice(0, 3)
        .map((channel) => Math.round(Number(channel)).toString(16).padStart(2, '0'))
        .join('')}`;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return hex(colour);
    }
    return '#ffffff';
  });
}

function textColour(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const channels = (getComputedStyle(element).color.match(/\d+/g) ?? []).slice(0, 3);
    return `#${channels.map((channel) => Number(channel).toString(16).padStart(2, '0')).join('')}`;
  });
}

/** A marked day reads clearly on its fill, and the fill stands out from what is around it. */
async function expectReadableMark(day: Locator, surround: Locator): Promise<void> {
  const fill = await backgroundBehind(day);
  expect(contrastRatio(await textColour(day), fill)).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(fill, await backgroundBehind(surround))).toBeGreaterThanOrEqual(3);
}

async function chooseTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

describe.each(THEME_NAMES)('the calendar and the year in the %s theme', (theme) => {
  it.each([
    ['a wide screen', undefined],
    ['a phone', IPHONE],
  ])('keeps the marked days readable, the page within the width, with no axe violations on %s', async (_, device) => {
    await withJournal(
      async (page) => {
        await chooseTheme(page, theme);
        const grid = await openLastMonth(page);
        const marked = grid.getByRole('link', { name: seededLabel(`${lastMonth}-03`) });
        await expectReadableMark(marked, page.locator('.month-calendar'));
        await noSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);

        await openYearFromStats(page);
        const year = page.locator('.year-months');
        await visible(year);
        await expectReadableMark(year.locator(`[data-day="${thisYear}-01-01"]`), year);
        await noSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
        // On a phone, each day of the year stays a tap target of 24 px.
        const box = await year.locator(`[data-day="${today}"]`).boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(device ? 24 : 28);
      },
      device ? { device } : {},
    );
  });
});

describe('offline', () => {
  it('shows the month’s and the year’s days kept on the device, and says a year it has none of needs a connection', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page: Page, context: BrowserContext) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await openLastMonth(page);
        const kept = (query: string) =>
          expect.poll(() => readOfflineCopy(page), { timeout: 10_000, interval: 200 }).toContain(`"${query}"]`);
        await kept(`month=${lastMonth}`);
        await openYearFromStats(page);
        await visible(page.getByText(`You wrote on ${daysText(seededIn(`${thisYear}-`).length)} in ${thisYear}.`));
        await waitForServiceWorker(page);
        await kept(`year=${thisYear}`);
        await kept(`month=${lastMonth}`);

        await context.setOffline(true);
        await page.goto(monthViewPath(lastMonth));
        const grid = calendar(page, lastMonth);
        await visible(grid);
        expect(await markedDays(grid)).toEqual(seededIn(lastMonth));

        await page.goto(`/journal?view=year&year=${thisYear}`);
        await visible(page.getByText('Offline: these are the days as this device last loaded them.'));
        expect(await markedDays(page.locator('.year-months'))).toEqual(seededIn(`${thisYear}-`));

        // A year never loaded on this device: no empty year, but the reason.
        await page.getByRole('button', { name: 'Previous year' }).click();
        await visible(page.getByRole('heading', { level: 1, name: `${thisYear - 1} at a glance` }));
        await visible(
          page.getByText('The year at a glance needs a connection. It will show here once you are back online.'),
        );
        expect(await page.getByRole('grid').count()).toBe(0);
        expect(await page.getByText(`No entries in ${thisYear - 1}.`).count()).toBe(0);

        // Back online, it loads.
        await context.setOffline(false);
        await visible(page.getByText(`You wrote on 1 day in ${thisYear - 1}.`));

        // An entry saved offline marks its day at once, before it reaches the server.
        await context.setOffline(true);
        await page.goto('/journal');
        await page.getByRole('button', { name: ADD_ENTRY }).click();
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await page.getByLabel('I am grateful for...').fill('Soup on a cold evening');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Waiting to sync'));
        await page.getByRole('button', { name: 'Month', exact: true }).click();
        await visible(calendar(page, thisMonth).getByRole('link', { name: spoken(today, 1), exact: true }));
        await context.setOffline(false);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });

  it('marks the month from the entries on the device, and says so, when the server’s counts cannot be had', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page: Page) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await importEntries(page, SEEDED);
        await page.route('**/api/days?*', (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"No"}' }),
        );
        await page.goto(monthViewPath(lastMonth));
        const grid = calendar(page, lastMonth);
        await visible(page.getByText('Marked from the entries saved on this device.'));
        expect(await markedDays(grid)).toEqual(seededIn(lastMonth));
        await visible(grid.getByRole('link', { name: seededLabel(`${lastMonth}-03`), exact: true }));
      },
      { allowErrors: /status of 503/ },
    );
  });
});
