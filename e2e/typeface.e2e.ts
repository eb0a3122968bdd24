import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEntryViaApi } from './support/api';
import { visible } from './support/browser';
import { journalSuite } from './support/journal';

const { suite, withJournal } = journalSuite();

const FAMILY = 'Lora';
const HEADING = 'Cultivate gratitude, one day at a time';

/** A font file or a font stylesheet, by what the browser asked for or by its address. */
function isFontRequest(request: Request): boolean {
  const url = new URL(request.url());
  return (
    request.resourceType() === 'font' ||
    /\.(woff2?|ttf|otf|eot)$/i.test(url.pathname) ||
    /fonts?\./i.test(url.hostname) ||
    /\/css2?$/.test(url.pathname)
  );
}

/** Every font request the page makes from now on. */
function recordFontRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    if (isFontRequest(request)) seen.push(new URL(request.url()));
  });
  return seen;
}

interface Rendered {
  family: string;
  weight: string;
  style: string;
  /** The face of that family, weight and style has been fetched and is in use. */
  loaded: boolean;
  /** The browser has everything it needs to draw the element's own text. */
  ready: boolean;
}

/** The first family the element asks for, and whether the page has that face loaded for the element's text. */
function rendered(locator: Locator): Promise<Rendered> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const family = (style.fontFamily.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '');
    const loaded = [...document.fonts].some(
      (face) =>
        face.family.replace(/^['"]|['"]$/g, '') === family &&
        face.status === 'loaded' &&
        face.weight === style.fontWeight &&
        face.style === style.fontStyle,
    );
    const ready = document.fonts.check(
      `${style.fontStyle} ${style.fontWeight} ${style.fontSize} "${family}"`,
      element.textContent ?? '',
    );
    return { family, weight: style.fontWeight, style: style.fontStyle, loaded, ready };
  });
}

function expectOwnOrigin(requests: URL[], origin: string): void {
  expect(requests.length, 'font requests').toBeGreaterThan(0);
  expect(requests.filter((url) => url.origin !== origin).map(String), 'font requests to another origin').toEqual([]);
}

describe('the journal typeface', () => {
  it("sets the landing page's heading in Lora, fetched from the journal's own server", async () => {
    await suite.withPage(async (page) => {
      const fontRequests = recordFontRequests(page);
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1, name: HEADING });
      await visible(heading);

      await expect.poll(() => rendered(heading)).toEqual({
        family: FAMILY,
        weight: '600',
        style: 'normal',
        loaded: true,
        ready: true,
      });
      expectOwnOrigin(fontRequests, suite.server.url);
      expect(fontRequests.some((url) => /^\/assets\/lora-latin-600-normal-[\w-]+\.woff2$/.test(url.pathname))).toBe(true);

      // The file comes back as a font and is kept for a long time (its name changes with its content).
      const file = fontRequests.find((url) => url.pathname.endsWith('.woff2'));
      const response = await page.request.get(String(file));
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('font/woff2');
      expect(response.headers()['cache-control']).toContain('immutable');
    });
  });

  it("sets a journal entry's day, prompt and words in Lora, and asks no other site for fonts", async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'The first light on the kitchen table, and tea before the café opened' });
      const fontRequests = recordFontRequests(page);
      await page.reload();
      const entry = page.locator('article.entry-card').first();
      const words = entry.getByText('The first light on the kitchen table');
      await visible(words);

      await expect.poll(() => rendered(words)).toEqual({
        family: FAMILY,
        weight: '400',
        style: 'normal',
        loaded: true,
        ready: true,
      });
      await expect.poll(() => rendered(entry.locator('.entry-day'))).toMatchObject({ family: FAMILY, weight: '600', loaded: true });
      await expect.poll(() => rendered(entry.getByText('I am grateful for...'))).toMatchObject({ family: FAMILY, loaded: true });
      // The quote of the day, in Lora's own italic rather than a slanted regular.
      await expect
        .poll(() => rendered(page.locator('.daily-quote blockquote p').first()))
        .toMatchObject({ family: FAMILY, style: 'italic', loaded: true, ready: true });

      expectOwnOrigin(fontRequests, suite.server.url);
    });
  });

  it("sets a search result's day and the writer's words in Lora, as their entry reads", async () => {
    await withJournal(async (page) => {
      await createEntryViaApi(page, { gratitude: 'A long walk by the river after the rain' });
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search your journal' }).fill('river');
      await page.getByRole('searchbox', { name: 'Search your journal' }).press('Enter');
      const result = page.locator('.search-result').first();
      await visible(result.getByText('A long walk by the'));

      await expect.poll(() => rendered(result.locator('.search-result-when'))).toMatchObject({
        family: FAMILY,
        weight: '600',
        loaded: true,
      });
      await expect.poll(() => rendered(result.locator('.search-result-snippet'))).toMatchObject({
        family: FAMILY,
        weight: '400',
        style: 'normal',
        loaded: true,
        ready: true,
      });
    });
  });
});
