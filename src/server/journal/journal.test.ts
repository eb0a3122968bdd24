import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEntryId } from '../../shared/entry-id';
import type { EntryPage, JournalEntry, Stats } from '../../shared/entry-schemas';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const text = { gratitude: 'My family', celebration: 'A long walk', manifestation: 'A calm week' };

describe.each(DATABASE_KINDS)('journal entries over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  /** Moves the server clock to noon UTC of a day and writes an entry dated that local day. */
  async function writeOn(agent: Agent, day: string, content: Partial<typeof text> & { memory?: string } = {}) {
    h.clock.set(`${day}T12:00:00.000Z`);
    const res = await agent.post('/api/entries', { content: { ...text, ...content }, localDate: day });
    expect(res.status).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function stats(agent: Agent, today: string): Promise<Stats> {
    h.clock.set(`${today}T12:00:00.000Z`);
    const res = await agent.get(`/api/stats?today=${today}`);
    expect(res.status).toBe(200);
    return res.json as unknown as Stats;
  }

  describe('create', () => {
    it('stores an entry for the signed-in user with the date and the local day', async () => {
      const { agent, userId } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-15');
      expect(entry).toMatchObject({ ...text, memory: '', userId, localDate: '2026-03-15', date: '2026-03-15T12:00:00.000Z' });
      const day = await agent.get('/api/entries?day=2026-03-15');
      expect((day.json as unknown as EntryPage).entries).toEqual([entry]);
    });

    it('keeps the writer’s offset from UTC with the entry, and refuses one no clock shows', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const created = await agent.post('/api/entries', { content: text, localDate: '2026-03-15', utcOffset: 330 });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ utcOffset: 330 });
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries.map((entry) => entry.utcOffset)).toEqual([330]);
      // A client that does not send it stores an entry whose offset is not known.
      expect((await writeOn(agent, '2026-03-15')).utcOffset).toBeNull();
      for (const utcOffset of [15 * 60, -13 * 60, 1.5, '60', null]) {
        const refused = await agent.post('/api/entries', { content: text, localDate: '2026-03-15', utcOffset });
        expect(refused.status).toBe(400);
      }
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(2);
    });

    it('writes the memory only when the memory section is on', async () => {
      const { agent } = await signUpAndVerify(h);
      const off = await writeOn(agent, '2026-03-15', { memory: 'The sea' });
      expect(off.memory).toBe('');
      await agent.patch('/api/profile', { preferences: { showMemorySection: true } });
      const on = await writeOn(agent, '2026-03-15', { memory: 'The sea' });
      expect(on.memory).toBe('The sea');
    });

    it('refuses an entry whose only text is a memory the memory section does not keep', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const onlyMemory = { gratitude: '', celebration: ' ', manifestation: '', memory: 'The sea' };
      const created = await agent.post('/api/entries', { content: onlyMemory, localDate: '2026-03-15' });
      expect(created.status).toBe(400);
      expect(created.json).toEqual({ code: 'invalid-entry', message: "You haven't entered anything into your journal entry." });
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);

      // An edit that empties the three prompts is refused too, and the entry keeps its text.
      const entry = await writeOn(agent, '2026-03-15');
      const edited = await agent.put(`/api/entries/${entry.id}`, { content: onlyMemory, localDate: '2026-03-15' });
      expect(edited.status).toBe(400);
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries).toEqual([entry]);

      // With the section on, the memory is kept, so it alone makes an entry.
      await agent.patch('/api/profile', { preferences: { showMemorySection: true } });
      expect((await agent.post('/api/entries', { content: onlyMemory, localDate: '2026-03-15' })).status).toBe(201);
    });

    it('accepts an entry with only one field filled', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const res = await agent.post('/api/entries', {
        content: { gratitude: '', celebration: '', manifestation: 'Courage' },
        localDate: '2026-03-15',
      });
      expect(res.status).toBe(201);
    });

    it('stores HTML-looking text, SQL, emoji and right-to-left text exactly as written', async () => {
      const { agent } = await signUpAndVerify(h);
      const tricky = {
        gratitude: "<b>bold</b> & <i>'quotes'</i>; DROP TABLE journal_entry; --",
        celebration: '🎉 שלום עולם مرحبا 👩🏽‍🚀',
        manifestation: 'ü'.repeat(10_000),
      };
      const entry = await writeOn(agent, '2026-03-15', tricky);
      const [stored] = (
        (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage
      ).entries.filter((e) => e.id === entry.id);
      expect(stored).toMatchObject(tricky);
    });

    it('applies a retried create once: the id is an idempotency key', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const id = '3b241101-e2bb-4255-8caf-4136c566a962';
      const body = { id, content: text, localDate: '2026-03-15' };
      const first = await agent.post('/api/entries', body);
      const retry = await agent.post('/api/entries', body);
      expect(first.status).toBe(201);
      expect(retry.status).toBe(200);
      expect(retry.json).toEqual(first.json);
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries.filter((e) => e.id === id)).toHaveLength(1);
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(1);
    });

    it('reads an id in any letter case as the same id, and keeps it in lower case', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const id = newEntryId();
      const first = await agent.post('/api/entries', { id: id.toUpperCase(), content: text, localDate: '2026-03-15' });
      expect(first.status).toBe(201);
      expect(first.json.id).toBe(id);
      // A retry that spells the id in other letters finds the first attempt's entry.
      const retry = await agent.post('/api/entries', { id, content: text, localDate: '2026-03-15' });
      expect(retry.status).toBe(200);
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(1);

      h.clock.set('2026-03-15T12:00:00.000Z');
      const edited = await agent.put(`/api/entries/${id.toUpperCase()}`, {
        content: { ...text, gratitude: 'Edited' },
        localDate: '2026-03-15',
      });
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({ id, gratitude: 'Edited' });
      expect((await agent.delete(`/api/entries/${id.toUpperCase()}`)).status).toBe(200);
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);
    });

    it('gives entries time-ordered ids, and keeps an id the app made', async () => {
      const { agent } = await signUpAndVerify(h);
      // Made without an id, entries get UUID v7s that sort in the order they were written (the id index grows at
      // its end); the v4 of the test above and the app's own ids are kept as sent.
      const made: string[] = [];
      for (let i = 0; i < 3; i += 1) made.push((await writeOn(agent, '2026-03-15')).id);
      for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect([...made].sort()).toEqual(made);
      expect(new Set(made).size).toBe(3);

      const id = newEntryId();
      const res = await agent.post('/api/entries', { id, content: text, localDate: '2026-03-15' });
      expect(res.status).toBe(201);
      expect(res.json.id).toBe(id);
      expect(id > (made.at(-1) ?? '')).toBe(true);
    });

    it('accepts the days next to the server’s date, so a write queued offline late in the evening still lands', async () => {
      const { agent } = await signUpAndVerify(h);
      const post = (localDate: string) => agent.post('/api/entries', { content: text, localDate });
      h.clock.set('2026-03-15T23:10:00.000Z');
      expect((await post('2026-03-14')).status).toBe(201);
      expect((await post('2026-03-16')).status).toBe(201);
      expect((await post('2026-03-13')).json.code).toBe('invalid-date');
    });

    it('refuses a missing date, or one that is not text, as missing data (docs/product.md §5)', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const entry = await writeOn(agent, '2026-03-15');
      for (const localDate of [undefined, null, 20260315, ['2026-03-15'], { day: '2026-03-15' }]) {
        for (const res of [
          await agent.post('/api/entries', { content: text, localDate }),
          await agent.put(`/api/entries/${entry.id}`, { content: { ...text, gratitude: 'changed' }, localDate }),
        ]) {
          expect(res.status).toBe(400);
          expect(res.json).toEqual({ code: 'invalid-entry', message: 'Invalid entry data' });
        }
      }
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries.map((stored) => stored.gratitude)).toEqual([text.gratitude]);
    });

    it('refuses a date that is not a calendar day as a clock problem', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      for (const localDate of ['2026-02-30', '15/03/2026', '', '2026-3-15']) {
        const res = await agent.post('/api/entries', { content: text, localDate });
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('invalid-date');
      }
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);
    });

    it('refuses a date more than a day away from the server clock', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      const res = await agent.post('/api/entries', { content: text, localDate: '2026-03-17' });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid-date');
    });
  });

  describe('validation (docs/product.md §5)', () => {
    let agent: Agent;
    beforeAll(async () => {
      ({ agent } = await signUpAndVerify(h));
    });

    async function expectRefused(content: unknown, message: string) {
      h.clock.set('2026-03-15T12:00:00.000Z');
      const res = await agent.post('/api/entries', { content, localDate: '2026-03-15' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-entry', message });
    }

    it.each(['gratitude', 'celebration', 'manifestation'])('refuses a non-string %s', async (field) => {
      await expectRefused({ ...text, [field]: 42 }, `Invalid ${field} format`);
    });

    it('refuses a non-string memory', async () => {
      await expectRefused({ ...text, memory: ['a'] }, 'Invalid memory format');
    });

    it.each([
      ['gratitude', 'Gratitude'],
      ['celebration', 'Celebration'],
      ['manifestation', 'Manifestation'],
      ['memory', 'Memory'],
    ])('refuses a %s over 10000 characters', async (field, label) => {
      await expectRefused({ ...text, [field]: 'a'.repeat(10_001) }, `${label} exceeds maximum length of 10000 characters`);
    });

    it.each([
      '<script>alert(1)</script>',
      '<SCRIPT src=x>',
      'see JavaScript:alert(1)',
      'DATA:text/html;base64,xyz',
      '< script>',
    ])('refuses dangerous content %s', async (value) => {
      await expectRefused({ ...text, celebration: value }, 'Invalid content detected');
    });

    it.each(['gratitude', 'celebration', 'manifestation', 'memory'])('refuses a NUL character in %s', async (field) => {
      // SQLite would store it, PostgreSQL cannot: refused alike on both.
      await expectRefused({ ...text, [field]: 'before\u0000after' }, `Invalid ${field} format`);
    });

    it.each(['gratitude', 'celebration', 'manifestation', 'memory'])(
      'refuses half of a surrogate pair in %s, which no stored text could give back',
      async (field) => {
        await expectRefused({ ...text, [field]: 'a\ud800b' }, `Invalid ${field} format`);
        await expectRefused({ ...text, [field]: '\udfff' }, `Invalid ${field} format`);
      },
    );

    it('refuses missing data', async () => {
      await expectRefused(undefined, 'Invalid entry data');
      await expectRefused({ gratitude: 'only one' }, 'Invalid entry data');
      await expectRefused('a string', 'Invalid entry data');
    });

    it.each([[null], [[]], [42], ['"text"']])('refuses a body that is not an object (%j) as missing data', async (body) => {
      h.clock.set('2026-03-15T12:00:00.000Z');
      const res = await agent.request('POST', '/api/entries', body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-entry', message: 'Invalid entry data' });
    });

    it('refuses an entry that is blank after trimming', async () => {
      await expectRefused(
        { gratitude: '  ', celebration: '\n', manifestation: '\t', memory: ' ' },
        "You haven't entered anything into your journal entry.",
      );
    });

    it('counts invisible characters as blank', async () => {
      await expectRefused(
        { gratitude: '\u200b\u200b', celebration: '\u2060', manifestation: '\u00a0\ufeff', memory: '\u200d' },
        "You haven't entered anything into your journal entry.",
      );
    });

    it('stored nothing for any refused entry', async () => {
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);
    });
  });

  describe('owner-only access', () => {
    it('answers 404 to another user for read, edit and delete, and changes nothing', async () => {
      const owner = await signUpAndVerify(h);
      const other = await signUpAndVerify(h);
      const entry = await writeOn(owner.agent, '2026-03-15');

      const list = (await other.agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(list.entries).toEqual([]);
      const edit = await other.agent.put(`/api/entries/${entry.id}`, {
        content: { ...text, gratitude: 'hijacked' },
        localDate: '2026-03-15',
      });
      expect(edit.status).toBe(404);
      expect(edit.json).toEqual({ code: 'not-found', message: 'Entry not found' });
      expect((await other.agent.delete(`/api/entries/${entry.id}`)).status).toBe(404);
      const replay = await other.agent.post('/api/entries', { id: entry.id, content: text, localDate: '2026-03-15' });
      expect(replay.status).toBe(409);

      const mine = (await owner.agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(mine.entries).toEqual([entry]);
    });

    it('answers 404 to an id that is not a UUID, and changes nothing', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-15');
      for (const id of ['%00', 'not-an-id', "1'%20OR%20'1'%3D'1", 'x'.repeat(5000), `${entry.id}x`]) {
        const edit = await agent.put(`/api/entries/${id}`, { content: text, localDate: '2026-03-15' });
        expect(edit.status).toBe(404);
        expect(edit.json).toEqual({ code: 'not-found', message: 'Entry not found' });
        expect((await agent.delete(`/api/entries/${id}`)).status).toBe(404);
      }
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries).toEqual([entry]);
    });

    it('refuses everything without a session', async () => {
      const anonymous = h.agent();
      expect((await anonymous.get('/api/entries?day=2026-03-15')).status).toBe(401);
      expect((await anonymous.post('/api/entries', { content: text, localDate: '2026-03-15' })).status).toBe(401);
      expect((await anonymous.get('/api/stats?today=2026-03-15')).status).toBe(401);
    });
  });

  describe('edit and delete', () => {
    it('edits an entry written today', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-15');
      h.clock.set('2026-03-15T18:00:00.000Z');
      const res = await agent.put(`/api/entries/${entry.id}`, {
        content: { ...text, celebration: 'Finished the book' },
        localDate: '2026-03-15',
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: entry.id, celebration: 'Finished the book', date: entry.date });
    });

    it('refuses to edit an entry from another day and leaves it unchanged', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-15');
      h.clock.set('2026-03-16T12:00:00.000Z');
      const res = await agent.put(`/api/entries/${entry.id}`, {
        content: { ...text, gratitude: 'changed' },
        localDate: '2026-03-16',
      });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('edit-today-only');
      const day = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(day.entries[0]?.gratitude).toBe(text.gratitude);
    });

    it('validates an edit like a new entry', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-15');
      const res = await agent.put(`/api/entries/${entry.id}`, {
        content: { ...text, gratitude: '<script>x</script>' },
        localDate: '2026-03-15',
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Invalid content detected');
    });

    it('deletes an old entry and updates the stats', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-03-10');
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(1);
      const res = await agent.delete(`/api/entries/${entry.id}`);
      expect(res.status).toBe(200);
      expect(await stats(agent, '2026-03-15')).toEqual({
        monthlyCount: 0,
        streak: 0,
        yearlyCount: 0,
        totalEntries: 0,
        newestRun: null,
      });
      expect((await agent.delete(`/api/entries/${entry.id}`)).status).toBe(404);
    });
  });

  describe('listing', () => {
    it('lists a day newest first and a month in pages of 5 with a cursor', async () => {
      const { agent } = await signUpAndVerify(h);
      const written: JournalEntry[] = [];
      for (let day = 1; day <= 12; day += 1) {
        written.push(await writeOn(agent, `2026-04-${String(day).padStart(2, '0')}`));
      }
      await writeOn(agent, '2026-03-31');
      await writeOn(agent, '2026-05-01');

      const day = (await agent.get('/api/entries?day=2026-04-03')).json as unknown as EntryPage;
      expect(day.entries.map((e) => e.localDate)).toEqual(['2026-04-03']);
      expect(day.nextCursor).toBeNull();

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page = (await agent.get(`/api/entries?month=2026-04${query}`)).json as unknown as EntryPage;
        expect(page.entries.length).toBeLessThanOrEqual(5);
        seen.push(...page.entries.map((e) => e.localDate));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(written.map((e) => e.localDate).reverse());
    });

    it('shows every write on the next read of the day and the month', async () => {
      const { agent } = await signUpAndVerify(h);
      const read = async (query: string) => ((await agent.get(`/api/entries?${query}`)).json as unknown as EntryPage).entries;
      const first = await writeOn(agent, '2026-03-15');
      // Read twice, so that the second answer may come from the server's answer cache.
      await read('day=2026-03-15');
      expect(await read('day=2026-03-15')).toEqual([first]);
      expect(await read('month=2026-03')).toEqual([first]);

      h.clock.set('2026-03-15T13:00:00.000Z');
      const posted = await agent.post('/api/entries', { content: { ...text, gratitude: 'Later' }, localDate: '2026-03-15' });
      const second = posted.json as unknown as JournalEntry;
      expect((await read('day=2026-03-15')).map((e) => e.id)).toEqual([second.id, first.id]);
      expect((await read('month=2026-03')).map((e) => e.id)).toEqual([second.id, first.id]);

      const edit = await agent.put(`/api/entries/${first.id}`, {
        content: { ...text, gratitude: 'Edited' },
        localDate: '2026-03-15',
      });
      expect(edit.status).toBe(200);
      expect((await read('day=2026-03-15')).find((e) => e.id === first.id)?.gratitude).toBe('Edited');
      expect((await read('month=2026-03')).find((e) => e.id === first.id)?.gratitude).toBe('Edited');

      expect((await agent.delete(`/api/entries/${second.id}`)).status).toBe(200);
      expect((await read('day=2026-03-15')).map((e) => e.id)).toEqual([first.id]);
      expect((await read('month=2026-03')).map((e) => e.id)).toEqual([first.id]);
    });

    it('continues a day of more than 100 entries with its cursor', async () => {
      const { agent } = await signUpAndVerify(h);
      const ids = new Set<string>();
      for (let i = 0; i < 101; i += 1) ids.add((await writeOn(agent, '2026-03-15')).id);
      const first = (await agent.get('/api/entries?day=2026-03-15')).json as unknown as EntryPage;
      expect(first.entries).toHaveLength(100);
      expect(first.nextCursor).not.toBeNull();
      const second = (await agent.get(`/api/entries?day=2026-03-15&cursor=${first.nextCursor}`)).json as unknown as EntryPage;
      expect(second.entries).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.entries, ...second.entries].map((e) => e.id))).toEqual(ids);
    });

    it('refuses a malformed range or cursor with a 400, even next to a cached answer', async () => {
      const { agent } = await signUpAndVerify(h);
      const entry = await writeOn(agent, '2026-04-03');
      // Valid reads first, twice each, so their answers sit in the server's answer cache.
      for (let i = 0; i < 2; i += 1) {
        expect((await agent.get('/api/entries?month=2026-04')).status).toBe(200);
        expect((await agent.get('/api/entries?day=2026-04-03')).status).toBe(200);
      }
      // The same day written differently is the same day.
      const encoded = (await agent.get('/api/entries?day=2026%2D04-03&unknown=1')).json as unknown as EntryPage;
      expect(encoded.entries.map((e) => e.id)).toEqual([entry.id]);
      expect((await agent.get('/api/entries?month=2026-04&limit=0')).status).toBe(400);
      expect((await agent.get('/api/entries?month=2026-04&limit=101')).status).toBe(400);
      expect((await agent.get('/api/entries?day=2026-04-03x')).status).toBe(400);
      expect((await agent.get('/api/entries')).status).toBe(400);
      expect((await agent.get('/api/entries?day=2026-13-40')).status).toBe(400);
      expect((await agent.get('/api/entries?month=2026-4')).status).toBe(400);
      for (const limit of ['1e2', '0x10', '%20%205', '05', '-1', '']) {
        expect((await agent.get(`/api/entries?month=2026-04&limit=${limit}`)).status).toBe(400);
      }
      const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const value of [
        '%%%',
        cursor([2 ** 31, 'x', 'y']),
        cursor([-(2 ** 53) + 1, 'x', 'y']),
        cursor([20_000, 'a\u0000', 'y']),
        cursor([20_000, 'x', 'b\u0000']),
        cursor({ day: 1 }),
      ]) {
        const bad = await agent.get(`/api/entries?month=2026-04&cursor=${value}`);
        expect(bad.status).toBe(400);
        expect(bad.json.code).toBe('invalid-cursor');
      }
    });
  });

  describe('stats', () => {
    it('counts this month, this year and in total, across a year boundary', async () => {
      const { agent } = await signUpAndVerify(h);
      await writeOn(agent, '2025-12-30');
      await writeOn(agent, '2025-12-31');
      await writeOn(agent, '2026-01-01');
      await writeOn(agent, '2026-01-01');
      const run = { first: '2025-12-30', last: '2026-01-01' };
      expect(await stats(agent, '2026-01-01')).toEqual({ monthlyCount: 2, yearlyCount: 2, totalEntries: 4, streak: 3, newestRun: run });
      // A month later the run has lapsed: no streak, though the run is still the newest.
      expect(await stats(agent, '2026-02-01')).toEqual({ monthlyCount: 0, yearlyCount: 2, totalEntries: 4, streak: 0, newestRun: run });
    });

    it('counts a month boundary inside one year', async () => {
      const { agent } = await signUpAndVerify(h);
      await writeOn(agent, '2026-05-31');
      await writeOn(agent, '2026-06-01');
      expect(await stats(agent, '2026-06-01')).toMatchObject({ monthlyCount: 1, yearlyCount: 2, streak: 2 });
    });

    it('keeps a streak that ends yesterday and drops it the day after', async () => {
      const { agent } = await signUpAndVerify(h);
      for (const day of ['2026-07-01', '2026-07-02', '2026-07-03']) await writeOn(agent, day);
      expect((await stats(agent, '2026-07-04')).streak).toBe(3);
      expect((await stats(agent, '2026-07-05')).streak).toBe(0);
    });

    it('counts only the latest run of a broken streak', async () => {
      const { agent } = await signUpAndVerify(h);
      for (const day of ['2026-08-01', '2026-08-02', '2026-08-04', '2026-08-05']) await writeOn(agent, day);
      expect((await stats(agent, '2026-08-05')).streak).toBe(2);
    });

    it('keeps the streak and the counts right when days leave or join the run', async () => {
      const { agent } = await signUpAndVerify(h);
      const written = new Map<string, JournalEntry>();
      for (const day of ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05']) {
        written.set(day, await writeOn(agent, day));
      }
      const second = await writeOn(agent, '2026-07-05');
      expect(await stats(agent, '2026-07-05')).toEqual({
        monthlyCount: 6,
        yearlyCount: 6,
        totalEntries: 6,
        streak: 5,
        newestRun: { first: '2026-07-01', last: '2026-07-05' },
      });
      // One of two entries of a day goes: the day stays in the run.
      expect((await agent.delete(`/api/entries/${second.id}`)).status).toBe(200);
      expect((await stats(agent, '2026-07-05')).streak).toBe(5);
      // A day in the middle goes: the run is split and only its newest part counts.
      expect((await agent.delete(`/api/entries/${written.get('2026-07-03')?.id}`)).status).toBe(200);
      expect(await stats(agent, '2026-07-05')).toEqual({
        monthlyCount: 4,
        yearlyCount: 4,
        totalEntries: 4,
        streak: 2,
        newestRun: { first: '2026-07-04', last: '2026-07-05' },
      });
      // The newest day goes: the run ends yesterday.
      expect((await agent.delete(`/api/entries/${written.get('2026-07-05')?.id}`)).status).toBe(200);
      expect((await stats(agent, '2026-07-05')).streak).toBe(1);
      // A day written back into the gap (a writer whose calendar moved back) joins the runs again.
      await writeOn(agent, '2026-07-03');
      expect(await stats(agent, '2026-07-05')).toEqual({
        monthlyCount: 4,
        yearlyCount: 4,
        totalEntries: 4,
        streak: 4,
        newestRun: { first: '2026-07-01', last: '2026-07-04' },
      });
      // An entry dated after the reader's today does not count towards the streak that ends by today.
      const sixth = await writeOn(agent, '2026-07-06');
      expect(await stats(agent, '2026-07-05')).toMatchObject({ streak: 4, newestRun: { first: '2026-07-01', last: '2026-07-04' } });
      expect(await stats(agent, '2026-07-06')).toMatchObject({ streak: 1, newestRun: { first: '2026-07-06', last: '2026-07-06' } });
      // A run of one day goes: the run before it is the newest again, and it ended two days ago.
      expect((await agent.delete(`/api/entries/${sixth.id}`)).status).toBe(200);
      expect(await stats(agent, '2026-07-06')).toMatchObject({ streak: 0, newestRun: { first: '2026-07-01', last: '2026-07-04' } });
      // The first day of the run goes.
      expect((await agent.delete(`/api/entries/${written.get('2026-07-01')?.id}`)).status).toBe(200);
      expect(await stats(agent, '2026-07-05')).toEqual({
        monthlyCount: 3,
        yearlyCount: 3,
        totalEntries: 3,
        streak: 3,
        newestRun: { first: '2026-07-02', last: '2026-07-04' },
      });
    });

    it('uses the writer’s local calendar, far from the server’s time zone', async () => {
      const { agent } = await signUpAndVerify(h);
      // 10:30 UTC on 31 December is already 1 January in Kiribati (UTC+14).
      h.clock.set('2026-12-31T10:30:00.000Z');
      const res = await agent.post('/api/entries', { content: text, localDate: '2027-01-01' });
      expect(res.status).toBe(201);
      expect(res.json.localDate).toBe('2027-01-01');
      const res2 = await agent.get('/api/stats?today=2027-01-01');
      expect(res2.json).toEqual({ monthlyCount: 1, yearlyCount: 1, totalEntries: 1, streak: 1, newestRun: { first: '2027-01-01', last: '2027-01-01' } });
      // And 11:00 UTC on 1 January is still 31 December in Baker Island (UTC-12).
      h.clock.set('2027-01-01T11:00:00.000Z');
      const west = await agent.get('/api/stats?today=2026-12-31');
      // Its today is before the entry's day: no run up to it yet.
      expect(west.json).toMatchObject({ monthlyCount: 0, yearlyCount: 0, totalEntries: 1, streak: 0, newestRun: null });
    });

    it('refuses a missing or far-off today', async () => {
      const { agent } = await signUpAndVerify(h);
      h.clock.set('2026-03-15T12:00:00.000Z');
      expect((await agent.get('/api/stats')).status).toBe(400);
      expect((await agent.get('/api/stats?today=2026-01-01')).status).toBe(400);
    });
  });
});
