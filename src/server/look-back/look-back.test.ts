import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKeyToNumber } from '../../shared/dates';
import { newEntryId } from '../../shared/entry-id';
import type { JournalEntry } from '../../shared/entry-schemas';
import { type JarPick, type LookBack, lookBackTargets, monthsBefore, yearsBefore } from '../../shared/look-back';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { EXPORT_FORMAT_NAME, EXPORT_VERSION } from '../journal/export';
import { gratitudesQuery } from './repository';

describe('the dates looked back on (docs/product.md §15)', () => {
  it('takes one month back to the same day, or to the last day of a shorter month', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2026-03-29', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-05-31', 1)).toBe('2026-04-30');
    expect(monthsBefore('2026-03-15', 1)).toBe('2026-02-15');
    expect(monthsBefore('2026-01-31', 1)).toBe('2025-12-31');
  });

  it('keeps a leap day: February 28 in other years, and February 29 shown on February 28 when this year has none', () => {
    expect(yearsBefore('2026-03-31', 1)).toEqual(['2025-03-31']);
    expect(yearsBefore('2028-02-29', 1)).toEqual(['2027-02-28']);
    expect(yearsBefore('2028-02-29', 4)).toEqual(['2024-02-29']);
    expect(yearsBefore('2027-02-28', 3)).toEqual(['2024-02-29', '2024-02-28']);
    expect(yearsBefore('2027-02-28', 1)).toEqual(['2026-02-28']);
    // A leap year's own February 28 is only February 28.
    expect(yearsBefore('2028-02-28', 4)).toEqual(['2024-02-28']);
  });

  it('looks at every year back to the oldest entry, and at nothing in an empty journal', () => {
    const targets = lookBackTargets('2026-03-31', '2009-06-01');
    expect(targets[0]).toEqual({ kind: 'month', ago: 1, days: ['2026-02-28'] });
    const years = targets.filter((target) => target.kind === 'year');
    // 2010-03-31 is the oldest date on or after the first day: 16 years ago.
    expect(years.map((target) => target.ago)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(years.at(-1)?.days).toEqual(['2010-03-31']);
    expect(lookBackTargets('2026-03-31', null)).toEqual([]);
    expect(lookBackTargets('2026-03-31', '2026-03-31')).toEqual([]);
    // A journal begun three weeks ago has no month-ago date yet.
    expect(lookBackTargets('2026-03-31', '2026-03-10')).toEqual([]);
  });
});

interface Written {
  day: string;
  gratitude?: string;
  celebration?: string;
  manifestation?: string;
  memory?: string;
}

