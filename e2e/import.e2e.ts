import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../src/shared/entry-schemas';
import { visible } from './support/browser';
import { journalSuite } from './support/journal';

const { withJournal } = journalSuite();

/** A Day One export (Journal.json) of these entries, each dated in UTC. */
function dayOneFile(entries: { uuid: string; day: string; text: string }[]) {
  const json = JSON.stringify({
    metadata: { version: '1.0' },
    entries: entries.map(({ uuid, day, text }) => ({
      uuid,
      creationDate: `${day}T09:30:00Z`,
      modifiedDate: `${day}T09:30:00Z`,
      timeZone: 'UTC',
      text,
    })),
  });
  return { name: 'Journal.json', mimeType: 'application/json', buffer: Buffer.from(json) };
}

const TWO_DAYS = dayOneFile([
  { uuid: 'C1A1', day: '2022-08-14', text: 'Swimming in the lake at dawn' },
  { uuid: 'C1A2', day: '2022-08-20', text: 'A letter from my grandmother' },
]);

function importSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Bring in your writing' });
}

async function openImport(page: Page): Promise<Locator> {
  await page.goto('/settings');
  const section = importSection(page);
  await visible(section.getByLabel('File to import'));
  return section;
}

async function preview(section: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await section.getByLabel('File to import').setInputFiles(file);
  await section.getByRole('button', { name: 'Preview the import' }).click();
  await visible(section.getByRole('heading', { name: 'Before you import' }));
}

