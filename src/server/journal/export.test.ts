import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKeyToNumber } from '../../shared/dates';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { insertEntry } from './repository';

const TODAY = '2026-03-15';

describe.each(DATABASE_KINDS)('exporting the journal on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  async function write(agent: ReturnType<Harness['agent']>, content: Record<string, string>) {
    const res = await agent.post('/api/entries', {
      content: { gratitude: '', celebration: '', manifestation: '', ...content },
      localDate: TODAY,
    });
    expect(res.status).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  it('gives the owner every entry of theirs, exactly as stored, and nobody else’s', async () => {
    const ada = await signUpAndVerify(h, { name: 'Ada' });
    const bob = await signUpAndVerify(h);
    await ada.agent.patch('/api/profile', { preferences: { showMemorySection: true } });
    await write(ada.agent, { gratitude: 'Rain on the roof', celebration: 'First line\nsecond line', memory: 'Café ☕ 🌻' });
    await write(ada.agent, { manifestation: 'עברית ومرحبا 你好' });
    await write(bob.agent, { gratitude: "Bob's private words" });
    const listed = ((await ada.agent.get(`/api/entries?day=${TODAY}`)).json as unknown as EntryPage).entries;

    const res = await ada.agent.get('/api/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gratitude-journal-2026-03-15.json"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.text).not.toContain("Bob's private words");
    const exported = JSON.parse(res.text) as {
      format: string;
      version: number;
      profile: { displayName: string; showMemorySection: boolean; theme: string | null };
      entries: Record<string, string>[];
    };
    expect(exported).toMatchObject({
      format: 'gratitude-journal',
      version: 1,
      profile: { displayName: 'Ada', showMemorySection: true, theme: null, prompts: { set: 'own' } },
    });
    // Oldest first; every field as the API gives it.
    const expected = [...listed].reverse().map(({ userId: _userId, ...entry }) => entry);
    expect(exported.entries).toEqual(expected);
  });

  it('writes a readable Markdown page: dated headings, the prompts as the app shows them, nothing unanswered', async () => {
    const { agent } = await signUpAndVerify(h);
    await write(agent, { gratitude: 'Morning light', celebration: 'A finished draft\nand a walk' });
    const res = await agent.get('/api/export?format=markdown');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gratitude-journal-2026-03-15.md"');
    expect(res.text).toContain('# Gratitude Journal');
    expect(res.text).toContain('## Sunday, March 15, 2026');
    expect(res.text).toContain('**I am grateful for...**\n\nMorning light\n');
    expect(res.text).toContain('**I want to celebrate...**\n\nA finished draft  \nand a walk\n');
    expect(res.text).not.toContain('I am manifesting...');
    expect(res.text).not.toContain('Today I want to capture these memories...');
  });

  it('says above an entry how the day felt, its tags, and the day it was added on when that came later', async () => {
    const { agent } = await signUpAndVerify(h);
    const plain = await write(agent, { gratitude: 'Nothing more to say' });
    expect(plain.mood).toBeUndefined();
    const res = await agent.post('/api/entries', {
      content: { gratitude: 'Tea in the #garden with #best_friends', celebration: '', manifestation: '', mood: 4 },
      localDate: TODAY,
    });
    expect(res.status, res.text).toBe(201);
    expect((await agent.patch('/api/profile', { preferences: { writePastDays: true } })).status).toBe(200);
    const late = await agent.post('/api/entries', {
      content: { gratitude: 'Written a day late', celebration: '', manifestation: '', mood: 1 },
      localDate: TODAY,
      day: '2026-03-14',
    });
    expect(late.status, late.text).toBe(201);

    const markdown = (await agent.get('/api/export?format=markdown')).text;
    expect(markdown).toContain('## Saturday, March 14, 2026\n\n*Felt Rough · Added on 2026-03-15*\n');
    expect(markdown).toContain('\n*Felt Good · #garden #best\\_friends*\n\n**I am grateful for...**\n\nTea in the');
    // An entry with none of these has no line for them.
    expect(markdown).toContain('## Sunday, March 15, 2026\n\n**I am grateful for...**\n\nNothing more to say');
  });

  it('reads a long journal in batches without losing or repeating an entry', async () => {
    const { agent, userId } = await signUpAndVerify(h);
    // Many entries share a day and a time, so the batches must part them by id.
    const ids = Array.from({ length: 1203 }, () => randomUUID());
    await h.database.write(async (trx) => {
      for (const [index, id] of ids.entries()) {
        const day = `2025-0${1 + (index % 3)}-1${index % 2}`;
        await insertEntry(trx, {
          id,
          userId,
          date: `${day}T12:00:00.000Z`,
          updatedAt: `${day}T12:00:00.000Z`,
          utcOffset: 60,
          localDay: dayKeyToNumber(day),
          gratitude: `Entry ${index}`,
          celebration: '',
          manifestation: '',
          memory: '',
        });
      }
    });
    const res = await agent.get('/api/export?format=json');
    const exported = JSON.parse(res.text) as { entries: { id: string; localDate: string }[] };
    expect(exported.entries).toHaveLength(ids.length);
    expect(new Set(exported.entries.map((entry) => entry.id))).toEqual(new Set(ids));
    const days = exported.entries.map((entry) => entry.localDate);
    expect(days).toEqual([...days].sort());
  });

  /** Writes one entry on each day, with the server's clock on that day, as the app would have then. */
  async function writeOnDays(agent: ReturnType<Harness['agent']>, days: string[]) {
    try {
      for (const day of days) {
        h.clock.set(`${day}T12:00:00.000Z`);
        const res = await agent.post('/api/entries', {
          content: { gratitude: `Written on ${day}`, celebration: '', manifestation: '' },
          localDate: day,
        });
        expect(res.status).toBe(201);
      }
    } finally {
      h.clock.set(`${TODAY}T12:00:00.000Z`);
    }
  }

  const exportedDays = (text: string) =>
    (JSON.parse(text) as { entries: { localDate: string }[] }).entries.map((entry) => entry.localDate);

  describe('a range of days (from, to)', () => {
    const DAYS = ['2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-15'];
    let agent: ReturnType<Harness['agent']>;
    beforeAll(async () => {
      ({ agent } = await signUpAndVerify(h, { name: 'Ada' }));
      await writeOnDays(agent, DAYS);
    });

    it('gives only the days from `from` to `to`, both included, oldest first, and names them', async () => {
      const res = await agent.get('/api/export?format=json&from=2026-02-01&to=2026-02-28');
      expect(res.status).toBe(200);
      expect(exportedDays(res.text)).toEqual(['2026-02-01', '2026-02-14', '2026-02-28']);
      expect(JSON.parse(res.text)).toMatchObject({
        format: 'gratitude-journal',
        version: 1,
        range: { from: '2026-02-01', to: '2026-02-28' },
        profile: { displayName: 'Ada' },
      });
      const everything = await agent.get('/api/export?format=json');
      expect(exportedDays(everything.text)).toEqual(DAYS);
      expect(JSON.parse(everything.text)).toMatchObject({ range: { from: null, to: null } });
    });

    it('leaves a side open when its end is missing, and takes one day when both ends are the same', async () => {
      expect(exportedDays((await agent.get('/api/export?format=json&from=2026-02-28')).text)).toEqual([
        '2026-02-28',
        '2026-03-01',
        '2026-03-15',
      ]);
      expect(exportedDays((await agent.get('/api/export?format=json&to=2026-02-01')).text)).toEqual([
        '2026-01-31',
        '2026-02-01',
      ]);
      expect(exportedDays((await agent.get('/api/export?format=json&from=2026-02-14&to=2026-02-14')).text)).toEqual([
        '2026-02-14',
      ]);
    });

    it('answers a range without entries with an empty list, still one JSON document', async () => {
      const res = await agent.get('/api/export?format=json&from=2026-02-02&to=2026-02-13');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({ entries: [], range: { from: '2026-02-02', to: '2026-02-13' } });
      expect(exportedDays((await agent.get('/api/export?format=json&from=2099-01-01')).text)).toEqual([]);
    });

    it('restricts the Markdown too, and says which days it holds', async () => {
      const res = await agent.get('/api/export?format=markdown&from=2026-02-28&to=2026-03-01');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Exported on 2026-03-15, the entries from 2026-02-28 to 2026-03-01.');
      expect(res.text).toContain('## Saturday, February 28, 2026');
      expect(res.text).toContain('## Sunday, March 1, 2026');
      expect(res.text.match(/^## /gm)).toHaveLength(2);
      expect(res.text).not.toContain('Written on 2026-02-14');
      expect(res.text).not.toContain('Written on 2026-03-15');
    });

    it('never gives another person’s entries, whatever the range', async () => {
      const other = await signUpAndVerify(h);
      const res = await other.agent.get('/api/export?format=json&from=2026-01-01&to=2026-12-31');
      expect(exportedDays(res.text)).toEqual([]);
    });
  });

  it('reads a range of a long journal in batches, without losing or repeating an entry', async () => {
    const { agent, userId } = await signUpAndVerify(h);
    // Eleven days, a hundred and ten entries a day, most of them at one time: the range holds more than two batches,
    // and the batches must part entries of one day and one time by id.
    const rows = Array.from({ length: 1210 }, (_, index) => {
      const day = `2025-06-${String(10 + (index % 11)).padStart(2, '0')}`;
      return {
        id: randomUUID(),
        user_id: userId,
        date: `${day}T${index % 5 === 0 ? '08' : '12'}:00:00.000Z`,
        local_day: dayKeyToNumber(day),
        gratitude: `Entry ${index}`,
        celebration: '',
        manifestation: '',
        memory: '',
        updated_at: `${day}T12:00:00.000Z`,
      };
    });
    for (let start = 0; start < rows.length; start += 100) {
      await h.database.db.insertInto('journal_entry').values(rows.slice(start, start + 100)).execute();
    }
    const [first, last] = [dayKeyToNumber('2025-06-12'), dayKeyToNumber('2025-06-18')];
    const inRange = rows.filter((row) => row.local_day >= first && row.local_day <= last);
    const res = await agent.get('/api/export?format=json&from=2025-06-12&to=2025-06-18');
    const exported = JSON.parse(res.text) as { entries: { id: string; localDate: string; date: string }[] };
    expect(exported.entries).toHaveLength(inRange.length);
    expect(new Set(exported.entries.map((entry) => entry.id))).toEqual(new Set(inRange.map((row) => row.id)));
    const order = exported.entries.map((entry) => `${entry.localDate} ${entry.date}`);
    expect(order).toEqual([...order].sort());
  });

  it('refuses a malformed, impossible, repeated or backwards range with a clear 400, in either format', async () => {
    const { agent } = await signUpAndVerify(h);
    await write(agent, { gratitude: 'Not to be shown to a bad request' });
    const name = { from: 'The first day (from)', to: 'The last day (to)' };
    const malformed = (end: 'from' | 'to') => ({
      code: 'invalid-range',
      message: `${name[end]} must be a calendar day written as YYYY-MM-DD`,
    });
    const hostile = [
      '',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '2026-01-01%0A',
      '0050-01-01',
      '-2026-01-01',
      '+02026-01-01',
      "2026-01-01'%20OR%20'1'='1",
      '2026-01-01;DROP%20TABLE%20journal_entry',
      '%EF%BC%92026-01-01',
      '%00',
      '%ZZ',
      'x'.repeat(5000),
    ];
    for (const format of ['json', 'markdown']) {
      for (const value of hostile) {
        for (const end of ['from', 'to'] as const) {
          const res = await agent.get(`/api/export?format=${format}&${end}=${value}`);
          expect(res.status, `${end}=${value.slice(0, 40)}`).toBe(400);
          expect(res.json).toEqual(malformed(end));
          expect(res.text).not.toContain('Not to be shown');
        }
      }
      const backwards = await agent.get(`/api/export?format=${format}&from=2026-03-02&to=2026-03-01`);
      expect(backwards.status).toBe(400);
      expect(backwards.json).toEqual({
        code: 'invalid-range',
        message: 'The first day (from) must not be after the last day (to)',
      });
      const twice = await agent.get(`/api/export?format=${format}&from=2026-01-01&from=2026-03-01`);
      expect(twice.status).toBe(400);
      expect(twice.json).toEqual({ code: 'invalid-range', message: 'The first day (from) can be given only once' });
      const toTwice = await agent.get(`/api/export?format=${format}&to=2026-03-01&to=2026-01-01`);
      expect(toTwice.json).toEqual({ code: 'invalid-range', message: 'The last day (to) can be given only once' });
    }
    // A range alone does not stand in for the format, and no range is needed without a session to be refused.
    const noFormat = await agent.get('/api/export?from=2026-01-01');
    expect(noFormat.json).toEqual({ code: 'invalid-format', message: 'Give a format: json, markdown or zip' });
    expect((await h.agent().get('/api/export?format=json&from=2026-01-01&to=2026-12-31')).status).toBe(401);
  });

  it('refuses without a session, and refuses a format it does not know with a clear 400', async () => {
    expect((await h.agent().get('/api/export?format=json')).status).toBe(401);
    const { agent } = await signUpAndVerify(h);
    for (const query of ['', '?format=xml', '?format=JSON', `?format=${'x'.repeat(1000)}`]) {
      const res = await agent.get(`/api/export${query}`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-format', message: 'Give a format: json, markdown or zip' });
    }
  });
});
