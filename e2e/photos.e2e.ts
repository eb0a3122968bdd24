import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { localDayKey } from '../src/shared/dates';
import { yearsBefore } from '../src/shared/look-back';
import type { EntryPhoto } from '../src/shared/photos';
import { THEME_NAMES, THEMES } from '../src/shared/themes';
import { createAccount, signIn } from './support/accounts';
import { gone, visible } from './support/browser';
import { ADD_ENTRY, journalSuite, openEntryForm, openSettings } from './support/journal';
import { goOffline, NETWORK_FAILURE, waitForOfflineCopy, waitForServiceWorker } from './support/offline';
import { todaysEntries } from './support/api';

const { suite, withJournal } = journalSuite();

/** Where the screens of this test are kept, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/photos-shots';

/** Two photos as a phone's library holds them: a wide one larger than the app sends, and a tall one. */
async function photoFiles(): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  const wide = join(SHOTS, 'wide.jpg');
  const tall = join(SHOTS, 'tall.png');
  writeFileSync(
    wide,
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#d9822b' } })
      .composite([{ input: Buffer.from('<svg width="3000" height="2000"><circle cx="1500" cy="1000" r="600" fill="#2b6cd9"/></svg>') }])
      .jpeg()
      .toBuffer(),
  );
  writeFileSync(tall, await sharp({ create: { width: 600, height: 900, channels: 3, background: '#3a9d5d' } }).png().toBuffer());
  return [wide, tall];
}

