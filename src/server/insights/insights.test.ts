import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/entry-schemas';
import type { Insights, MonthLookBack } from '../../shared/insights';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { pickDays } from './service';

/**
 * A journal whose figures are known. The writer writes from Tokyo (UTC+9) on 29 and 30 December 2025, then from Los
 * Angeles (UTC-8) on 31 December, 1 and 2 January 2026: a run of five days across New Year and a change of time
 * zone. On 3 January, with past days on, they fill in four entries of June 2025, one of them from a device that
 * sends no offset.
 */
const TODAY = '2026-01-03';

interface Written {
  at: string;
  day: string;
  utcOffset?: number;
  mood?: number;
  gratitude: string;
  celebration?: string;
  past?: boolean;
}

const JOURNAL: Written[] = [
  { at: '2025-12-29T10:00:00Z', day: '2025-12-29', utcOffset: 540, mood: 4, gratitude: 'Café with Anna', celebration: 'Two words' },
  { at: '2025-12-30T10:00:00Z', day: '2025-12-30', utcOffset: 540, mood: 5, gratitude: 'Café au lait and the café owner' },
  { at: '2025-12-31T20:00:00Z', day: '2025-12-31', utcOffset: -480, mood: 3, gratitude: 'спасибо семья' },
  { at: '2026-01-01T20:00:00Z', day: '2026-01-01', utcOffset: -480, mood: 4, gratitude: 'Family and спасибо' },
  { at: '2026-01-02T20:00:00Z', day: '2026-01-02', utcOffset: -480, gratitude: 'The sea' },
  { at: '2026-01-03T12:00:00Z', day: '2025-06-10', utcOffset: 0, gratitude: 'Sea breeze and Anna', past: true },
  { at: '2026-01-03T12:01:00Z', day: '2025-06-10', utcOffset: 0, gratitude: 'A quiet sea', past: true },
  { at: '2026-01-03T12:02:00Z', day: '2025-06-11', utcOffset: 0, mood: 2, gratitude: 'семья and sea', past: true },
  { at: '2026-01-03T12:03:00Z', day: '2025-06-13', mood: 1, gratitude: 'Anna’s garden', past: true },
];

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe.each(DATABASE_KINDS)('insights on %s', (kind) => {
  let h: Harness;
  let writer: Agent;
  let writerId: string;
  let other: Agent;
  let otherId: string;
  const ids: string[] = [];

  async function write(agent: Agent, entry: Written) {
    h.clock.set(entry.at);
    const localDate = entry.past ? TODAY : entry.day;
    const res = await agent.post('/api/entries', {
      content: { gratitude: entry.gratitude, celebration: entry.celebration ?? '', manifestation: '', mood: entry.mood },
      localDate,
      ...(entry.utcOffset === undefined ? {} : { utcOffset: entry.utcOffset }),
      ...(entry.past ? { day: entry.day } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return (res.json as unknown as JournalEntry).id;
  }

  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set('2025-12-29T09:00:00Z');
    ({ agent: writer, userId: writerId } = await signUpAndVerify(h));
    ({ agent: other, userId: otherId } = await signUpAndVerify(h));
    for (const entry of JOURNAL) {
      if (entry.past && ids.length === 5) {
        h.clock.set(entry.at);
        expect((await writer.patch('/api/profile', { preferences: { writePastDays: true } })).status).toBe(200);
      }
      ids.push(await write(writer, entry));
    }
    // Someone else writes every day of the same weeks, other words, other moods: none of it may show.
    for (let day = 20; day <= 31; day += 1) {
      await write(other, {
        at: `2025-12-${day}T12:00:00Z`,
        day: `2025-12-${day}`,
        utcOffset: 0,
        mood: 1,
        gratitude: 'zebra zebra sea sea',
        celebration: 'many many more words here',
      });
    }
    h.clock.set(`${TODAY}T12:30:00Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  async function insights(agent: Agent, query = ''): Promise<Insights> {
    const res = await agent.get(`/api/insights${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as Insights;
  }

  it('counts the streaks across New Year and a change of time zone, and backfilled days for their own day', async () => {
    const figures = await insights(writer, `?today=${TODAY}`);
    expect(figures.today).toBe(TODAY);
    expect(figures.streaks).toEqual({
      current: 5,
      longest: { days: 5, first: '2025-12-29', last: '2026-01-02' },
      longestInYear: { days: 2, first: '2026-01-01', last: '2026-01-02' },
      streakYear: 2026,
    });
    expect(figures.entries).toBe(9);
    expect(figures.daysWritten).toBe(8);
    expect(figures.firstEntry).toEqual({ day: '2025-06-10', id: ids[5] });

    const lastYear = await insights(writer, `?year=2025&today=${TODAY}`);
    expect(lastYear.year).toBe(2025);
    expect(lastYear.entries).toBe(7);
    expect(lastYear.streaks.longestInYear).toEqual({ days: 3, first: '2025-12-29', last: '2025-12-31' });
    expect(lastYear.streaks.longest).toEqual(figures.streaks.longest);
    expect(lastYear.months.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, n) => `2025-${String(n + 1).padStart(2, '0')}`),
    );
    expect(lastYear.months.filter((month) => month.entries > 0)).toEqual([
      { month: '2025-06', entries: 4 },
      { month: '2025-12', entries: 3 },
    ]);
  });

  it('counts entries per month for the last twelve months, per weekday, and per hour on the writer’s clock', async () => {
    const figures = await insights(writer);
    expect(figures.months).toHaveLength(12);
    expect(figures.months[0]?.month).toBe('2025-02');
    expect(figures.months.at(-1)).toEqual({ month: '2026-01', entries: 2 });
    expect(figures.months.find((month) => month.month === '2025-06')?.entries).toBe(4);
    expect(figures.months.find((month) => month.month === '2025-12')?.entries).toBe(3);

    const weekdays = [0, 0, 0, 0, 0, 0, 0];
    for (const entry of JOURNAL) weekdays[weekday(entry.day)] = (weekdays[weekday(entry.day)] ?? 0) + 1;
    expect(figures.weekdays).toEqual(weekdays);

    // Tokyo at 10:00 UTC is 19:00; Los Angeles at 20:00 UTC is 12:00; the filled-in days were written at 12:00 UTC.
    const hours = Array.from({ length: 24 }, () => 0);
    hours[19] = 2;
    hours[12] = 6;
    expect(figures.hours).toEqual(hours);
    expect(figures.timeUnknown).toBe(1);
  });

  it('averages moods per month and tells days after a written day from days after an empty one', async () => {
    const { mood } = await insights(writer);
    expect(mood.overall).toEqual({ average: 3.17, entries: 6 });
    // 30 Dec (5), 31 Dec (3), 1 Jan (4) and 11 June (2) follow a written day; 29 Dec (4) and 13 June (1) do not.
    expect(mood.afterWrittenDay).toEqual({ average: 3.5, entries: 4 });
    expect(mood.afterEmptyDay).toEqual({ average: 2.5, entries: 2 });
    expect(mood.months.find((month) => month.month === '2025-12')).toEqual({ month: '2025-12', average: 4, entries: 3 });
    expect(mood.months.find((month) => month.month === '2025-06')).toEqual({ month: '2025-06', average: 1.5, entries: 2 });
    expect(mood.months.find((month) => month.month === '2026-01')).toEqual({ month: '2026-01', average: 4, entries: 1 });
    expect(mood.months.find((month) => month.month === '2025-09')).toEqual({ month: '2025-09', average: null, entries: 0 });
  });

  it('lists the gratitude answers’ most frequent words, accents folded, any script, stop words left out', async () => {
    const figures = await insights(writer);
    expect(figures.words.slice(0, 5)).toEqual([
      { word: 'sea', entries: 4 },
      { word: 'anna', entries: 3 },
      { word: 'cafe', entries: 2 },
      { word: 'семья', entries: 2 },
      { word: 'спасибо', entries: 2 },
    ]);
    const words = figures.words.map((word) => word.word);
    for (const left of ['and', 'the', 'a', 'with', 'au', 's', 'two']) expect(words).not.toContain(left);
    expect(words).toEqual(expect.arrayContaining(['lait', 'owner', 'family', 'breeze', 'quiet', 'garden']));
    expect(words).not.toContain('zebra');
    // Every word of the four answers: 30 in the gratitudes, 2 in a celebration.
    expect(figures.wordsWritten).toBe(32);

    const lastYear = await insights(writer, '?year=2025');
    expect(lastYear.words.slice(0, 4)).toEqual([
      { word: 'anna', entries: 3 },
      { word: 'sea', entries: 3 },
      { word: 'cafe', entries: 2 },
      { word: 'семья', entries: 2 },
    ]);
    expect(lastYear.wordsWritten).toBe(32 - 3 - 2);
  });

  it('never counts another person’s entries, and gives them their own figures only', async () => {
    const theirs = await insights(other);
    expect(theirs.entries).toBe(12);
    expect(theirs.words.map((word) => word.word)).toEqual(['sea', 'zebra']);
    expect(theirs.mood.overall).toEqual({ average: 1, entries: 12 });
    expect(theirs.firstEntry?.day).toBe('2025-12-20');
    expect(theirs.streaks.current).toBe(0);
    expect(theirs.streaks.longest).toEqual({ days: 12, first: '2025-12-20', last: '2025-12-31' });
    // Naming the writer in any way is refused; the answer never becomes theirs.
    for (const query of [`?userId=${writerId}`, `?user=${writerId}`, `?uid=${writerId}`, `?year=2025&owner=${writerId}`]) {
      const res = await other.get(`/api/insights${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ code: 'invalid-parameter' });
    }
    const month = await other.get(`/api/insights/month?today=${TODAY}&userId=${writerId}`);
    expect(month.status).toBe(400);
    expect(otherId).not.toBe(writerId);
  });

  it('refuses a year, a today or a range that is not one with a 400 that names it, and answers nobody signed out', async () => {
    const refusals: [string, string][] = [
      ['?year=abc', 'invalid-year'],
      ['?year=-1', 'invalid-year'],
      ['?year=1899', 'invalid-year'],
      ['?year=2028', 'invalid-year'],
      ['?year=10000', 'invalid-year'],
      ['?year=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%95', 'invalid-year'],
      ['?year=2025&year=2026', 'invalid-year'],
      [`?year=${'9'.repeat(5000)}`, 'invalid-year'],
      ['?year=', 'invalid-year'],
      ['?today=2026-02-30', 'invalid-date'],
      ['?today=2020-01-03', 'invalid-date'],
      ['?today=yesterday', 'invalid-date'],
      ['?from=0001-01-01&to=9999-12-31', 'invalid-parameter'],
      ['?years=10000', 'invalid-parameter'],
    ];
    for (const [query, code] of refusals) {
      const res = await writer.get(`/api/insights${query}`);
      expect(res.status, `${query.slice(0, 40)}: ${res.text}`).toBe(400);
      expect(res.json, query.slice(0, 40)).toMatchObject({ code });
      expect(String(res.json.message)).toMatch(/year|today|date|Only/);
    }
    const empty = await insights(writer, '?year=1900');
    expect(empty.entries).toBe(0);
    expect(empty.streaks.longestInYear).toBeNull();
    expect((await h.agent().get('/api/insights')).status).toBe(401);
    expect((await h.agent().get('/api/insights/month')).status).toBe(401);
    expect((await h.agent().post('/api/insights/month/dismiss', { month: '2025-12' })).status).toBe(401);
  });

  it('shows the figures of a change on the next visit', async () => {
    const before = await insights(writer);
    h.clock.set(`${TODAY}T13:00:00Z`);
    await write(writer, { at: `${TODAY}T13:00:00Z`, day: TODAY, utcOffset: 0, mood: 5, gratitude: 'Sea again' });
    const after = await insights(writer);
    expect(after.entries).toBe(before.entries + 1);
    expect(after.streaks.current).toBe(6);
    expect(after.words[0]).toEqual({ word: 'sea', entries: 5 });
    const [last] = (await writer.get(`/api/entries?day=${TODAY}`)).json.entries as JournalEntry[];
    expect((await writer.delete(`/api/entries/${last?.id}`)).status).toBe(200);
    expect(await insights(writer)).toEqual(before);
  });

  it('offers last month’s look back on the first days of a month, until it is dismissed', async () => {
    const res = await writer.get(`/api/insights/month?today=${TODAY}`);
    expect(res.status, res.text).toBe(200);
    const lookBack = res.json.lookBack as MonthLookBack;
    expect(lookBack).toMatchObject({
      month: '2025-12',
      entries: 3,
      daysWritten: 3,
      longestStreak: { days: 3, first: '2025-12-29', last: '2025-12-31' },
      mood: { average: 4, entries: 3 },
    });
    expect(lookBack.words).toEqual([
      { word: 'cafe', entries: 2 },
      { word: 'anna', entries: 1 },
      { word: 'lait', entries: 1 },
      { word: 'owner', entries: 1 },
      { word: 'семья', entries: 1 },
    ]);
    expect(lookBack.picks.map((entry) => entry.localDate)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31']);
    expect(lookBack.picks.every((entry) => entry.userId === writerId)).toBe(true);

    h.clock.set('2026-01-08T12:00:00Z');
    expect((await writer.get('/api/insights/month?today=2026-01-08')).json).toEqual({ lookBack: null });
    h.clock.set(`${TODAY}T12:30:00Z`);

    // The other person's own December, then a dismissal of the writer's, which leaves theirs offered.
    const theirs = (await other.get(`/api/insights/month?today=${TODAY}`)).json.lookBack as MonthLookBack;
    expect(theirs.entries).toBe(12);
    expect(new Set(theirs.picks.map((entry) => entry.userId))).toEqual(new Set([otherId]));

    for (const body of [{ month: '2025-13' }, { month: 'December' }, {}, [], JSON.stringify('x'.repeat(1000))]) {
      const refused = await writer.post('/api/insights/month/dismiss', body);
      expect(refused.status, JSON.stringify(body).slice(0, 20)).toBe(400);
      expect(refused.json).toMatchObject({ code: 'invalid-month' });
    }
    const named = await writer.post('/api/insights/month/dismiss', { month: '2025-12', userId: otherId });
    expect(named.json).toMatchObject({ code: 'invalid-parameter' });
    expect((await writer.post('/api/insights/month/dismiss', { month: '2025-12' })).status).toBe(204);
    expect((await writer.get(`/api/insights/month?today=${TODAY}`)).json).toEqual({ lookBack: null });
    expect((await other.get(`/api/insights/month?today=${TODAY}`)).json.lookBack).toMatchObject({ month: '2025-12' });
  });

  it('answers an empty journal with zeros and nulls', async () => {
    const { agent } = await signUpAndVerify(h);
    const figures = await insights(agent);
    expect(figures).toMatchObject({
      entries: 0,
      daysWritten: 0,
      streaks: { current: 0, longest: null, longestInYear: null },
      words: [],
      wordsWritten: 0,
      firstEntry: null,
      mood: { overall: null, afterWrittenDay: null, afterEmptyDay: null },
    });
    expect((await agent.get(`/api/insights/month?today=${TODAY}`)).json).toEqual({ lookBack: null });
  });
});

describe.each(DATABASE_KINDS)('the words of Insights, kept by every write, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  async function words(agent: Agent, query = '') {
    const res = await agent.get(`/api/insights${query}`);
    expect(res.status, res.text).toBe(200);
    const { words: listed, wordsWritten } = res.json as unknown as Insights;
    return { words: listed.map(({ word, entries }) => `${word} ${entries}`), wordsWritten };
  }

  async function write(agent: Agent, gratitude: string, celebration = '') {
    const res = await agent.post('/api/entries', { content: { gratitude, celebration, manifestation: '' }, localDate: TODAY, utcOffset: 0 });
    expect(res.status, res.text).toBe(201);
    return (res.json as unknown as JournalEntry).id;
  }

  /** A Day One export whose entries' texts go on the gratitude prompt. */
  const dayOne = (entries: { day: string; text: string }[]) =>
    new TextEncoder().encode(
      JSON.stringify({
        metadata: { version: '1.0' },
        entries: entries.map(({ day, text }, n) => ({
          uuid: `E${String(n).padStart(31, '0')}`,
          creationDate: `${day}T12:00:00Z`,
          timeZone: 'Europe/London',
          text: `# I am grateful for...\n${text}`,
        })),
      }),
    );

  it('follows edits, deletes and imports, and never counts another person’s entries', async () => {
    const { agent: writer, userId } = await signUpAndVerify(h);
    const { agent: other } = await signUpAndVerify(h);
    // Someone else writes the same words and more, before and between every change: none of it may show.
    for (let n = 0; n < 3; n += 1) await write(other, 'Lighthouse lighthouse harbour', 'many more words');

    const id = await write(writer, 'The lighthouse and tea', 'A long walk');
    expect(await words(writer)).toEqual({ words: ['lighthouse 1', 'tea 1'], wordsWritten: 7 });

    // An edit counts the old words out and the new ones in.
    h.clock.set(`${TODAY}T13:00:00Z`);
    const edited = await writer.put(`/api/entries/${id}`, { content: { gratitude: 'Harbour and Tea, tea', celebration: '', manifestation: '' }, localDate: TODAY });
    expect(edited.status, edited.text).toBe(200);
    expect(await words(writer)).toEqual({ words: ['harbour 1', 'tea 1'], wordsWritten: 4 });
    await write(other, 'tea harbour');

    // An import counts its entries' words in, for the whole journal and for their own year and month.
    const imported = await writer.request('POST', '/api/import?format=dayone', dayOne([
      { day: '2025-06-10', text: 'Harbour swim, café' },
      { day: '2025-06-11', text: 'The harbour at dawn' },
      { day: '2024-02-01', text: 'Café' },
    ]), { 'content-type': 'application/octet-stream' });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: 3 });
    expect(await words(writer)).toEqual({ words: ['harbour 3', 'cafe 2', 'dawn 1', 'swim 1', 'tea 1'], wordsWritten: 4 + 3 + 4 + 1 });
    expect(await words(writer, '?year=2025')).toEqual({ words: ['harbour 2', 'cafe 1', 'dawn 1', 'swim 1'], wordsWritten: 7 });
    expect(await words(writer, '?year=2024')).toEqual({ words: ['cafe 1'], wordsWritten: 1 });
    h.clock.set('2025-07-02T12:00:00Z');
    const june = (await writer.get('/api/insights/month?today=2025-07-02')).json.lookBack as MonthLookBack;
    expect(june.words).toEqual([
      { word: 'harbour', entries: 2 },
      { word: 'cafe', entries: 1 },
      { word: 'dawn', entries: 1 },
      { word: 'swim', entries: 1 },
    ]);
    h.clock.set(`${TODAY}T13:30:00Z`);

    // A delete counts its words out; the words no entry holds any more are gone.
    expect((await writer.delete(`/api/entries/${id}`)).status).toBe(200);
    expect(await words(writer)).toEqual({ words: ['cafe 2', 'harbour 2', 'dawn 1', 'swim 1'], wordsWritten: 8 });
    expect(await words(writer, '?year=2026')).toEqual({ words: [], wordsWritten: 0 });

    // The other person's figures are theirs alone, through all of it.
    expect(await words(other)).toEqual({ words: ['harbour 4', 'lighthouse 3', 'tea 1'], wordsWritten: 3 * 6 + 2 });

    // With every entry deleted, no count of the writer's is left behind.
    const { entries } = JSON.parse((await writer.get('/api/export?format=json')).text) as { entries: JournalEntry[] };
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect((await writer.delete(`/api/entries/${entry.id}`)).status).toBe(200);
    }
    expect(await words(writer)).toEqual({ words: [], wordsWritten: 0 });
    const { db } = h.database;
    expect(await db.selectFrom('journal_word').select('word').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('journal_word_total').select('words').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('counts the words of the last of several edits made at once, and only those', async () => {
    const { agent: writer } = await signUpAndVerify(h);
    const id = await write(writer, 'Alpha');
    const texts = ['Beta', 'Gamma', 'Delta', 'Epsilon'];
    const answers = await Promise.all(
      texts.map((gratitude) => writer.put(`/api/entries/${id}`, { content: { gratitude, celebration: '', manifestation: '' }, localDate: TODAY })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const [stored] = (await writer.get(`/api/entries?day=${TODAY}`)).json.entries as JournalEntry[];
    expect(await words(writer)).toEqual({ words: [`${stored?.gratitude.toLowerCase()} 1`], wordsWritten: 1 });
  });
});

describe.each(DATABASE_KINDS)('the moods and hours of Insights, kept by every write, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  /** The writer's hours (hour: entries, only those written at), time unknown, and moods. */
  async function facts(agent: Agent, query = '') {
    const res = await agent.get(`/api/insights${query}`);
    expect(res.status, res.text).toBe(200);
    const { hours, timeUnknown, mood } = res.json as unknown as Insights;
    return {
      hours: Object.fromEntries(hours.flatMap((entries, hour) => (entries > 0 ? [[hour, entries]] : []))),
      timeUnknown,
      overall: mood.overall,
      months: mood.months.filter((month) => month.entries > 0),
      afterWrittenDay: mood.afterWrittenDay,
      afterEmptyDay: mood.afterEmptyDay,
    };
  }

  async function write(agent: Agent, mood: number | undefined, utcOffset = 0) {
    const res = await agent.post('/api/entries', {
      content: { gratitude: 'Tea', celebration: '', manifestation: '', mood },
      localDate: TODAY,
      utcOffset,
    });
    expect(res.status, res.text).toBe(201);
    return (res.json as unknown as JournalEntry).id;
  }

  const edit = (agent: Agent, id: string, mood?: number | null) =>
    agent.put(`/api/entries/${id}`, {
      content: { gratitude: 'Tea again', celebration: '', manifestation: '', ...(mood === undefined ? {} : { mood }) },
      localDate: TODAY,
    });

  /** Our own JSON export with the given entries, each written at noon UTC of its day. */
  const ours = (entries: { day: string; mood?: number; utcOffset?: number; timeUnknown?: boolean }[]) =>
    new TextEncoder().encode(
      JSON.stringify({
        format: 'gratitude-journal',
        version: 1,
        entries: entries.map(({ day, ...more }, n) => ({
          id: `imported-${n}`,
          date: `${day}T12:00:00.000Z`,
          localDate: day,
          updatedAt: `${day}T12:00:00.000Z`,
          gratitude: 'Sea',
          celebration: '',
          manifestation: '',
          memory: '',
          ...more,
        })),
      }),
    );

  it('follows an edit of the mood, an import and a delete, and never counts another person’s entries', async () => {
    const { agent: writer, userId } = await signUpAndVerify(h);
    const { agent: other } = await signUpAndVerify(h);
    // Someone else writes the same day, other moods, other hours: none of it may show.
    await write(other, 1, 300);
    await write(other, 1, -600);

    const id = await write(writer, 4, 60);
    expect(await facts(writer)).toEqual({
      hours: { 13: 1 },
      timeUnknown: 0,
      overall: { average: 4, entries: 1 },
      months: [{ month: '2026-01', average: 4, entries: 1 }],
      afterWrittenDay: null,
      afterEmptyDay: { average: 4, entries: 1 },
    });

    // An edit that changes the mood moves the averages; one that leaves it out keeps it; null takes it out.
    h.clock.set(`${TODAY}T13:00:00Z`);
    expect((await edit(writer, id, 2)).status).toBe(200);
    expect((await facts(writer)).overall).toEqual({ average: 2, entries: 1 });
    expect((await edit(writer, id)).status).toBe(200);
    expect((await facts(writer)).overall).toEqual({ average: 2, entries: 1 });
    expect((await edit(writer, id, null)).status).toBe(200);
    expect(await facts(writer)).toMatchObject({ hours: { 13: 1 }, overall: null, months: [], afterEmptyDay: null });
    expect((await edit(writer, id, 5)).status).toBe(200);
    expect((await facts(writer)).overall).toEqual({ average: 5, entries: 1 });
    // Written at 13:00 UTC, 14:00 on the writer's clock.
    const second = await write(writer, 3, 60);

    // An import counts its entries' moods and hours in, for the whole journal and for their own year.
    const imported = await writer.request('POST', '/api/import?format=ours', ours([
      { day: '2026-01-02', mood: 1, utcOffset: 120 },
      { day: '2026-01-01', mood: 2, timeUnknown: true },
      { day: '2025-06-10', mood: 5, utcOffset: -300 },
      { day: '2025-06-11', utcOffset: -300 },
    ]), { 'content-type': 'application/octet-stream' });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: 4 });
    expect(await facts(writer)).toEqual({
      hours: { 7: 2, 13: 1, 14: 2 },
      timeUnknown: 1,
      // 5 and 3 of today, 1 of 2 January, 2 of 1 January, 5 of 10 June.
      overall: { average: 3.2, entries: 5 },
      months: [
        { month: '2025-06', average: 5, entries: 1 },
        { month: '2026-01', average: 2.75, entries: 4 },
      ],
      // Today's two and 2 January's follow written days; 1 January and 10 June follow empty ones.
      afterWrittenDay: { average: 3, entries: 3 },
      afterEmptyDay: { average: 3.5, entries: 2 },
    });
    expect(await facts(writer, '?year=2025')).toMatchObject({ hours: { 7: 2 }, timeUnknown: 0, overall: { average: 5, entries: 1 } });
    h.clock.set('2025-07-02T12:00:00Z');
    const june = (await writer.get('/api/insights/month?today=2025-07-02')).json.lookBack as MonthLookBack;
    expect(june.mood).toEqual({ average: 5, entries: 1 });
    h.clock.set(`${TODAY}T13:30:00Z`);

    // A delete counts its mood and hour out.
    expect((await writer.delete(`/api/entries/${id}`)).status).toBe(200);
    expect(await facts(writer, '?year=2026')).toEqual({
      hours: { 14: 2 },
      timeUnknown: 1,
      overall: { average: 2, entries: 3 },
      months: [{ month: '2026-01', average: 2, entries: 3 }],
      afterWrittenDay: { average: 2, entries: 2 },
      afterEmptyDay: { average: 2, entries: 1 },
    });
    expect((await writer.delete(`/api/entries/${second}`)).status).toBe(200);
    expect((await facts(writer, '?year=2026')).hours).toEqual({ 14: 1 });

    // The other person's figures are theirs alone, through all of it.
    expect(await facts(other)).toMatchObject({ hours: { 2: 1, 17: 1 }, overall: { average: 1, entries: 2 } });

    // With every entry deleted, no count of the writer's is left behind.
    const { entries } = JSON.parse((await writer.get('/api/export?format=json')).text) as { entries: JournalEntry[] };
    for (const entry of entries) expect((await writer.delete(`/api/entries/${entry.id}`)).status).toBe(200);
    const { db } = h.database;
    expect(await db.selectFrom('journal_hour').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('journal_day').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });
});

describe('the days a monthly look back picks', () => {
  const june = (day: number) => 20_604 + day;
  it('takes three days from different weeks when the month has them', () => {
    const every = Array.from({ length: 30 }, (_, n) => june(n + 1));
    const picked = pickDays(every);
    expect(picked).toHaveLength(3);
    const weeks = new Set(picked.map((day) => Math.floor((day - june(1)) / 7)));
    expect(weeks.size).toBe(3);
  });

  it('takes every day of a month of three days or fewer, and different days of a month written in one week', () => {
    expect(pickDays([june(3), june(9)])).toEqual([june(3), june(9)]);
    const oneWeek = [1, 2, 3, 4, 5].map(june);
    const picked = pickDays(oneWeek);
    expect(new Set(picked).size).toBe(3);
  });
});
