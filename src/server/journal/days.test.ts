import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayCounts } from '../../shared/day-counts';
import type { EntryPage, JournalEntry, Stats } from '../../shared/entry-schemas';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';

describe.each(DATABASE_KINDS)('the days with entries (GET /api/days) on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  /** Writes an entry on the day, with the server's clock on that day, and puts the clock back. */
  async function writeOn(agent: Agent, day: string, gratitude = 'A warm cup of tea'): Promise<JournalEntry> {
    h.clock.set(`${day}T12:00:00.000Z`);
    const res = await agent.post('/api/entries', {
      content: { gratitude, celebration: '', manifestation: '' },
      localDate: day,
    });
    h.clock.set(`${TODAY}T12:00:00.000Z`);
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function days(agent: Agent, query: string): Promise<DayCounts> {
    const res = await agent.get(`/api/days?${query}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return res.json as unknown as DayCounts;
  }

  /** A file of our own JSON export holding one short entry on each of the days. */
  function exportFile(dayKeys: string[]): Uint8Array {
    const entries = dayKeys.map((localDate, index) => ({
      id: randomUUID(),
      date: `${localDate}T0${index % 10}:15:00.000Z`,
      localDate,
      utcOffset: 0,
      gratitude: `Imported day ${index}`,
      celebration: '',
      manifestation: '',
      memory: '',
      updatedAt: `${localDate}T0${index % 10}:15:00.000Z`,
    }));
    return new TextEncoder().encode(JSON.stringify({ format: 'gratitude-journal', version: 1, entries }));
  }

  it('counts each day’s entries right after creates and deletes, for the year and for the month', async () => {
    const { agent } = await signUpAndVerify(h);
    expect(await days(agent, 'year=2026')).toEqual({ from: '2026-01-01', to: '2026-12-31', days: {}, moods: {}, photos: {} });

    const first = await writeOn(agent, '2026-03-14');
    const second = await writeOn(agent, '2026-03-14');
    await writeOn(agent, TODAY);
    expect(await days(agent, 'year=2026')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      days: { '2026-03-14': 2, '2026-03-15': 1 },
      moods: {},
      photos: {},
    });
    expect(await days(agent, 'month=2026-03')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      days: { '2026-03-14': 2, '2026-03-15': 1 },
      moods: {},
      photos: {},
    });
    expect(await days(agent, 'month=2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28', days: {}, moods: {}, photos: {} });

    expect((await agent.delete(`/api/entries/${first.id}`)).status).toBe(200);
    expect((await days(agent, 'year=2026')).days).toEqual({ '2026-03-14': 1, '2026-03-15': 1 });
    expect((await agent.delete(`/api/entries/${second.id}`)).status).toBe(200);
    // A day whose last entry is gone is no longer a day with entries.
    expect((await days(agent, 'year=2026')).days).toEqual({ '2026-03-15': 1 });
    expect((await days(agent, 'month=2026-03')).days).toEqual({ '2026-03-15': 1 });
  });

  it('counts imported days, past years and a leap day included, as the stats do', async () => {
    const { agent } = await signUpAndVerify(h);
    await writeOn(agent, TODAY);
    const file = exportFile(['2024-02-29', '2025-12-31', '2026-01-01', '2026-01-01', '2026-03-02']);
    const imported = await agent.request('POST', '/api/import?format=ours', file, {
      'content-type': 'application/octet-stream',
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: 5 });

    const year = await days(agent, 'year=2026');
    expect(year.days).toEqual({ '2026-01-01': 2, '2026-03-02': 1, '2026-03-15': 1 });
    expect((await days(agent, 'year=2025')).days).toEqual({ '2025-12-31': 1 });
    expect(await days(agent, 'month=2024-02')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
      days: { '2024-02-29': 1 },
      moods: {},
      photos: {},
    });
    const stats = (await agent.get(`/api/stats?today=${TODAY}`)).json as unknown as Stats;
    const sum = (counts: DayCounts) => Object.values(counts.days).reduce((total, count) => total + count, 0);
    expect(sum(year)).toBe(stats.yearlyCount);
    expect(sum(await days(agent, 'month=2026-03'))).toBe(stats.monthlyCount);
  });

  it('shows each user only their own days, also when the other’s answer is kept', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    await writeOn(ada.agent, '2026-03-10');
    await writeOn(bob.agent, '2026-03-11', "Bob's private words");
    await writeOn(bob.agent, '2026-03-11');
    // Each reads twice: the second answer comes from the answer cache, which is kept per user.
    for (let read = 0; read < 2; read += 1) {
      expect((await days(ada.agent, 'year=2026')).days).toEqual({ '2026-03-10': 1 });
      expect((await days(bob.agent, 'year=2026')).days).toEqual({ '2026-03-11': 2 });
      expect((await days(ada.agent, 'month=2026-03')).days).toEqual({ '2026-03-10': 1 });
      expect((await days(bob.agent, 'month=2026-03')).days).toEqual({ '2026-03-11': 2 });
    }
  });

  it('answers another session of the same user with the same days, each write seen on the next read', async () => {
    const { agent, email, password } = await signUpAndVerify(h);
    const phone = h.agent();
    expect((await phone.post('/api/auth/sign-in', { email, password })).status).toBe(200);
    await writeOn(agent, '2026-03-01');
    expect((await days(phone, 'year=2026')).days).toEqual({ '2026-03-01': 1 });
    await writeOn(phone, '2026-03-01');
    expect((await days(agent, 'year=2026')).days).toEqual({ '2026-03-01': 2 });
    expect((await days(phone, 'year=2026')).days).toEqual({ '2026-03-01': 2 });

    // Signed out, the session reads nothing; the other one still does.
    expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
    expect((await agent.get('/api/days?year=2026')).status).toBe(401);
    expect((await days(phone, 'month=2026-03')).days).toEqual({ '2026-03-01': 1 + 1 });
    expect((await h.agent().get('/api/days?year=2026')).status).toBe(401);
  });

  it('keeps its answers apart from the month list’s in the answer cache', async () => {
    const { agent } = await signUpAndVerify(h);
    await writeOn(agent, '2026-03-05');
    const list = (await agent.get('/api/entries?month=2026-03')).json as unknown as EntryPage;
    expect(list.entries).toHaveLength(1);
    expect((await days(agent, 'month=2026-03')).days).toEqual({ '2026-03-05': 1 });
    expect(((await agent.get('/api/entries?month=2026-03')).json as unknown as EntryPage).entries).toHaveLength(1);
  });

  describe('refusals', () => {
    let agent: Agent;
    beforeAll(async () => {
      ({ agent } = await signUpAndVerify(h));
    });

    it.each([
      ['', 'Give a year (YYYY) or a month (YYYY-MM)'],
      ['year=2026&month=2026-03', 'Give a year (YYYY) or a month (YYYY-MM)'],
      ['year=2026&limit=5', 'Give a year (YYYY) or a month (YYYY-MM)'],
      ['day=2026-03-15', 'Give a year (YYYY) or a month (YYYY-MM)'],
      ['year=2026&year=2025', 'Give the year only once'],
      ['month=2026-03&month=2026-03', 'Give the month only once'],
      ['year=', 'The year must be written as four digits, YYYY'],
      ['year=abcd', 'The year must be written as four digits, YYYY'],
      ['year=26', 'The year must be written as four digits, YYYY'],
      ['year=+2026', 'The year must be written as four digits, YYYY'],
      ['year=2026.0', 'The year must be written as four digits, YYYY'],
      ['year=%202026', 'The year must be written as four digits, YYYY'],
      ['year=1e3', 'The year must be written as four digits, YYYY'],
      ['year=0x7EA', 'The year must be written as four digits, YYYY'],
      ['year=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96', 'The year must be written as four digits, YYYY'],
      [`year=${'9'.repeat(5000)}`, 'The year must be written as four digits, YYYY'],
      ['year=2026-03', 'The year must be written as four digits, YYYY'],
      ['month=2026-13', 'The month must be written as YYYY-MM'],
      ['month=2026-3', 'The month must be written as YYYY-MM'],
      ['month=2026-03-01', 'The month must be written as YYYY-MM'],
      ['month=%00', 'The month must be written as YYYY-MM'],
      ['year=1899', 'Give a year from 1900 to 2027'],
      ['year=0000', 'Give a year from 1900 to 2027'],
      ['year=2028', 'Give a year from 1900 to 2027'],
      ['year=9999', 'Give a year from 1900 to 2027'],
      ['month=1899-12', 'Give a year from 1900 to 2027'],
      ['month=2028-01', 'Give a year from 1900 to 2027'],
    ])('refuses ?%s with a 400 that says what to give', async (query, message) => {
      const res = await agent.get(`/api/days?${query}`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-range', message });
    });
  });

  it('answers the first and the last year it takes', async () => {
    const { agent } = await signUpAndVerify(h);
    expect(await days(agent, 'year=1900')).toEqual({ from: '1900-01-01', to: '1900-12-31', days: {}, moods: {}, photos: {} });
    // The server's next year: a writer east of UTC is there first.
    expect(await days(agent, 'year=2027')).toEqual({ from: '2027-01-01', to: '2027-12-31', days: {}, moods: {}, photos: {} });
    expect(await days(agent, 'month=1900-01')).toEqual({ from: '1900-01-01', to: '1900-01-31', days: {}, moods: {}, photos: {} });
  });
});
