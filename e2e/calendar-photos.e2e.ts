import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays, localDayKey } from '../src/shared/dates';
import type { EntryPhoto } from '../src/shared/photos';
import { THEME_NAMES, THEMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, journalSuite } from './support/journal';
import { waitForOfflineCopy, waitForServiceWorker } from './support/offline';
import { seriousViolations } from './support/axe';

const { suite, withJournal } = journalSuite();

/** Offline, the requests that fail for want of a network are the point of the test. */
const NETWORK_FAILURE = /^Failed to load resource: net::ERR_/;

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/calendar-photos-shots';

const today = localDayKey(new Date());
const thisMonth = today.slice(0, 7);
const thisYear = today.slice(0, 4);
/** A second day of this month with a photo, and a good mood: the 1st, unless that is today. */
const firstOfMonth = `${thisMonth}-01`;
const moodDay = firstOfMonth < today ? firstOfMonth : undefined;

const SWITCH = 'Photo of the day in the calendar';

/** A photo with something in it to see at a tile's size: a sky with a sun, or a bright, nearly white page. */
async function photo(background: string, disc: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="1200" height="800"><circle cx="600" cy="400" r="260" fill="${disc}"/></svg>`) }])
    .jpeg()
    .toBuffer();
}

async function upload(page: Page, bytes: Buffer): Promise<EntryPhoto> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/photos', { headers: { origin, 'content-type': 'image/jpeg' }, data: bytes });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as EntryPhoto;
}

async function write(page: Page, day: string, photos: EntryPhoto[], mood?: number): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/entries', {
    headers: { origin },
    data: {
      content: { gratitude: `A bright day, ${day}`, celebration: '', manifestation: '', photos: photos.map((p) => p.id), mood },
      localDate: today,
      ...(day === today ? {} : { day }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A day's name as a screen reader hears it, the same with or without its photo. */
function spoken(dayKey: string, entries: number, mood?: string): string {
  const [year, month, day] = dayKey.split('-').map(Number);
  const name = new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  return `${name}, ${entries === 1 ? '1 entry' : `${entries} entries`}${mood ? `, mood: ${mood}` : ''}`;
}

/** The day's photo, shown: loaded, its thumbnail's address, lazily. */
async function expectPhotoShown(day: Locator, photoId: string): Promise<void> {
  const image = day.locator('img.calendar-photo');
  await visible(image);
  expect(await image.getAttribute('src')).toBe(`/api/photos/${photoId}/thumb`);
  expect(await image.getAttribute('loading')).toBe('lazy');
  expect(await image.getAttribute('alt')).toBe('');
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  expect(await image.evaluate((element) => getComputedStyle(element).objectFit)).toBe('cover');
}

async function setCalendarPhotos(page: Page, on: boolean): Promise<void> {
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: SWITCH });
  await visible(toggle);
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
  await expect.poll(() => toggle.isDisabled()).toBe(false);
}

async function chooseTheme(page: Page, theme: (typeof THEME_NAMES)[number]): Promise<void> {
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

/**
 * Today with two photos, the first of the month (unless that is today) with a bright photo and a great mood, and two
 * days ago (when in this month and not that day) with an entry and no photo, which stays a filled disc.
 */
async function writeDaysWithPhotos(page: Page) {
  const origin = new URL(page.url()).origin;
  expect(
    (await page.request.patch('/api/profile', { headers: { origin }, data: { preferences: { writePastDays: true } } })).status(),
  ).toBe(200);
  const sun = await upload(page, await photo('#2b6cd9', '#f4c542'));
  const second = await upload(page, await photo('#3a9d5d', '#ffffff'));
  const bright = await upload(page, await photo('#fafafa', '#f0f0f0'));
  await write(page, today, [sun, second]);
  if (moodDay) await write(page, moodDay, [bright], 5);
  const plainDay = addDays(today, -2).startsWith(thisMonth) && addDays(today, -2) !== moodDay ? addDays(today, -2) : undefined;
  if (plainDay) await write(page, plainDay, []);
  return { sun, bright, plainDay };
}

describe('a photo of the day in the calendars', () => {
  it('is off at first; turned on, days show their first photo in the month and the year, named as before; turned off, gone', async () => {
    await withJournal(async (page) => {
      const { sun, bright, plainDay } = await writeDaysWithPhotos(page);

      // Off by default: the calendar draws no photo.
      await page.goto(`/journal?date=${today}&view=month`);
      const month = page.locator('.month-calendar');
      const todayTile = month.locator(`[data-day="${today}"]`);
      await visible(todayTile);
      expect(await month.locator('img').count()).toBe(0);
      const before = await todayTile.boundingBox();

      await setCalendarPhotos(page, true);

      await page.goto(`/journal?date=${today}&view=month`);
      const named = month.getByRole('link', { name: spoken(today, 1) });
      await visible(named);
      await expectPhotoShown(named, sun.id);
      // The tile keeps its size: nothing moved for the photo.
      expect(await named.boundingBox()).toEqual(before);
      if (moodDay) await expectPhotoShown(month.getByRole('link', { name: spoken(moodDay, 1, 'Great') }), bright.id);
      if (plainDay) expect(await month.locator(`[data-day="${plainDay}"] img`).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // The year asks once for its days, photos included, and fetches the thumbnails it shows.
      const daysRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/days') daysRequests.push(url.search);
      });
      await page.goto(`/journal?view=year&year=${thisYear}`);
      const year = page.locator('.year-months');
      await visible(year);
      await expectPhotoShown(year.getByRole('link', { name: spoken(today, 1) }), sun.id);
      if (moodDay) await expectPhotoShown(year.getByRole('link', { name: spoken(moodDay, 1, 'Great') }), bright.id);
      expect(daysRequests).toEqual([`?year=${thisYear}`]);
      expect(await year.locator('img.calendar-photo').count()).toBe(moodDay ? 2 : 1);
      expect(await seriousViolations(page)).toEqual([]);

      // Turned off, the calendars are drawn as before.
      await setCalendarPhotos(page, false);
      await page.goto(`/journal?date=${today}&view=month`);
      await visible(month.getByRole('link', { name: spoken(today, 1) }));
      await gone(month.locator('img.calendar-photo'));
      await page.goto(`/journal?view=year&year=${thisYear}`);
      await visible(year.getByRole('link', { name: spoken(today, 1) }));
      expect(await year.locator('img').count()).toBe(0);
    });
  });

  it('reads at a phone\'s width and a wide one, in the three themes', async () => {
    await withJournal(async (page) => {
      const { sun } = await writeDaysWithPhotos(page);
      await setCalendarPhotos(page, true);
      const month = page.locator('.month-calendar');
      const year = page.locator('.year-months');
      for (const theme of THEME_NAMES) {
        await chooseTheme(page, theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto(`/journal?date=${today}&view=month`);
          await expectPhotoShown(month.locator(`[data-day="${today}"]`), sun.id);
          await page.screenshot({ path: `${SHOTS}/month-${theme}-${width}.png` });
          await page.goto(`/journal?view=year&year=${thisYear}`);
          await expectPhotoShown(year.locator(`[data-day="${today}"]`), sun.id);
          await page.screenshot({ path: `${SHOTS}/year-${theme}-${width}.png`, fullPage: true });
        }
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  });

  it('offline, shows the photo the device kept, and draws a day whose photo it never kept as it would be without one', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await waitForServiceWorker(page);
        const origin = new URL(page.url()).origin;
        const res = await page.request.patch('/api/profile', { headers: { origin }, data: { preferences: { calendarPhotos: true } } });
        expect(res.status()).toBe(200);
        const sun = await upload(page, await photo('#2b6cd9', '#f4c542'));
        await write(page, today, [sun]);

        await page.goto(`/journal?date=${today}&view=month`);
        const month = page.locator('.month-calendar');
        await expectPhotoShown(month.locator(`[data-day="${today}"]`), sun.id);
        await waitForOfflineCopy(page, `month=${thisMonth}"]`);
        const thumb = `${origin}/api/photos/${sun.id}/thumb`;
        const cached = () =>
          page.evaluate(async (url) => (await (await caches.open('journal-photos')).match(url)) !== undefined, thumb);
        await expect.poll(cached).toBe(true);

        await context.setOffline(true);
        await page.reload();
        const named = month.getByRole('link', { name: spoken(today, 1) });
        await visible(named);
        await expectPhotoShown(named, sun.id);

        // A thumbnail the device no longer holds: the day is drawn filled, with its number, and nothing breaks.
        await page.evaluate(async (url) => (await caches.open('journal-photos')).delete(url), thumb);
        const devtools = await context.newCDPSession(page);
        await devtools.send('Network.clearBrowserCache');
        await page.reload();
        await visible(named);
        await gone(named.locator('img'));
        expect(await named.getAttribute('class')).toContain('has-entry');
        expect(await named.getAttribute('class')).not.toContain('has-photo');
        expect(await named.textContent()).toBe(String(Number(today.slice(8, 10))));
        await context.setOffline(false);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});