/** The entries the API has for a day, read with the page's session. */
async function entriesOfDay(page: Page, day: string): Promise<{ gratitude: string; memory: string }[]> {
  const response = await page.request.get(`/api/entries?day=${day}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { entries: { gratitude: string; memory: string }[] }).entries;
}

/** The journal opened on a day, showing an entry that answers `prompt` with `text`. */
async function expectInJournal(page: Page, day: string, prompt: string, text: string): Promise<void> {
  await page.goto(`/journal?date=${day}`);
  const answer = page.locator('.entry-answer').filter({ has: page.getByText(prompt, { exact: true }) });
  await visible(answer.getByText(text, { exact: true }));
}

/**
 * Records, from now on, what each progress bar in the section shows: its label, value and maximum, at every change
 * of the section.
 */
async function recordProgress(section: Locator): Promise<() => Promise<{ label: string; value: number; max: number }[]>> {
  await section.evaluate((element) => {
    const seen: { label: string; value: number; max: number }[] = [];
    Object.assign(window, { progressSeen: seen });
    const look = () => {
      for (const bar of element.querySelectorAll('progress')) {
        const labelId = bar.getAttribute('aria-labelledby') ?? '';
        const label = document.getElementById(labelId)?.textContent ?? '';
        const last = seen.at(-1);
        if (last?.label !== label || last.value !== bar.value || last.max !== bar.max) {
          seen.push({ label, value: bar.value, max: bar.max });
        }
      }
    };
    new MutationObserver(look).observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () =>
    section.page().evaluate(() => (window as unknown as { progressSeen: { label: string; value: number; max: number }[] }).progressSeen);
}

describe('importing a journal in Settings', () => {
  it('previews a Day One export with its refused entry, imports it with a progress bar, and shows the days in the journal', async () => {
    await withJournal(async (page, account) => {
      // The app has already shown one of the days as empty; after the import it shows the entry, not that memory.
      await page.goto('/journal?date=2021-05-09');
      await visible(page.getByText('No journal entry for this day'));
      await page.getByRole('button', { name: account.name }).click();
      await page.getByRole('menuitem', { name: 'Account Settings' }).click();
      const section = importSection(page);
      await visible(section.getByLabel('File to import'));
      const file = dayOneFile([
        { uuid: 'D1A1', day: '2021-03-02', text: 'Coffee with Maya in the garden' },
        { uuid: 'D1A2', day: '2021-04-18', text: 'x'.repeat(10_050) },
        { uuid: 'D1A3', day: '2021-05-09', text: 'The first warm evening of the year' },
      ]);
      await section.getByLabel('File to import').setInputFiles(file);
      // A JSON file that is not this app's export is taken for Day One's.
      expect(await section.getByLabel('Where it comes from').inputValue()).toBe('dayone');
      expect(await section.getByText('Files up to 50 MB.').isVisible()).toBe(true);
      await section.getByRole('button', { name: 'Preview the import' }).click();
      await visible(section.getByRole('heading', { name: 'Before you import' }));

      expect(await section.locator('.import-headline').textContent()).toBe(
        '2 entries will be imported. They run from March 2, 2021 to May 9, 2021.',
      );
      expect(await section.getByText('The file holds 3 entries.').isVisible()).toBe(true);
      const refused = section.getByRole('list', { name: 'Refused entries' }).getByRole('listitem');
      expect(await refused.count()).toBe(1);
      expect(await refused.first().textContent()).toMatch(/2021-04-18.*exceeds maximum length of 10000 characters/);
      // Nothing is written by the preview.
      expect(await entriesOfDay(page, '2021-03-02')).toEqual([]);

      const seen = await recordProgress(section);
      await section.getByRole('button', { name: 'Import 2 entries' }).click();
      await visible(section.getByRole('heading', { name: 'Import finished' }));
      const bar = section.getByRole('progressbar', { name: 'All done' });
      expect(await bar.evaluate((element: HTMLProgressElement) => element.value === element.max)).toBe(true);
      const states = await seen();
      expect(states[0]?.label).toBe('Uploading…');
      for (const [index, state] of states.entries()) {
        expect(state.value).toBeLessThanOrEqual(state.max);
        const before = states[index - 1];
        if (before?.label.startsWith('Importing') && state.label.startsWith('Importing')) {
          expect(state.value).toBeGreaterThanOrEqual(before.value);
        }
      }
      expect(states.at(-1)).toEqual({ label: 'All done', value: 1, max: 1 });
      expect(await section.getByRole('status').textContent()).toBe('Import finished. Imported 2 entries.');
      expect(await section.locator('.notice-success').textContent()).toBe('Imported 2 entries. 1 was refused.');
      expect(await section.getByRole('list', { name: 'Refused entries' }).textContent()).toContain('2021-04-18');

      await section.getByRole('link', { name: 'Open your journal' }).click();
      await page.waitForURL((url) => url.pathname === '/journal' && url.searchParams.get('date') === '2021-05-09');
      await visible(page.getByText('The first warm evening of the year', { exact: true }));
      await expectInJournal(page, '2021-03-02', PROMPTS.memory, 'Coffee with Maya in the garden');
      expect(await entriesOfDay(page, '2021-04-18')).toEqual([]);
    });
  });

  it('says it reads the file, then counts the entries up as they are written, to the end', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      const rows = Array.from({ length: 300 }, (_, index) => {
        const day = new Date(Date.UTC(2018, 0, 1 + index)).toISOString().slice(0, 10);
        return `${day},Day ${index + 1} of the year`;
      });
      const csv = Buffer.from(['date,gratitude', ...rows].join('\n'));
      await section.getByLabel('File to import').setInputFiles({ name: 'year.csv', mimeType: 'text/csv', buffer: csv });
      await section.getByRole('button', { name: 'Preview the import' }).click();
      const importButton = section.getByRole('button', { name: 'Import 300 entries' });
      await visible(importButton);

      const seen = await recordProgress(section);
      await importButton.click();
      await visible(section.getByRole('heading', { name: 'Import finished' }));
      const labels = (await seen()).map((state) => state.label);
      const phases = labels.filter((label, index) => label !== labels[index - 1]);
      // While the server reads the file nothing has been written yet, and the bar does not pretend otherwise. A
      // fast server may send its first count before the page has drawn the reading phase, which is then skipped.
      expect(phases[0]).toBe('Uploading…');
      const firstCount = phases.findIndex((label) => label.startsWith('Importing'));
      expect(phases.slice(1, firstCount).every((label) => label === 'Reading your file…')).toBe(true);
      expect(firstCount).toBeGreaterThan(0);
      const counts = (await seen())
        .filter((state) => state.label.startsWith('Importing'))
        .map((state) => {
          expect(state.label).toMatch(/^Importing [\d,]+ of 300 entries…$/);
          return state.value;
        });
      // The bar moved with the writing: counts between none and all were shown, never going back.
      expect(counts.some((count) => count > 0 && count < 300)).toBe(true);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(labels.at(-1)).toBe('All done');
      expect(await section.locator('.notice-success').textContent()).toBe('Imported 300 entries.');
      expect(await entriesOfDay(page, '2018-10-27')).toMatchObject([{ gratitude: 'Day 300 of the year' }]);
    });
  });

  it('maps the columns of a CSV file, previews again with the mapping, and imports it', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      const csv = 'When,Thankful,Notes\n2020-11-03,The smell of rain,Walked home the long way\n2020-11-05,A warm kitchen,Soup with friends\n';
      await section.getByLabel('File to import').setInputFiles({ name: 'journal.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      expect(await section.getByLabel('Where it comes from').inputValue()).toBe('csv');
      await section.getByRole('button', { name: 'Preview the import' }).click();
      await visible(section.getByRole('group', { name: 'Which column holds what?' }));

      // Without a date column nothing can come in, and the preview says so.
      const date = section.getByLabel('Date (required)');
      await date.selectOption('');
      await visible(section.getByText('Choose the column that holds each entry’s date.'));
      expect(await section.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);

      await date.selectOption('When');
      await section.getByLabel(PROMPTS.gratitude).selectOption('Thankful');
      await section.getByLabel(PROMPTS.celebration).selectOption('');
      await section.getByLabel(PROMPTS.manifestation).selectOption('');
      await section.getByLabel(PROMPTS.memory).selectOption('Notes');
      const importButton = section.getByRole('button', { name: 'Import 2 entries' });
      await visible(importButton);

      // One column cannot fill two fields: the server's reason shows, and the outdated preview cannot be imported.
      await section.getByLabel(PROMPTS.celebration).selectOption('Thankful');
      await visible(section.getByRole('alert').filter({ hasText: 'The column “Thankful” can fill one field only.' }));
      expect(await importButton.isDisabled()).toBe(true);
      await section.getByLabel(PROMPTS.celebration).selectOption('');
      await expect.poll(() => importButton.isEnabled(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => section.locator('.import-headline').textContent()).toBe(
        '2 entries will be imported. They run from November 3, 2020 to November 5, 2020.',
      );
      expect(await date.inputValue()).toBe('When');
      expect(await section.getByLabel(PROMPTS.memory).inputValue()).toBe('Notes');

      await importButton.click();
      await visible(section.getByRole('heading', { name: 'Import finished' }));
      expect(await section.locator('.notice-success').textContent()).toBe('Imported 2 entries.');

      await expectInJournal(page, '2020-11-05', PROMPTS.gratitude, 'A warm kitchen');
      await expectInJournal(page, '2020-11-05', PROMPTS.memory, 'Soup with friends');
      const [entry] = await entriesOfDay(page, '2020-11-03');
      expect(entry).toMatchObject({ gratitude: 'The smell of rain', memory: 'Walked home the long way' });
    });
  });

  it('shows no time for an entry whose file gave its day alone, in the journal and in print', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      const csv = 'date,gratitude\n2019-05-04,A day remembered by its date\n2019-05-04T08:30:00Z,A morning with its hour\n';
      await section.getByLabel('File to import').setInputFiles({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await section.getByRole('button', { name: 'Preview the import' }).click();
      await section.getByRole('button', { name: 'Import 2 entries' }).click();
      await visible(section.getByRole('heading', { name: 'Import finished' }));

      await page.goto('/journal?date=2019-05-04');
      const dayOnly = page.locator('.entry-card').filter({ hasText: 'A day remembered by its date' });
      const timed = page.locator('.entry-card').filter({ hasText: 'A morning with its hour' });
      await visible(dayOnly);
      expect(await dayOnly.locator('time.entry-time').count()).toBe(0);
      expect(await dayOnly.getAttribute('aria-label')).toBe('Entry from May 4');
      expect(await timed.locator('time.entry-time').count()).toBe(1);

      await page.goto('/print?range=month&month=2019-05');
      const printed = page.locator('.print-entry');
      await visible(printed.filter({ hasText: 'A day remembered by its date' }));
      expect(await printed.filter({ hasText: 'A day remembered by its date' }).locator('time').count()).toBe(0);
      expect(await printed.filter({ hasText: 'A morning with its hour' }).locator('time').count()).toBe(1);
    });
  });

  it('says in words why a CSV file cannot be read, and which row, with nothing of the parser or the file in it', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      const choose = async (name: string, buffer: Buffer) => {
        await section.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer });
        await section.getByRole('button', { name: 'Preview the import' }).click();
        return section.getByRole('alert');
      };

      const unclosed = await choose('quotes.csv', Buffer.from('date,gratitude\n2020-01-02,"A quote left open\n2020-01-03,Tea\n'));
      await visible(unclosed.filter({ hasText: 'Row 1 has a quote that is never closed.' }));
      const said = (await unclosed.textContent()) ?? '';
      expect(said).not.toMatch(/CSV_|Invalid|\\u0000|line \d/);

      const spreadsheet = await choose('journal.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0, 0x08, 0]));
      await visible(spreadsheet.filter({ hasText: 'The file is not a CSV file: it holds binary data' }));
      expect(await section.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    });
  });

  it('writes nothing when the preview is cancelled', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      // The kind of file is preselected from its name, and for JSON from how it begins.
      const source = section.getByLabel('Where it comes from');
      const fileInput = section.getByLabel('File to import');
      const ours = '{"format":"gratitude-journal","version":1,"entries":[]}';
      await fileInput.setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(ours) });
      await expect.poll(() => source.inputValue()).toBe('ours');
      await fileInput.setInputFiles({ name: 'Export.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
      await expect.poll(() => source.inputValue()).toBe('dayone');

      await preview(section, TWO_DAYS);
      await section.getByRole('button', { name: 'Cancel' }).click();
      // Back at the first step, with the file picker ready for another choice.
      await visible(fileInput);
      expect(await fileInput.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await section.getByRole('heading', { name: 'Before you import' }).count()).toBe(0);
      expect(await entriesOfDay(page, '2022-08-14')).toEqual([]);
      expect(await entriesOfDay(page, '2022-08-20')).toEqual([]);
    });
  });

  it('imports nothing the second time: the preview says every entry is already in the journal', async () => {
    await withJournal(async (page) => {
      const section = await openImport(page);
      await preview(section, TWO_DAYS);
      await section.getByRole('button', { name: 'Import 2 entries' }).click();
      await visible(section.getByRole('heading', { name: 'Import finished' }));
      await section.getByRole('button', { name: 'Import another file' }).click();

      await preview(section, TWO_DAYS);
      await visible(section.getByText('Nothing in this file can be imported. All 2 entries are already in your journal.'));
      expect(await section.getByText('2 are already in your journal and will be left as they are.').isVisible()).toBe(true);
      expect(await section.getByRole('button', { name: /^Import/ }).count()).toBe(0);
      const another = section.getByRole('button', { name: 'Choose another file' });
      await another.click();
      await visible(section.getByLabel('File to import'));
      expect(await entriesOfDay(page, '2022-08-14')).toHaveLength(1);
      expect(await entriesOfDay(page, '2022-08-20')).toHaveLength(1);
    });
  });

  it("refuses a file over the server's size limit in the browser, before sending any of it", async () => {
    await withJournal(async (page) => {
      const limit = 1024 * 1024;
      await page.route('**/api/config', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...((await response.json()) as object), importMaxBytes: limit } });
      });
      const sent: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/import') sent.push(request.url());
      });
      const section = await openImport(page);
      await visible(section.getByText('Files up to 1 MB.'));
      const big = Buffer.alloc(limit + 200 * 1024, ' ');
      await section.getByLabel('File to import').setInputFiles({ name: 'Journal.json', mimeType: 'application/json', buffer: big });
      await visible(section.getByRole('alert').filter({ hasText: 'Journal.json is 1.2 MB. Files up to 1 MB can be imported.' }));
      expect(await section.getByRole('button', { name: 'Preview the import' }).isDisabled()).toBe(true);
      expect(sent).toEqual([]);
    });
  });
});