describe.each(DATABASE_KINDS)('looking back over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  const at = (today: string) => h.clock.set(`${today}T12:00:00.000Z`);

  /** Brings entries of any earlier days into the journal, as a restored export does. */
  async function importEntries(agent: Agent, entries: Written[]): Promise<void> {
    const file = {
      format: EXPORT_FORMAT_NAME,
      version: EXPORT_VERSION,
      entries: entries.map((entry, index) => ({
        id: newEntryId(),
        date: `${entry.day}T09:00:${String(index % 60).padStart(2, '0')}.000Z`,
        localDate: entry.day,
        utcOffset: 0,
        gratitude: entry.gratitude ?? `Grateful on ${entry.day}`,
        celebration: entry.celebration ?? '',
        manifestation: entry.manifestation ?? '',
        memory: entry.memory ?? '',
        updatedAt: `${entry.day}T09:00:00.000Z`,
      })),
    };
    const res = await agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(JSON.stringify(file)), {
      'content-type': 'application/octet-stream',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.imported).toBe(entries.length);
  }

  async function lookBack(agent: Agent, today: string): Promise<LookBack> {
    const res = await agent.get(`/api/look-back?today=${today}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return res.json as unknown as LookBack;
  }

  async function jar(agent: Agent, today: string, not?: string): Promise<JarPick> {
    const res = await agent.get(`/api/jar?today=${today}${not ? `&not=${not}` : ''}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as JarPick;
  }

  const summary = (answer: LookBack) =>
    answer.groups.map((group) => ({
      kind: group.kind,
      ago: group.ago,
      days: group.days,
      gratitudes: group.entries.map((entry) => entry.gratitude),
    }));

  describe('On this day', () => {
    it('groups what was written one month, one year and every earlier year ago, back to the oldest entry', async () => {
      const { agent, userId } = await signUpAndVerify(h);
      at('2026-03-31');
      await importEntries(agent, [
        { day: '2009-11-02', gratitude: 'The oldest page' },
        { day: '2010-03-31', gratitude: 'Sixteen years back', memory: 'Snow in spring' },
        { day: '2023-03-31', gratitude: 'Three years back', celebration: 'A new job' },
        { day: '2025-03-30', gratitude: 'The day before, a year ago' },
        { day: '2025-03-31', gratitude: 'One year back' },
        { day: '2025-03-31', gratitude: 'One year back, in the evening' },
        { day: '2026-02-28', gratitude: 'One month back' },
        { day: '2026-03-01', gratitude: 'Not a date looked at' },
      ]);
      const answer = await lookBack(agent, '2026-03-31');
      expect(answer.today).toBe('2026-03-31');
      expect(answer.firstDay).toBe('2009-11-02');
      expect(summary(answer)).toEqual([
        { kind: 'month', ago: 1, days: ['2026-02-28'], gratitudes: ['One month back'] },
        { kind: 'year', ago: 1, days: ['2025-03-31'], gratitudes: ['One year back, in the evening', 'One year back'] },
        { kind: 'year', ago: 3, days: ['2023-03-31'], gratitudes: ['Three years back'] },
        { kind: 'year', ago: 16, days: ['2010-03-31'], gratitudes: ['Sixteen years back'] },
      ]);
      // The whole entry comes with it, as the day's list gives it.
      const sixteen = answer.groups.at(-1)?.entries[0];
      expect(sixteen).toMatchObject({ userId, localDate: '2010-03-31', memory: 'Snow in spring' });
      const day = await agent.get('/api/entries?day=2010-03-31');
      expect((day.json as unknown as { entries: JournalEntry[] }).entries).toEqual([sixteen]);
    });

    it('keeps leap days: February 29 looks at February 28 of other years, and February 28 at a leap year’s 29th', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2028-02-29');
      await importEntries(agent, [
        { day: '2024-02-28', gratitude: 'Leap year, the 28th' },
        { day: '2024-02-29', gratitude: 'A leap day' },
        { day: '2027-01-29', gratitude: 'A month and a month ago' },
        { day: '2027-02-28', gratitude: 'A year before a leap day' },
        { day: '2028-01-29', gratitude: 'A month before a leap day' },
      ]);
      expect(summary(await lookBack(agent, '2028-02-29'))).toEqual([
        { kind: 'month', ago: 1, days: ['2028-01-29'], gratitudes: ['A month before a leap day'] },
        { kind: 'year', ago: 1, days: ['2027-02-28'], gratitudes: ['A year before a leap day'] },
        { kind: 'year', ago: 4, days: ['2024-02-29'], gratitudes: ['A leap day'] },
      ]);
      // A year without a leap day: on its February 28 the leap day comes back with the 28th of its year.
      const { agent: later } = await signUpAndVerify(h);
      at('2027-02-28');
      await importEntries(later, [
        { day: '2024-02-28', gratitude: 'Leap year, the 28th' },
        { day: '2024-02-29', gratitude: 'A leap day' },
        { day: '2027-01-28', gratitude: 'A month ago' },
      ]);
      expect(summary(await lookBack(later, '2027-02-28'))).toEqual([
        { kind: 'month', ago: 1, days: ['2027-01-28'], gratitudes: ['A month ago'] },
        { kind: 'year', ago: 3, days: ['2024-02-29', '2024-02-28'], gratitudes: ['A leap day', 'Leap year, the 28th'] },
      ]);
    });

    it('answers an empty look-back for a new journal and for one that holds only today', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      expect(await lookBack(agent, '2026-03-31')).toEqual({
        today: '2026-03-31',
        firstDay: null,
        groups: [],
        jar: { entry: null, single: true },
      });
      const created = await agent.post('/api/entries', {
        content: { gratitude: 'Today only', celebration: '', manifestation: '' },
        localDate: '2026-03-31',
      });
      expect(created.status).toBe(201);
      expect(await lookBack(agent, '2026-03-31')).toEqual({
        today: '2026-03-31',
        firstDay: '2026-03-31',
        groups: [],
        jar: { entry: null, single: true },
      });
    });

    it('shows the next read after a delete or an import, though repeated reads are kept in the answer cache', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      await importEntries(agent, [{ day: '2025-03-31', gratitude: 'One year back' }]);
      const first = await lookBack(agent, '2026-03-31');
      expect(summary(first).map((group) => group.ago)).toEqual([1]);
      expect(await lookBack(agent, '2026-03-31')).toEqual(first);
      await importEntries(agent, [{ day: '2021-03-31', gratitude: 'Five years back' }]);
      expect(summary(await lookBack(agent, '2026-03-31')).map((group) => group.ago)).toEqual([1, 5]);
      const shown = first.groups[0]?.entries[0];
      expect((await agent.delete(`/api/entries/${shown?.id}`)).status).toBe(200);
      const after = await lookBack(agent, '2026-03-31');
      expect(summary(after).map((group) => group.ago)).toEqual([5]);
      expect(after.jar.entry?.gratitude).toBe('Five years back');
    });
  });

  describe('today’s day list with looking back (?day=&lookBack=1)', () => {
    it('carries today’s entries and today’s look-back in one answer, and shows every write on the next read', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      await importEntries(agent, [{ day: '2025-03-31', gratitude: 'One year back' }]);
      const created = await agent.post('/api/entries', {
        content: { gratitude: 'Today', celebration: '', manifestation: '' },
        localDate: '2026-03-31',
      });
      expect(created.status).toBe(201);
      const res = await agent.get('/api/entries?day=2026-03-31&lookBack=1');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const plain = (await agent.get('/api/entries?day=2026-03-31')).json;
      expect(plain).not.toHaveProperty('lookBack');
      expect(res.json).toEqual({ ...plain, lookBack: await lookBack(agent, '2026-03-31') });
      expect(summary(res.json.lookBack as LookBack).map((group) => group.ago)).toEqual([1]);
      // Kept, and read again after a change.
      expect((await agent.get('/api/entries?day=2026-03-31&lookBack=1')).text).toBe(res.text);
      const shown = (res.json.lookBack as LookBack).groups[0]?.entries[0];
      expect((await agent.delete(`/api/entries/${shown?.id}`)).status).toBe(200);
      const after = (await agent.get('/api/entries?day=2026-03-31&lookBack=1')).json;
      expect(after.lookBack).toMatchObject({ groups: [], jar: { entry: null } });
      expect(after.entries).toEqual(plain.entries);
    });

    it('refuses lookBack anywhere but on a day’s list, with a 400 that says why, and leaves it out far from today', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      const message = "lookBack=1 goes with today's day list only: day=YYYY-MM-DD, and nothing else";
      for (const query of [
        'day=2026-03-31&lookBack=2',
        'day=2026-03-31&lookBack=',
        'day=2026-03-31&lookBack=1&lookBack=1',
        'month=2026-03&lookBack=1',
        'lookBack=1',
        'day=2026-03-31&day=2026-03-30&lookBack=1',
        'day=2026-03-31&lookBack=1&cursor=abc',
        'day=2026-03-31&lookBack=1&limit=5',
        'day=2026-02-30&lookBack=1',
        `day=${'2'.repeat(3000)}&lookBack=1`,
      ]) {
        const res = await agent.get(`/api/entries?${query}`);
        expect(res.status, query.slice(0, 60)).toBe(400);
        expect(res.json).toEqual({ code: 'invalid-range', message });
      }
      // A day far from the server's date (a device whose clock is wrong) still gets its list, without looking back.
      await importEntries(agent, [{ day: '2024-03-31', gratitude: 'Two years back' }]);
      const farOff = await agent.get('/api/entries?day=2025-03-31&lookBack=1');
      expect(farOff.status).toBe(200);
      expect(farOff.json).toEqual((await agent.get('/api/entries?day=2025-03-31')).json);
      expect(farOff.json).not.toHaveProperty('lookBack');
      expect((await h.agent().get('/api/entries?day=2026-03-31&lookBack=1')).status).toBe(401);
    });
  });

  describe('owner-only access', () => {
    it('never shows another user’s entries, in On this day or in the jar', async () => {
      const owner = await signUpAndVerify(h);
      const other = await signUpAndVerify(h);
      at('2026-03-31');
      await importEntries(owner.agent, [{ day: '2025-03-31', gratitude: 'Mine' }]);
      await importEntries(other.agent, [
        { day: '2025-03-31', gratitude: 'Theirs, a year ago' },
        { day: '2026-02-28', gratitude: 'Theirs, a month ago' },
        ...Array.from({ length: 20 }, (_, i) => ({ day: `2024-01-${String(i + 1).padStart(2, '0')}`, gratitude: 'Theirs' })),
      ]);
      const mine = await lookBack(owner.agent, '2026-03-31');
      expect(summary(mine)).toEqual([{ kind: 'year', ago: 1, days: ['2025-03-31'], gratitudes: ['Mine'] }]);
      expect(mine.jar).toMatchObject({ entry: { gratitude: 'Mine', userId: owner.userId }, single: true });
      for (let i = 0; i < 20; i += 1) {
        const pick = await jar(owner.agent, '2026-03-31');
        expect(pick.entry).toMatchObject({ gratitude: 'Mine', userId: owner.userId });
      }
      // Naming the other user's entry as the one to leave out changes nothing, and shows nothing of theirs.
      const theirs = (await lookBack(other.agent, '2026-03-31')).groups[0]?.entries[0];
      expect(theirs?.userId).toBe(other.userId);
      expect((await jar(owner.agent, '2026-03-31', theirs?.id)).entry?.gratitude).toBe('Mine');
      // The other user's session sees only theirs.
      const seen = await lookBack(other.agent, '2026-03-31');
      expect(seen.groups.flatMap((group) => group.entries).every((entry) => entry.userId === other.userId)).toBe(true);
      expect(seen.jar.entry?.userId).toBe(other.userId);
    });

    it('refuses both calls without a session', async () => {
      at('2026-03-31');
      const anonymous = h.agent();
      expect((await anonymous.get('/api/look-back?today=2026-03-31')).status).toBe(401);
      expect((await anonymous.get('/api/jar?today=2026-03-31')).status).toBe(401);
    });
  });

  describe('junk parameters', () => {
    it('refuses a missing, malformed, impossible, repeated or far-off today, and unknown parameters, with a 400 that says why', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      const cases: [string, string, string][] = [
        ['', 'invalid-date', "Give today's date as YYYY-MM-DD (today=)"],
        ['?today=', 'invalid-date', "Today's date must be a calendar day written as YYYY-MM-DD"],
        ['?today=2026-3-31', 'invalid-date', "Today's date must be a calendar day written as YYYY-MM-DD"],
        ['?today=2026-02-30', 'invalid-date', "Today's date must be a calendar day written as YYYY-MM-DD"],
        ['?today=31.03.2026', 'invalid-date', "Today's date must be a calendar day written as YYYY-MM-DD"],
        [`?today=${'9'.repeat(5000)}`, 'invalid-date', "Today's date must be a calendar day written as YYYY-MM-DD"],
        ['?today=2026-03-31&today=2026-03-30', 'invalid-date', "Give today's date only once"],
        [
          '?today=2020-03-31',
          'invalid-date',
          'Your device date does not match the server clock. Check your date settings.',
        ],
        ['?today=2026-03-31&user=someone', 'invalid-parameter', 'Only today= (and, for the jar, not=) can be given'],
      ];
      for (const path of ['/api/look-back', '/api/jar']) {
        for (const [query, code, message] of cases) {
          const res = await agent.get(`${path}${query}`);
          expect(res.status, `${path}${query.slice(0, 60)}`).toBe(400);
          expect(res.json).toEqual({ code, message });
        }
      }
      expect((await agent.get('/api/look-back?today=2026-03-31&not=0191b0a4-1f6a-7b4c-9d3e-2a1b3c4d5e6f')).status).toBe(400);
      for (const not of ['junk', "1' or '1'='1", '0191b0a4-1f6a-7b4c-9d3e-2a1b3c4d5e6f&not=0191b0a4-1f6a-7b4c-9d3e-2a1b3c4d5e60']) {
        const res = await agent.get(`/api/jar?today=2026-03-31&not=${not}`);
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code: 'invalid-id', message: 'The entry to leave out (not=) must be an entry id, given once' });
      }
      // The days next to the server's are the writer's today somewhere on Earth.
      expect((await agent.get('/api/look-back?today=2026-04-01')).status).toBe(200);
      expect((await agent.get('/api/jar?today=2026-03-30')).status).toBe(200);
    });
  });

  describe('the gratitude jar', () => {
    it('over many picks shows only the owner’s earlier gratitudes: never today’s, never an empty one, each one in time', async () => {
      const owner = await signUpAndVerify(h);
      const other = await signUpAndVerify(h);
      at('2026-03-31');
      const earlier: Written[] = [];
      for (let i = 0; i < 24; i += 1) {
        // Across three years, two a month, some days with two entries.
        const year = 2023 + Math.floor(i / 12);
        const month = String((i % 12) + 1).padStart(2, '0');
        earlier.push({ day: `${year}-${month}-0${1 + (i % 3)}`, gratitude: `Gratitude ${i}` });
        if (i % 4 === 0) earlier.push({ day: `${year}-${month}-0${1 + (i % 3)}`, gratitude: `Gratitude ${i}b` });
      }
      earlier.push({ day: '2026-03-30', gratitude: 'Yesterday' });
      const empty: Written[] = [
        { day: '2024-06-15', gratitude: '', celebration: 'No gratitude here' },
        { day: '2024-06-16', gratitude: '   ', celebration: 'Only spaces' },
        { day: '2024-06-17', gratitude: '\u200b', memory: 'Only an invisible space' },
        { day: '2026-03-29', gratitude: '', memory: 'Day One text' },
      ];
      await importEntries(owner.agent, [...earlier, ...empty]);
      const today = await owner.agent.post('/api/entries', {
        content: { gratitude: 'Today', celebration: '', manifestation: '' },
        localDate: '2026-03-31',
      });
      expect(today.status).toBe(201);
      await importEntries(other.agent, [{ day: '2025-05-05', gratitude: 'Someone else' }]);

      const allowed = new Set(earlier.map((entry) => entry.gratitude));
      const seen = new Map<string, number>();
      let shown: string | undefined;
      for (let i = 0; i < 400; i += 1) {
        const pick = await jar(owner.agent, '2026-03-31', shown);
        expect(pick.single).toBe(false);
        const entry = pick.entry;
        expect(entry?.userId).toBe(owner.userId);
        expect(allowed.has(entry?.gratitude ?? '')).toBe(true);
        expect((entry?.localDate ?? '') < '2026-03-31').toBe(true);
        // "Another" never brings back the one on screen.
        expect(entry?.id).not.toBe(shown);
        shown = entry?.id;
        seen.set(entry?.gratitude ?? '', (seen.get(entry?.gratitude ?? '') ?? 0) + 1);
      }
      // Random, not the same few: with 31 gratitudes, 400 picks show nearly all of them.
      expect(seen.size).toBeGreaterThanOrEqual(25);
      expect(Math.max(...seen.values())).toBeLessThan(80);
      // Today's look-back opens the jar on one of them too, the same one all day.
      const opened = await lookBack(owner.agent, '2026-03-31');
      expect(allowed.has(opened.jar.entry?.gratitude ?? '')).toBe(true);
      expect(opened.jar.single).toBe(false);
    });

    it('shows the only gratitude there is, says so, and alternates between two', async () => {
      const { agent } = await signUpAndVerify(h);
      at('2026-03-31');
      await importEntries(agent, [
        { day: '2025-07-01', gratitude: 'The only one' },
        { day: '2025-08-01', gratitude: '', celebration: 'No gratitude' },
      ]);
      const only = await jar(agent, '2026-03-31');
      expect(only).toMatchObject({ entry: { gratitude: 'The only one' }, single: true });
      expect(await jar(agent, '2026-03-31', only.entry?.id)).toEqual(only);
      await importEntries(agent, [{ day: '2024-02-29', gratitude: 'The second one' }]);
      let shown = only.entry?.id;
      const order: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const pick = await jar(agent, '2026-03-31', shown);
        expect(pick.single).toBe(false);
        order.push(pick.entry?.gratitude ?? '');
        shown = pick.entry?.id;
      }
      expect(order).toEqual(['The second one', 'The only one', 'The second one', 'The only one', 'The second one', 'The only one']);
    });

    it('finds a gratitude past thousands of entries without one, and reads it by the partial index', async () => {
      const { agent, userId } = await signUpAndVerify(h);
      at('2026-03-31');
      // An imported journal whose text all went to the memory, but for one entry.
      const days: Written[] = [];
      for (let n = 0; n < 2000; n += 1) {
        const day = new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
        days.push({ day, gratitude: '', memory: `Day ${n}` });
      }
      days.push({ day: '2018-12-31', gratitude: 'The one gratitude' });
      await importEntries(agent, days);
      for (let i = 0; i < 10; i += 1) {
        expect((await jar(agent, '2026-03-31')).entry?.gratitude).toBe('The one gratitude');
      }
      if (kind !== 'sqlite') return;
      const query = gratitudesQuery(h.database.db, userId, { after: { localDay: dayKeyToNumber('2019-01-01'), id: '' } }, 20_000, 16).compile();
      const plan = await h.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const detail = plan.rows.map((row) => row.detail).join(' ');
      expect(detail).toContain('journal_entry_gratitude_idx');
    });
  });
});
