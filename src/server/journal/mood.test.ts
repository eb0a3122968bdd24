import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayCounts } from '../../shared/day-counts';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import { MOOD_MESSAGE } from '../../shared/mood';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';

describe.each(DATABASE_KINDS)('an entry’s mood on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  function create(agent: Agent, mood?: unknown, gratitude = 'A warm cup of tea') {
    return agent.post('/api/entries', {
      content: { gratitude, celebration: '', manifestation: '', ...(mood === undefined ? {} : { mood }) },
      localDate: TODAY,
    });
  }

  function edit(agent: Agent, id: string, mood?: unknown, gratitude = 'A warm cup of tea, edited') {
    return agent.put(`/api/entries/${id}`, {
      content: { gratitude, celebration: '', manifestation: '', ...(mood === undefined ? {} : { mood }) },
      localDate: TODAY,
    });
  }

  async function todays(agent: Agent): Promise<JournalEntry[]> {
    return ((await agent.get(`/api/entries?day=${TODAY}`)).json as unknown as EntryPage).entries;
  }

  it('keeps each of the five moods, and none when none is chosen or null is sent', async () => {
    const { agent } = await signUpAndVerify(h);
    for (const mood of [1, 2, 3, 4, 5]) {
      const res = await create(agent, mood, `Day felt ${mood}`);
      expect(res.status, res.text).toBe(201);
      expect((res.json as unknown as JournalEntry).mood).toBe(mood);
    }
    const none = await create(agent, undefined, 'No mood');
    expect(none.status).toBe(201);
    expect(none.json).not.toHaveProperty('mood');
    const cleared = await create(agent, null, 'Null mood');
    expect(cleared.status).toBe(201);
    expect(cleared.json).not.toHaveProperty('mood');

    const listed = await todays(agent);
    expect(Object.fromEntries(listed.map((entry) => [entry.gratitude, entry.mood]))).toEqual({
      'Day felt 1': 1,
      'Day felt 2': 2,
      'Day felt 3': 3,
      'Day felt 4': 4,
      'Day felt 5': 5,
      'No mood': undefined,
      'Null mood': undefined,
    });
  });

  it('refuses any other mood with a 400 naming mood, and stores nothing', async () => {
    const { agent } = await signUpAndVerify(h);
    const hostile: unknown[] = [0, 6, -1, 'great', '5', 2.5, true, {}, [3], 'x'.repeat(10_000), 1e308];
    for (const mood of hostile) {
      const res = await create(agent, mood);
      expect(res.status, `${JSON.stringify(mood).slice(0, 20)}: ${res.text}`).toBe(400);
      expect(res.json).toMatchObject({ message: MOOD_MESSAGE });
    }
    expect(await todays(agent)).toEqual([]);

    const stored = (await create(agent, 4)).json as unknown as JournalEntry;
    for (const mood of hostile) {
      const res = await edit(agent, stored.id, mood);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: MOOD_MESSAGE });
    }
    expect(await todays(agent)).toEqual([stored]);
  });

  it('lets an edit change the mood, clear it with null, and keep it when left out', async () => {
    const { agent } = await signUpAndVerify(h);
    const { id } = (await create(agent, 2)).json as unknown as JournalEntry;
    expect((await edit(agent, id, 5)).json).toMatchObject({ mood: 5 });
    // A client that knows nothing of moods leaves it out: the entry keeps its mood.
    const kept = await edit(agent, id, undefined, 'Edited without a mood');
    expect(kept.json).toMatchObject({ mood: 5, gratitude: 'Edited without a mood' });
    const cleared = await edit(agent, id, null);
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('mood');
    expect((await todays(agent))[0]).not.toHaveProperty('mood');
  });

  it('never lets another user set or read the mood of an entry that is not theirs', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    const adas = (await create(ada.agent, 1, 'Ada’s own day')).json as unknown as JournalEntry;
    const res = await edit(bob.agent, adas.id, 5);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Ada’s own day');
    expect(await todays(ada.agent)).toEqual([adas]);
    const bobsDays = (await bob.agent.get('/api/days?month=2026-03')).json as unknown as DayCounts;
    expect(bobsDays.moods).toEqual({});
  });

  it('gives each day of the calendars the mood of its newest entry with one, and follows edits', async () => {
    const { agent } = await signUpAndVerify(h);
    h.clock.set('2026-03-14T09:00:00.000Z');
    await agent.post('/api/entries', {
      content: { gratitude: 'Yesterday', celebration: '', manifestation: '', mood: 2 },
      localDate: '2026-03-14',
    });
    h.clock.set(`${TODAY}T09:00:00.000Z`);
    const morning = (await create(agent, 3, 'Morning')).json as unknown as JournalEntry;
    h.clock.set(`${TODAY}T10:00:00.000Z`);
    await create(agent, 5, 'Later');
    h.clock.set(`${TODAY}T11:00:00.000Z`);
    await create(agent, undefined, 'Latest, no mood');
    h.clock.set(`${TODAY}T12:00:00.000Z`);

    const year = (await agent.get('/api/days?year=2026')).json as unknown as DayCounts;
    expect(year.moods).toEqual({ '2026-03-14': 2, [TODAY]: 5 });
    expect(year.days).toEqual({ '2026-03-14': 1, [TODAY]: 3 });
    const month = (await agent.get('/api/days?month=2026-03')).json as unknown as DayCounts;
    expect(month.moods).toEqual({ '2026-03-14': 2, [TODAY]: 5 });

    // The kept answer is not served after an edit.
    await edit(agent, morning.id, 1);
    const later = (await todays(agent)).find((entry) => entry.gratitude === 'Later');
    await edit(agent, later?.id ?? '', null, 'Later');
    expect(((await agent.get('/api/days?year=2026')).json as unknown as DayCounts).moods).toEqual({
      '2026-03-14': 2,
      [TODAY]: 1,
    });
  });

  it('keeps every mood through an export and its import, and imports an export without moods', async () => {
    const ada = await signUpAndVerify(h);
    await create(ada.agent, 1, 'Rough one');
    await create(ada.agent, 5, 'Great one');
    await create(ada.agent, undefined, 'No mood one');
    const exported = await ada.agent.get('/api/export?format=json');
    expect(exported.status).toBe(200);
    const file = JSON.parse(exported.text) as { entries: Record<string, unknown>[] };
    expect(file.entries.map((entry) => entry.mood)).toEqual([1, 5, undefined]);

    const upload = (agent: Agent, body: string) =>
      agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(body), {
        'content-type': 'application/octet-stream',
      });
    const bob = await signUpAndVerify(h);
    const imported = await upload(bob.agent, exported.text);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: 3 });
    const moods = Object.fromEntries((await todays(bob.agent)).map((entry) => [entry.gratitude, entry.mood]));
    expect(moods).toEqual({ 'Rough one': 1, 'Great one': 5, 'No mood one': undefined });

    // An export made before moods existed has none: it imports as it did.
    const carol = await signUpAndVerify(h);
    const older = { ...file, entries: file.entries.map(({ mood: _mood, ...entry }) => entry) };
    const olderImport = await upload(carol.agent, JSON.stringify(older));
    expect(olderImport.json).toMatchObject({ imported: 3 });
    expect((await todays(carol.agent)).map((entry) => entry.mood)).toEqual([undefined, undefined, undefined]);

    // A file with a mood that is not one of the five has that entry refused, the others imported.
    const dan = await signUpAndVerify(h);
    const [first, ...rest] = file.entries;
    const tampered = { ...file, entries: [{ ...first, mood: 6 }, ...rest] };
    const tamperedImport = await upload(dan.agent, JSON.stringify(tampered));
    expect(tamperedImport.status).toBe(200);
    expect(tamperedImport.json).toMatchObject({ imported: 2 });
    expect((await todays(dan.agent)).map((entry) => entry.gratitude).sort()).toEqual(['Great one', 'No mood one']);
  });
});
