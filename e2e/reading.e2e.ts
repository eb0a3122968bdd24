import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visible } from './support/browser';
import { journalSuite } from './support/journal';

const { withJournal } = journalSuite();

const DAY = '2023-06-11';

/**
 * A Day One entry written in Markdown, with a picture from elsewhere, a link and some HTML among it (the server refuses
 * script tags and javascript: addresses itself; the unit tests of the reader try those).
 */
const MARKDOWN = [
  '# Morning pages',
  '',
  'The **sea** was _calm_ today.',
  'A second line.',
  '',
  '- bread',
  '- tea',
  '',
  '> Slow is smooth',
  '',
  '![a gull](http://pictures.invalid/gull.png) [the harbour](https://harbour.invalid/)',
  '',
  '<img src="http://pictures.invalid/x.png" onerror="window.pwned=1">',
].join('\n');

/** Imports one Day One entry with the page's own session, as Settings does. */
async function importDayOne(page: Page, text: string): Promise<void> {
  const file = JSON.stringify({
    metadata: { version: '1.0' },
    entries: [{ uuid: 'F00D', creationDate: `${DAY}T09:30:00Z`, modifiedDate: `${DAY}T09:30:00Z`, timeZone: 'UTC', text }],
  });
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/import?format=dayone', {
    data: file,
    headers: { origin, 'content-type': 'application/json' },
  });
  expect(response.status()).toBe(200);
}

describe('reading what was written', () => {
  it('shows an imported entry’s Markdown: its heading, bold and list, a picture and a link as words, nothing fetched or run', async () => {
    await withJournal(async (page) => {
      await importDayOne(page, MARKDOWN);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));

      for (const address of [`/journal?date=${DAY}`, `/print?range=year&year=${DAY.slice(0, 4)}`]) {
        await page.goto(address);
        const answer = page.locator('dd').filter({ hasText: 'Slow is smooth' });
        await visible(answer.getByRole('heading', { name: 'Morning pages' }));
        expect(await answer.locator('strong').textContent()).toBe('sea');
        expect(await answer.locator('em').textContent()).toBe('calm');
        expect(await answer.getByRole('listitem').allTextContents()).toEqual(['bread', 'tea']);
        expect(await answer.locator('blockquote').textContent()).toBe('Slow is smooth');
        // A picture and a link are words with their address; the HTML is the characters typed.
        expect(await answer.textContent()).toContain('Picture: a gull (http://pictures.invalid/gull.png)');
        expect(await answer.textContent()).toContain('the harbour (https://harbour.invalid/)');
        expect(await answer.textContent()).toContain('<img src="http://pictures.invalid/x.png" onerror="window.pwned=1">');
        expect(await answer.locator('a, img, script, iframe').count()).toBe(0);
      }
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(requested.filter((url) => url.includes('.invalid'))).toEqual([]);
    });
  });
});