describe('photos in entries', () => {
  it('are chosen from the file picker, shown on the card, opened full-screen, and removed by editing', async () => {
    const files = await photoFiles();
    await withJournal(async (page, account) => {
      await openEntryForm(page);
      const uploads: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/photos') {
          uploads.push(request.postDataBuffer()?.length ?? 0);
        }
      });
      await page.locator('input[type="file"][accept="image/*"]').setInputFiles(files);
      const picker = page.getByRole('group', { name: /Photos/ });
      await visible(picker.getByRole('img', { name: 'Photo 1' }));
      await visible(picker.getByRole('img', { name: 'Photo 2' }));
      // Each shows at once, with its progress, until it is uploaded.
      for (const n of [1, 2]) await gone(picker.getByRole('progressbar', { name: `Uploading photo ${n}` }));
      // Moved: the tall one first.
      await picker.getByRole('button', { name: 'Move photo 2 earlier' }).click();
      await page.getByLabel('I am grateful for...').fill('A picnic in the park');
      // The draft keeps them: after a reload, the form comes back with its text and its photos in their order.
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: "Today's Reflection" }));
      await expect.poll(() => page.getByLabel('I am grateful for...').inputValue()).toBe('A picnic in the park');
      await visible(picker.getByRole('img', { name: 'Photo 2' }));
      const restored = await picker.getByRole('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
      const [firstPick, secondPick] = await page.evaluate(() => {
        const kept = JSON.parse(localStorage.getItem('entryDraft') ?? '{}') as { photos?: { id: string }[] };
        return (kept.photos ?? []).map((photo) => photo.id);
      });
      expect(restored).toEqual([expect.stringContaining(`${firstPick}/thumb`), expect.stringContaining(`${secondPick}/thumb`)]);
      await page.getByRole('button', { name: 'Save Entry' }).click();

      const card = page.getByRole('article').filter({ hasText: 'A picnic in the park' });
      await visible(card);
      const thumbs = card.getByRole('button', { name: /Open photo \d of 2/ });
      await visible(thumbs.nth(1));
      expect(await thumbs.count()).toBe(2);
      const stored = await todaysEntries(page);
      const photos = stored[0]?.photos ?? [];
      // The wide one was scaled on the device before it was sent, then kept at 2048 px by the server.
      expect(photos.map((photo) => [photo.width, photo.height])).toEqual([
        [600, 900],
        [2048, 1365],
      ]);
      expect(uploads).toHaveLength(2);
      // Its space on the card was kept before the thumbnail came: the tile has the photo's shape.
      const box = await thumbs.first().boundingBox();
      expect(box && Math.round((box.width / box.height) * 100) / 100).toBeCloseTo(600 / 900, 1);
      expect(await card.locator('img').first().getAttribute('loading')).toBe('lazy');

      // Full-screen, the arrow keys go between the entry's photos, and Escape closes.
      await thumbs.first().click();
      const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2' });
      await visible(viewer);
      await page.keyboard.press('ArrowRight');
      await visible(page.getByRole('dialog', { name: 'Photo 2 of 2' }));
      const shown = page.getByRole('dialog').getByRole('img', { name: 'Photo 2 of 2' });
      await visible(shown);
      await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(2048);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/viewer-1280.png` });
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'));

      // The printed month holds them, loaded, under the entry's answers.
      await page.goto(`/print?range=month&month=${localDayKey(new Date()).slice(0, 7)}`);
      const printed = page.locator('.print-photos img');
      await visible(printed.nth(1));
      expect(await printed.count()).toBe(2);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.print-photos img')].every((image) => image.complete && image.naturalWidth > 0),
      );
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${SHOTS}/print-1280.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The screens, at a phone's width and a wide one, in the three themes: the card and the form with photos.
      for (const theme of THEME_NAMES) {
        await openSettings(page, account.name);
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: THEMES[theme].label }).click();
        if (theme === THEME_NAMES[0]) await visible(page.getByText(/Photos: 2 photos, [\d.]+ MB of your 1024 MB\./));
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/journal');
          await visible(card);
          await page.screenshot({ path: `${SHOTS}/card-${theme}-${width}.png`, fullPage: true });
          await card.getByRole('button', { name: 'Edit' }).click();
          await visible(card.getByRole('img', { name: 'Photo 2' }));
          await page.screenshot({ path: `${SHOTS}/edit-${theme}-${width}.png`, fullPage: true });
          await card.getByRole('button', { name: 'Cancel' }).click();
        }
      }

      // Removed by editing the entry: gone from the card and from the server.
      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByRole('button', { name: 'Remove photo 1' }).click();
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText('Entry updated successfully'));
      await visible(card.getByRole('button', { name: 'Open photo 1 of 1' }));
      const after = await todaysEntries(page);
      expect(after[0]?.photos?.map((photo) => photo.id)).toEqual([photos[1]?.id]);
      expect((await page.request.get(`/api/photos/${photos[0]?.id}/thumb`)).status()).toBe(404);
    });
  });

  it('added offline, waits on the device with its entry, reaches the server once, and opens offline afterwards', async () => {
    const [, tall] = await photoFiles();
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await signIn(page, account.email, account.password);
        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        await waitForServiceWorker(page);
        const posts: string[] = [];
        page.on('response', (response) => {
          const request = response.request();
          const path = new URL(request.url()).pathname;
          if (request.method() === 'POST' && (path === '/api/entries' || path === '/api/photos')) posts.push(path);
        });

        await goOffline(page, context);
        await openEntryForm(page);
        await page.locator('input[type="file"][accept="image/*"]').setInputFiles([tall ?? '']);
        await visible(page.getByText('Offline: it will be sent with the entry.'));
        await page.getByLabel('I am grateful for...').fill('A letter from an old friend');
        await page.getByRole('button', { name: 'Save Entry' }).click();
        await visible(page.getByText('Saved on this device. It will sync as soon as the server can be reached.'));
        const card = page.getByRole('article').filter({ hasText: 'A letter from an old friend' });
        await visible(card.getByText('Waiting to sync'));

        await context.setOffline(false);
        await gone(card.getByText('Waiting to sync'));
        await visible(card.getByRole('button', { name: 'Open photo 1 of 1' }));
        const stored = await todaysEntries(page);
        expect(stored.map((entry) => entry.photos?.map((photo) => [photo.width, photo.height]))).toEqual([[[600, 900]]]);
        // The photo, then the entry, each once.
        expect(posts).toEqual(['/api/photos', '/api/entries']);
        const usage = await page.request.get('/api/photos/usage');
        expect(await usage.json()).toMatchObject({ count: 1 });
        await page.reload();
        await visible(card.getByRole('button', { name: 'Open photo 1 of 1' }));
        const thumbnailShown = () =>
          page.waitForFunction(() => {
            const image = document.querySelector<HTMLImageElement>('.entry-photo img');
            return image !== null && image.complete && image.naturalWidth > 0;
          });
        await thumbnailShown();

        // Offline again, the journal opens with the photo it showed: the service worker kept it.
        await waitForOfflineCopy(page, stored[0]?.photos?.[0]?.id ?? 'no photo');
        await context.setOffline(true);
        await page.reload();
        await visible(card.getByRole('button', { name: 'Open photo 1 of 1' }));
        await thumbnailShown();
        await context.setOffline(false);

        // Signing out forgets the kept photos.
        const kept = () => page.evaluate(async () => (await caches.keys()).includes('journal-photos'));
        expect(await kept()).toBe(true);
        await page.getByRole('button', { name: new RegExp(account.name) }).click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
        await expect.poll(kept).toBe(false);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });

  it('show in On this day a year on, and open full-screen from there', async () => {
    const [, tall] = await photoFiles();
    await withJournal(async (page) => {
      const origin = new URL(page.url()).origin;
      const today = localDayKey(new Date());
      const yearAgo = yearsBefore(today, 1)[0] ?? '';
      expect((await page.request.patch('/api/profile', { headers: { origin }, data: { preferences: { writePastDays: true } } })).status()).toBe(200);
      const upload = await page.request.post('/api/photos', {
        headers: { origin, 'content-type': 'image/png' },
        data: await sharp(tall).toBuffer(),
      });
      expect(upload.status()).toBe(201);
      const photo = (await upload.json()) as EntryPhoto;
      const created = await page.request.post('/api/entries', {
        headers: { origin },
        data: {
          content: { gratitude: 'Snow on the garden', celebration: '', manifestation: '', photos: [photo.id] },
          localDate: today,
          day: yearAgo,
        },
      });
      expect(created.status()).toBe(201);

      await page.reload();
      const region = page.getByRole('region', { name: 'On this day' });
      const remembered = region.getByRole('article').filter({ hasText: 'Snow on the garden' });
      await visible(remembered.getByRole('button', { name: 'Open photo 1 of 1' }));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/on-this-day-390.png`, fullPage: true });
      await remembered.getByRole('button', { name: 'Open photo 1 of 1' }).click();
      await visible(page.getByRole('dialog', { name: 'Photo 1 of 1' }));
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'));
    });
  });
});
