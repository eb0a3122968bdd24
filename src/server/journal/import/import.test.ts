import { sql } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryPage, JournalEntry, Stats } from '../../../shared/entry-schemas';
import { DATABASE_KINDS } from '../../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../../test/harness';
import type { ImportSummary } from './service';

const TODAY = '2026-03-15';

/** A small Day One export in its documented shape: Markdown, emoji, right-to-left text, several time zones. */
function dayOneExport() {
  return {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
        // 03:30 UTC on 2 March is still 1 March in Los Angeles.
        creationDate: '2019-03-02T03:30:00Z',
        modifiedDate: '2019-03-02T04:00:00Z',
        timeZone: 'America/Los_Angeles',
        text: 'A quiet evening\\. **Soup** with friends 🍲\n\nWe laughed a lot\\!',
        tags: ['friends', 'home'],
        location: { placeName: 'Home', localityName: 'Portland', country: 'United States' },
        photos: [{ identifier: 'P1', md5: 'abc', type: 'jpeg' }],
        starred: true,
      },
      {
        uuid: 'B1B2C3D4E5F60718293A4B5C6D7E8F91',
        creationDate: '2019-03-02T23:30:00Z',
        timeZone: 'Asia/Tokyo',
        text: '# I am grateful for...\nשלום and مرحبا\n\n# I want to celebrate...\nFinishing the book\n\n# Notes\nA long walk ![](dayone-moment://P2)',
      },
      {
        uuid: 'C1B2C3D4E5F60718293A4B5C6D7E8F92',
        // Summer time in Berlin: two hours east of UTC.
        creationDate: '2019-07-10T08:00:00Z',
        timeZone: 'Europe/Berlin',
        text: '**I am manifesting...**\nA calm week',
      },
      {
        uuid: 'D1B2C3D4E5F60718293A4B5C6D7E8F93',
        creationDate: '2019-03-02T10:00:00Z',
        timeZone: 'Europe/London',
        text: 'x'.repeat(10_001),
      },
    ],
  };
}

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe.each(DATABASE_KINDS)('importing a journal on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { IMPORT_MAX_MB: '1' });
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  function importFile(agent: Agent, format: string, file: Uint8Array, query = '', headers: Record<string, string> = {}) {
    return agent.request('POST', `/api/import?format=${format}${query}`, file, {
      'content-type': 'application/octet-stream',
      ...headers,
    });
  }

  async function summaryOf(agent: Agent, format: string, file: Uint8Array, query = ''): Promise<ImportSummary> {
    const res = await importFile(agent, format, file, query);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as ImportSummary;
  }

  async function day(agent: Agent, key: string): Promise<JournalEntry[]> {
    return ((await agent.get(`/api/entries?day=${key}`)).json as unknown as EntryPage).entries;
  }

  async function exported(agent: Agent) {
    const res = await agent.get('/api/export?format=json');
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as { entries: (Omit<JournalEntry, 'userId'>)[] };
  }

  async function stats(agent: Agent): Promise<Stats> {
    return (await agent.get(`/api/stats?today=${TODAY}`)).json as unknown as Stats;
  }

  /** Writes an entry on each of the given days, moving the server clock to each, and back to TODAY after. */
  async function writeOnDays(agent: Agent, days: string[], content: Record<string, string>) {
    for (const key of days) {
      h.clock.set(`${key}T18:45:00.000Z`);
      const res = await agent.post('/api/entries', {
        content: { gratitude: '', celebration: '', manifestation: '', ...content },
        localDate: key,
        utcOffset: -300,
      });
      expect(res.status).toBe(201);
    }
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  }

  it('restores our own export into an empty account: every field, byte for byte, and the same stats', async () => {
    const ada = await signUpAndVerify(h);
    await ada.agent.patch('/api/profile', { preferences: { showMemorySection: true } });
    await writeOnDays(ada.agent, ['2026-03-12', '2026-03-13', '2026-03-14'], {
      gratitude: 'Rain on the roof\r\nand tea',
      memory: 'Café ☕ 🌻  trailing  ',
      manifestation: 'עברית ومرحبا 你好',
    });
    await writeOnDays(ada.agent, [TODAY], { celebration: '<b>bold</b> & "quoted"' });
    const original = await exported(ada.agent);
    expect(original.entries).toHaveLength(4);
    const file = bytes((await ada.agent.get('/api/export?format=json')).text);

    const carol = await signUpAndVerify(h);
    const preview = await summaryOf(carol.agent, 'ours', file, '&dryRun=1');
    expect(preview).toMatchObject({
      format: 'ours',
      dryRun: true,
      total: 4,
      toImport: 4,
      alreadyInJournal: 0,
      refusedCount: 0,
      firstDate: '2026-03-12',
      lastDate: TODAY,
    });
    expect(await exported(carol.agent)).toMatchObject({ entries: [] });

    const result = await summaryOf(carol.agent, 'ours', file);
    expect(result).toMatchObject({ dryRun: false, imported: 4, toImport: 4, alreadyInJournal: 0 });
    const restored = await exported(carol.agent);
    // Ada's account still holds the ids, so Carol's copies have ids of their own; everything else is the same.
    const withoutIds = (entries: typeof original.entries) => entries.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(restored.entries)).toEqual(withoutIds(original.entries));
    expect(await stats(carol.agent)).toEqual(await stats(ada.agent));

    // Once Ada's account is gone, her export restores into a new account with the very same ids.
    expect((await ada.agent.request('DELETE', '/api/account', { password: ada.password })).status).toBe(200);
    const dan = await signUpAndVerify(h);
    expect(await summaryOf(dan.agent, 'ours', file)).toMatchObject({ imported: 4 });
    expect((await exported(dan.agent)).entries).toEqual(original.entries);
  });

  it('imports a Day One export: days in their own time zones, text on the prompts, and the rest kept as memory', async () => {
    const { agent } = await signUpAndVerify(h);
    const file = bytes(dayOneExport());
    const preview = await summaryOf(agent, 'dayone', file, '&dryRun=1');
    expect(preview).toMatchObject({
      total: 4,
      toImport: 3,
      refusedCount: 1,
      refused: [
        { date: '2019-03-02', row: null, message: 'Entry of 2019-03-02: Memory exceeds maximum length of 10000 characters' },
      ],
      firstDate: '2019-03-01',
      lastDate: '2019-07-10',
      notes: ["1 photo or file is not imported: the journal keeps text only, and photos come with Day One's zip export."],
    });
    // Nothing is written by a preview.
    expect(await day(agent, '2019-03-01')).toEqual([]);

    expect(await summaryOf(agent, 'dayone', file)).toMatchObject({ imported: 3, refusedCount: 1 });
    const [portland] = await day(agent, '2019-03-01');
    expect(portland).toMatchObject({
      date: '2019-03-02T03:30:00.000Z',
      updatedAt: '2019-03-02T04:00:00.000Z',
      utcOffset: -8 * 60,
      gratitude: '',
      memory: 'A quiet evening. **Soup** with friends 🍲\n\nWe laughed a lot!\n\nPlace: Home, Portland, United States',
      // Day One's tags are the entry's tags.
      tags: ['friends', 'home'],
    });
    const [tokyo] = await day(agent, '2019-03-03');
    expect(tokyo).toMatchObject({
      utcOffset: 9 * 60,
      gratitude: 'שלום and مرحبا',
      celebration: 'Finishing the book',
      memory: '# Notes\nA long walk',
    });
    const [berlin] = await day(agent, '2019-07-10');
    expect(berlin).toMatchObject({ utcOffset: 120, manifestation: 'A calm week', memory: '' });

    // Imported days are history like any other: they count, they can be deleted, not edited.
    expect(await stats(agent)).toMatchObject({ totalEntries: 3, monthlyCount: 0, streak: 0 });
    const edit = await agent.put(`/api/entries/${berlin?.id}`, { content: { gratitude: 'x', celebration: '', manifestation: '' }, localDate: TODAY });
    expect(edit.status).toBe(403);
    expect((await agent.delete(`/api/entries/${berlin?.id}`)).status).toBe(200);
    expect((await stats(agent)).totalEntries).toBe(2);
  });

  it('reads the same Day One journal from the zip that holds it', async () => {
    const { agent } = await signUpAndVerify(h);
    const zip = zipSync({
      'Journal.json': strToU8(JSON.stringify(dayOneExport())),
      'photos/abc.jpeg': new Uint8Array([0xff, 0xd8, 0xff]),
    });
    expect(await summaryOf(agent, 'dayone', zip, '&dryRun=1')).toMatchObject({ total: 4, toImport: 3, refusedCount: 1 });
  });

  it('counts imported days in the streak: three days up to today make a streak of three', async () => {
    const { agent } = await signUpAndVerify(h);
    const csv = 'date,gratitude\n2026-03-13,One\n2026-03-14,Two\n2026-03-15,Three\n';
    expect(await summaryOf(agent, 'csv', bytes(csv))).toMatchObject({ imported: 3 });
    expect(await stats(agent)).toEqual({
      monthlyCount: 3,
      yearlyCount: 3,
      totalEntries: 3,
      streak: 3,
      newestRun: { first: '2026-03-13', last: '2026-03-15' },
    });
  });

  it('maps CSV columns as the person chooses, guesses them first, and refuses bad rows by number', async () => {
    const { agent } = await signUpAndVerify(h);
    const csv = [
      'When,Thankful,Notes,Mood',
      '2020-01-05,Warm bread,"A long note,\nover two lines",good',
      '05/01/2020,Not a date we read,,ok',
      '2020-01-06T21:15:00+05:30,Late tea,,fine',
      '2020-01-07,,,',
    ].join('\n');
    const guessed = await summaryOf(agent, 'csv', bytes(csv), '&dryRun=1');
    expect(guessed.csv).toEqual({
      columns: ['When', 'Thankful', 'Notes', 'Mood'],
      mapping: { date: 'When', gratitude: 'Thankful', celebration: null, manifestation: null, memory: 'Notes', tags: null },
    });
    expect(guessed).toMatchObject({ total: 4, toImport: 2, refusedCount: 2, notes: ['Not imported: “Mood”.'] });
    expect(guessed.refused).toEqual([
      { date: null, row: 2, message: 'Row 2: “05/01/2020” is not a date like 2019-03-02' },
      { date: '2020-01-07', row: 4, message: 'Entry of 2020-01-07: it has no text' },
    ]);

    // The person's own mapping: the mood as the celebration, the notes left out.
    const chosen = '&date=When&gratitude=Thankful&celebration=Mood&memory=';
    // Row 4 has no mood either, so nothing to import now.
    expect(await summaryOf(agent, 'csv', bytes(csv), chosen)).toMatchObject({ imported: 2, refusedCount: 2 });
    expect(await day(agent, '2020-01-05')).toMatchObject([{ gratitude: 'Warm bread', celebration: 'good', memory: '' }]);
    expect(await day(agent, '2020-01-06')).toMatchObject([
      { gratitude: 'Late tea', celebration: 'fine', date: '2020-01-06T15:45:00.000Z', utcOffset: 330 },
    ]);

    const noDate = await summaryOf(agent, 'csv', bytes('Thankful,Notes\nBread,Soup\n'), '&dryRun=1');
    expect(noDate).toMatchObject({ toImport: 0, csv: { mapping: { date: null } } });
    expect(noDate.notes).toContain('Choose the column that holds each entry’s date.');

    const unknown = await importFile(agent, 'csv', bytes(csv), '&dryRun=1&date=Nope');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ code: 'unreadable-file', message: 'The file has no column named “Nope”.' });
    const twice = await importFile(agent, 'csv', bytes(csv), '&dryRun=1&date=When&gratitude=When');
    expect(twice.status).toBe(400);
  });

  it('keeps that an entry dated without a time has none, through its export and back', async () => {
    const ada = await signUpAndVerify(h);
    const csv = 'date,gratitude\n2021-06-01,A day alone\n2021-06-02 07:45,A morning\n';
    expect(await summaryOf(ada.agent, 'csv', bytes(csv))).toMatchObject({ imported: 2 });
    const [dayOnly] = await day(ada.agent, '2021-06-01');
    const [timed] = await day(ada.agent, '2021-06-02');
    // Dated at noon of its day, so it sorts among the day's entries, and marked as having no time of day.
    expect(dayOnly).toMatchObject({ date: '2021-06-01T12:00:00.000Z', utcOffset: null, timeUnknown: true });
    expect(timed).toMatchObject({ date: '2021-06-02T07:45:00.000Z', utcOffset: null });
    expect(timed).not.toHaveProperty('timeUnknown');

    // Our export says so, and an account restored from it keeps it.
    const file = bytes((await ada.agent.get('/api/export?format=json')).text);
    const exportedEntries = JSON.parse(new TextDecoder().decode(file)).entries as Record<string, unknown>[];
    expect(exportedEntries.map((entry) => entry.timeUnknown)).toEqual([true, undefined]);
    const bob = await signUpAndVerify(h);
    expect(await summaryOf(bob.agent, 'ours', file)).toMatchObject({ imported: 2 });
    expect(await day(bob.agent, '2021-06-01')).toMatchObject([{ timeUnknown: true }]);
    expect((await day(bob.agent, '2021-06-02'))[0]).not.toHaveProperty('timeUnknown');

    // An export made before the mark existed has none: its entries keep their times.
    const older = JSON.parse(new TextDecoder().decode(file)) as { entries: Record<string, unknown>[] };
    for (const entry of older.entries) delete entry.timeUnknown;
    const carol = await signUpAndVerify(h);
    expect(await summaryOf(carol.agent, 'ours', bytes(older))).toMatchObject({ imported: 2 });
    expect((await day(carol.agent, '2021-06-01'))[0]).not.toHaveProperty('timeUnknown');
  });

  it('adds nothing when the same file is imported again', async () => {
    const { agent } = await signUpAndVerify(h);
    const file = bytes(dayOneExport());
    expect(await summaryOf(agent, 'dayone', file)).toMatchObject({ imported: 3 });
    const again = await summaryOf(agent, 'dayone', file, '&dryRun=1');
    expect(again).toMatchObject({ toImport: 0, alreadyInJournal: 3, refusedCount: 1 });
    expect(await summaryOf(agent, 'dayone', file)).toMatchObject({ imported: 0, alreadyInJournal: 3 });
    expect((await stats(agent)).totalEntries).toBe(3);

    // A row repeated within one CSV file is one entry.
    const csv = 'date,gratitude\n2021-05-01,Same\n2021-05-01,Same\n';
    const repeated = await summaryOf(agent, 'csv', bytes(csv));
    expect(repeated).toMatchObject({ imported: 1 });
    expect(repeated.notes).toContain('1 entry appears more than once in the file and is imported once.');
  });

  it('stops at a failure half way with the journal consistent, says how far it got, and finishes on a second try', async () => {
    const { agent } = await signUpAndVerify(h);
    const rows = Array.from({ length: 600 }, (_, index) => {
      const dayKey = new Date(Date.UTC(2015, 0, 1 + index)).toISOString().slice(0, 10);
      return `${dayKey},${index === 400 ? 'explode' : `Day ${index}`}`;
    });
    const file = bytes(['date,gratitude', ...rows].join('\n'));
    // The database itself refuses one entry, as a full disk or a lost connection would, part way through.
    if (kind === 'sqlite') {
      await sql`create trigger refuse_one before insert on journal_entry when new.gratitude = 'explode'
                begin select raise(abort, 'refused'); end`.execute(h.database.db);
    } else {
      await sql`create function refuse_one() returns trigger language plpgsql as $$
                begin if new.gratitude = 'explode' then raise exception 'refused'; end if; return new; end $$`.execute(h.database.db);
      await sql`create trigger refuse_one before insert on journal_entry for each row execute function refuse_one()`.execute(h.database.db);
    }
    try {
      const stopped = await importFile(agent, 'csv', file);
      expect(stopped.status).toBe(503);
      expect(stopped.json).toEqual({
        code: 'import-interrupted',
        message:
          'The import stopped after 400 of 600 entries were saved. Import the same file again to bring in the rest: the entries already saved are not repeated.',
      });
      // The entries of the transactions that committed before it, and counts that match them exactly.
      expect((await stats(agent)).totalEntries).toBe(400);
      expect((await exported(agent)).entries).toHaveLength(400);
    } finally {
      if (kind === 'sqlite') await sql`drop trigger refuse_one`.execute(h.database.db);
      else {
        await sql`drop trigger refuse_one on journal_entry`.execute(h.database.db);
        await sql`drop function refuse_one()`.execute(h.database.db);
      }
    }
    expect(await summaryOf(agent, 'csv', file)).toMatchObject({ imported: 200, alreadyInJournal: 400 });
    expect((await stats(agent)).totalEntries).toBe(600);
  });

  it('streams its progress and its result when asked for NDJSON', async () => {
    const { agent } = await signUpAndVerify(h);
    const rows = Array.from({ length: 300 }, (_, index) => `${new Date(Date.UTC(2016, 0, 1 + index)).toISOString().slice(0, 10)},Day ${index}`);
    const res = await importFile(agent, 'csv', bytes(['date,gratitude', ...rows].join('\n')), '', {
      accept: 'application/x-ndjson',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    // A line after each transaction, counting up to the whole, then the result.
    const progress = lines.slice(0, -1).map((line) => line.progress as { done: number; total: number });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every(({ total }) => total === 300)).toBe(true);
    expect(progress.map(({ done }) => done)).toEqual([...progress.map(({ done }) => done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ done: 300, total: 300 });
    expect(lines.at(-1)).toEqual({ result: expect.objectContaining({ imported: 300 }) });
  });

  it('says in words why a CSV file cannot be read, and where, never in the parser’s codes', async () => {
    const { agent } = await signUpAndVerify(h);
    const good = Array.from({ length: 11 }, (_, index) => `2020-01-${String(index + 1).padStart(2, '0')},Day ${index + 1}`);
    const cases: [Uint8Array, string][] = [
      [bytes(['date,gratitude', ...good, '2020-01-12,"A quote never closed', '2020-01-13,More'].join('\n')), 'Row 12 has a quote that is never closed.'],
      [bytes('date,gratitude\n2020-01-01,"Tea" with milk\n'), 'Row 1 has text right after a closing quote. Inside quoted text, a quote is written twice ("").'],
      [bytes('date,gratitude\n2020-01-01,Tea\n2020-01-02,A 5" tall cactus\n'), 'Row 2 has a quote inside a field that does not begin with one. Put the field in quotes and write the quote twice ("").'],
      [bytes('date,"gratitude\n'), 'The header row has a quote that is never closed.'],
      // A spreadsheet saved as .xlsx is a zip, and a picture is no text at all.
      [zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') }), 'The file is not a CSV file: it holds binary data, as a spreadsheet (.xlsx), a zip or a picture does. Save it from your spreadsheet as CSV and try again.'],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'The file is not a CSV file: it holds binary data, as a spreadsheet (.xlsx), a zip or a picture does. Save it from your spreadsheet as CSV and try again.'],
      // A NUL is in no text: the file is refused whole, and the NUL never shows.
      [bytes('date,gratitude\n2020-02-03,\u0000\n'), 'The file is not a CSV file: it holds binary data, as a spreadsheet (.xlsx), a zip or a picture does. Save it from your spreadsheet as CSV and try again.'],
      // Café in Latin-1.
      [new Uint8Array([...bytes('date,gratitude\n2020-01-01,Caf'), 0xe9, 0x0a]), 'The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and try again.'],
    ];
    for (const [file, message] of cases) {
      const res = await importFile(agent, 'csv', file, '&dryRun=1');
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({ code: 'unreadable-file', message });
    }
    // A date cell with control characters in it is named without them.
    const odd = await summaryOf(agent, 'csv', bytes('date,gratitude\n2020-01-\u000101,Tea\n'), '&dryRun=1');
    expect(odd.refused).toEqual([{ date: null, row: 1, message: 'Row 1: “2020-01-01” is not a date like 2019-03-02' }]);
  });

  it('imports into the signed-in account only, and never touches another account’s entries', async () => {
    const ada = await signUpAndVerify(h);
    await writeOnDays(ada.agent, [TODAY], { gratitude: 'Ada’s own words' });
    const adaFile = bytes((await ada.agent.get('/api/export?format=json')).text);
    const before = await exported(ada.agent);

    const anonymous = h.agent();
    expect((await importFile(anonymous, 'ours', adaFile)).status).toBe(401);

    // Bob imports a file that names Ada's entry ids: he gets copies of his own, Ada's entries stay hers, unchanged.
    const bob = await signUpAndVerify(h);
    expect(await summaryOf(bob.agent, 'ours', adaFile)).toMatchObject({ imported: 1 });
    const bobs = (await exported(bob.agent)).entries;
    expect(bobs.map((entry) => entry.id)).not.toContain(before.entries[0]?.id);
    expect(await exported(ada.agent)).toEqual(before);
    // And Bob cannot reach Ada's entry by its id.
    expect((await bob.agent.delete(`/api/entries/${before.entries[0]?.id}`)).status).toBe(404);
  });

  it('refuses files that are not what they claim, too large, or hostile, with a clear 4xx and nothing written', async () => {
    const { agent } = await signUpAndVerify(h);
    const cases: [string, Uint8Array, number, string][] = [
      ['ours', bytes('{"entries": ['), 400, 'The file is not valid JSON.'],
      ['ours', bytes({ entries: [] }), 400, 'The file is not a Gratitude Journal export (JSON).'],
      ['ours', bytes({ format: 'gratitude-journal', version: 99, entries: [] }), 400, 'The file comes from a newer version of Gratitude Journal. Update this server first.'],
      ['dayone', bytes('[1,2,3]'), 400, 'The file is not a Day One export: it has no list of entries.'],
      ['dayone', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 400, 'The zip file holds no Day One journal (a .json file at its top).'],
      ['csv', new Uint8Array([0x64, 0x61, 0x74, 0x65, 0x0a, 0xff, 0xfe]), 400, 'The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and try again.'],
      ['csv', bytes('date,gratitude\n"2020-01-01,unclosed'), 400, ''],
      ['csv', new Uint8Array(), 400, 'The file is empty.'],
      ['xml', bytes('<x/>'), 400, 'Give a format: ours, dayone or csv'],
      ['csv', new Uint8Array(1024 * 1024 + 1), 413, 'The file is larger than this server accepts (1 MB).'],
    ];
    for (const [format, file, status, message] of cases) {
      const res = await importFile(agent, format, file);
      expect(res.status, `${format}: ${res.text}`).toBe(status);
      if (message) expect(res.json).toMatchObject({ message });
    }

    // A zip that unpacks to far more than the limit (a zip bomb) is refused while it unpacks.
    const bomb = zipSync({ 'Journal.json': new Uint8Array(8 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await importFile(agent, 'dayone', bomb);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: 'The journal in the zip file is larger than this server accepts (1 MB).' });

    // Thousands of bad rows: every one is counted, the first 500 listed.
    const bad = ['date,gratitude', ...Array.from({ length: 2000 }, () => 'someday,text')].join('\n');
    const many = await summaryOf(agent, 'csv', bytes(bad), '&dryRun=1');
    expect(many).toMatchObject({ refusedCount: 2000, toImport: 0 });
    expect(many.refused).toHaveLength(500);

    // Text that breaks the content rules, and dates the journal does not keep.
    const rules = [
      'date,gratitude',
      '2020-02-02,<script>alert(1)</script>',
      '2099-01-01,From the future',
      '1850-01-01,Too old',
    ].join('\n');
    const ruled = await summaryOf(agent, 'csv', bytes(rules), '&dryRun=1');
    expect(ruled.refused.map((refusal) => refusal.message)).toEqual([
      'Entry of 2020-02-02: Invalid content detected',
      'Entry of 2099-01-01: its date is in the future',
      'Entry of 1850-01-01: its date is before 1900',
    ]);
    expect((await stats(agent)).totalEntries).toBe(0);
  });
});
