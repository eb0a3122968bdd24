import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEntryId } from '../../shared/entry-id';
import type { DayCounts } from '../../shared/day-counts';
import type { EntryPage, JournalEntry, Stats } from '../../shared/entry-schemas';
import type { LookBack } from '../../shared/look-back';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { ReadCache } from './read-cache';
import { JournalService } from './service';

const text = { gratitude: 'My family', celebration: 'A long walk', manifestation: 'A calm week' };
const edited = { gratitude: 'My family, again', celebration: 'A longer walk', manifestation: 'A calmer week' };

async function setPastDays(agent: Agent, on: boolean) {
  const res = await agent.patch('/api/profile', { preferences: { writePastDays: on } });
  expect(res.status, res.text).toBe(200);
  expect(res.json.writePastDays).toBe(on);
}

async function dayList(agent: Agent, day: string): Promise<JournalEntry[]> {
  const res = await agent.get(`/api/entries?day=${day}`);
  expect(res.status).toBe(200);
  return (res.json as unknown as EntryPage).entries;
}

async function stats(agent: Agent, day: string): Promise<Stats> {
  const res = await agent.get(`/api/stats?today=${day}`);
  expect(res.status).toBe(200);
  return res.json as unknown as Stats;
}

async function write(agent: Agent, localDate: string, day?: string) {
  return agent.post('/api/entries', { content: text, localDate, ...(day ? { day } : {}) });
}

/** Writing and editing past days, a setting of each writer's (docs/product.md §5), on both databases. */
describe.each(DATABASE_KINDS)('past days over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  /** The server's clock at noon UTC of the writer's today. */
  function today(day: string) {
    h.clock.set(`${day}T12:00:00.000Z`);
  }

  it('is off for a new writer, and the profile says so', async () => {
    const { agent } = await signUpAndVerify(h);
    expect((await agent.get('/api/profile')).json).toMatchObject({ writePastDays: false });
    expect((await agent.get('/api/auth/session')).json).toMatchObject({ profile: { writePastDays: false } });
    const refused = await agent.patch('/api/profile', { preferences: { writePastDays: 'yes' } });
    expect(refused.status).toBe(400);
    expect((await agent.get('/api/profile')).json).toMatchObject({ writePastDays: false });
  });

  describe('off', () => {
    it('refuses an entry for an earlier day, and stores nothing', async () => {
      const { agent } = await signUpAndVerify(h);
      today('2026-03-15');
      const res = await write(agent, '2026-03-15', '2026-03-14');
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'today-only',
        message: 'Only today can get a new entry. To write for an earlier day, turn on “Write and edit past days” in Settings.',
      });
      expect(await dayList(agent, '2026-03-14')).toEqual([]);
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);
      // Today's own day, named, is today's entry as before.
      expect((await write(agent, '2026-03-15', '2026-03-15')).status).toBe(201);
    });

    it('refuses to edit an entry of an earlier day, and leaves it unchanged', async () => {
      const { agent } = await signUpAndVerify(h);
      today('2026-03-14');
      const entry = (await write(agent, '2026-03-14')).json as unknown as JournalEntry;
      today('2026-03-15');
      const res = await agent.put(`/api/entries/${entry.id}`, { content: edited, localDate: '2026-03-15' });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('edit-today-only');
      expect(await dayList(agent, '2026-03-14')).toEqual([entry]);
    });
  });

  describe('on', () => {
    it('adds an entry to an earlier day, which says the day it was added on', async () => {
      const { agent } = await signUpAndVerify(h);
      await setPastDays(agent, true);
      today('2026-03-15');
      const res = await agent.post('/api/entries', { content: text, localDate: '2026-03-15', day: '2026-03-12', utcOffset: 60 });
      expect(res.status, res.text).toBe(201);
      const entry = res.json as unknown as JournalEntry;
      expect(entry).toMatchObject({ ...text, localDate: '2026-03-12', addedOn: '2026-03-15', utcOffset: 60 });
      expect(entry).not.toHaveProperty('editedOn');
      expect(await dayList(agent, '2026-03-12')).toEqual([entry]);
      expect(await dayList(agent, '2026-03-15')).toEqual([]);
      // Today's entry says nothing of the kind.
      const todays = (await write(agent, '2026-03-15')).json as unknown as JournalEntry;
      expect(todays).not.toHaveProperty('addedOn');
    });

    it('edits an entry of an earlier day, which then says the day it was edited on', async () => {
      const { agent } = await signUpAndVerify(h);
      today('2026-03-10');
      const entry = (await write(agent, '2026-03-10')).json as unknown as JournalEntry;
      // Edited on its own day: nothing to say.
      const sameDay = await agent.put(`/api/entries/${entry.id}`, { content: edited, localDate: '2026-03-10' });
      expect(sameDay.json).not.toHaveProperty('editedOn');
      await setPastDays(agent, true);
      today('2026-03-15');
      const res = await agent.put(`/api/entries/${entry.id}`, { content: text, localDate: '2026-03-15', day: '2026-03-15' });
      expect(res.status, res.text).toBe(200);
      // The day sent with an edit moves nothing: the entry keeps its own.
      expect(res.json).toMatchObject({ ...text, localDate: '2026-03-10', editedOn: '2026-03-15' });
      expect(res.json).not.toHaveProperty('addedOn');
      expect(await dayList(agent, '2026-03-10')).toEqual([res.json]);
    });

    it('takes a retried create of an earlier day once, even after the setting went off', async () => {
      const { agent } = await signUpAndVerify(h);
      await setPastDays(agent, true);
      today('2026-03-15');
      const body = { id: newEntryId(), content: text, localDate: '2026-03-15', day: '2026-03-14' };
      const first = await agent.post('/api/entries', body);
      expect(first.status).toBe(201);
      await setPastDays(agent, false);
      const retry = await agent.post('/api/entries', body);
      expect(retry.status).toBe(200);
      expect(retry.json).toEqual(first.json);
      expect((await stats(agent, '2026-03-15')).totalEntries).toBe(1);
    });

    it('stops the moment the setting is turned off again', async () => {
      const { agent } = await signUpAndVerify(h);
      await setPastDays(agent, true);
      today('2026-03-15');
      const entry = (await write(agent, '2026-03-15', '2026-03-14')).json as unknown as JournalEntry;
      await setPastDays(agent, false);
      expect((await write(agent, '2026-03-15', '2026-03-13')).status).toBe(403);
      const res = await agent.put(`/api/entries/${entry.id}`, { content: edited, localDate: '2026-03-15' });
      expect(res.status).toBe(403);
      expect(await dayList(agent, '2026-03-14')).toEqual([entry]);
    });
  });

  it('never takes a day after today, nor a day that is no date, whatever the setting', async () => {
    const { agent } = await signUpAndVerify(h);
    today('2026-03-15');
    for (const on of [false, true]) {
      await setPastDays(agent, on);
      const future = await write(agent, '2026-03-15', '2026-03-16');
      expect(future.status).toBe(400);
      expect(future.json).toEqual({
        code: 'future-day',
        message: 'An entry can be written for today or an earlier day, never for a day after today.',
      });
      for (const day of ['2026-02-30', '15/03/2026', 20260314, null, '1899-12-31']) {
        const res = await agent.post('/api/entries', { content: text, localDate: '2026-03-15', day });
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('invalid-date');
        expect(String(res.json.message)).toMatch(/^day must be a date/);
      }
    }
    // A writer whose today is still the 14th (west of UTC) cannot write the server's 15th as a past day either.
    expect((await write(agent, '2026-03-14', '2026-03-15')).status).toBe(400);
    expect((await stats(agent, '2026-03-15')).totalEntries).toBe(0);
    expect(await dayList(agent, '2026-03-16')).toEqual([]);
  });

  it('answers 404 to another writer’s entry, whatever their setting, and changes nothing', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    today('2026-03-14');
    const entry = (await write(ada.agent, '2026-03-14')).json as unknown as JournalEntry;
    await setPastDays(bob.agent, true);
    today('2026-03-15');
    const res = await bob.agent.put(`/api/entries/${entry.id}`, { content: edited, localDate: '2026-03-15' });
    expect(res.status).toBe(404);
    // Bob's create that names Ada's id on a past day takes nothing of hers.
    const taken = await bob.agent.post('/api/entries', { id: entry.id, content: edited, localDate: '2026-03-15', day: '2026-03-14' });
    expect(taken.status).toBe(409);
    expect(await dayList(ada.agent, '2026-03-14')).toEqual([entry]);
    expect(await dayList(bob.agent, '2026-03-14')).toEqual([]);
  });

  it('refuses an edit whose session read the setting on when it has gone off by the time of the write', async () => {
    const { agent, userId } = await signUpAndVerify(h);
    today('2026-03-14');
    const entry = (await write(agent, '2026-03-14')).json as unknown as JournalEntry;
    await setPastDays(agent, true);
    await setPastDays(agent, false);
    today('2026-03-15');
    // The journal as a request that read its session before the change sees it: the setting still on.
    const journal = new JournalService({ db: h.database.db, write: h.database.write, now: h.clock.now, readCache: new ReadCache(0) });
    const stale = { version: 0, showMemorySection: false, writePastDays: true };
    const input = { content: edited, localDate: '2026-03-15' };
    await expect(journal.update(userId, stale, entry.id, input)).rejects.toMatchObject({ status: 403, code: 'edit-today-only' });
    await expect(journal.create(userId, stale, newEntryId(), { ...input, day: '2026-03-13' })).rejects.toMatchObject({
      status: 403,
      code: 'today-only',
    });
    expect(await dayList(agent, '2026-03-14')).toEqual([entry]);
    expect(await dayList(agent, '2026-03-13')).toEqual([]);
    expect((await stats(agent, '2026-03-15')).totalEntries).toBe(1);
  });

  it('counts a backfilled day for its own day in the stats, the streak, the calendar and looking back', async () => {
    const { agent } = await signUpAndVerify(h);
    await setPastDays(agent, true);
    today('2026-03-13');
    await write(agent, '2026-03-13');
    today('2026-03-15');
    await write(agent, '2026-03-15');
    expect(await stats(agent, '2026-03-15')).toMatchObject({ streak: 1, monthlyCount: 2, totalEntries: 2 });

    // The missed 14th, written on the 15th: the three days are one run.
    const backfilled = (await write(agent, '2026-03-15', '2026-03-14')).json as unknown as JournalEntry;
    expect(await stats(agent, '2026-03-15')).toMatchObject({
      streak: 3,
      monthlyCount: 3,
      yearlyCount: 3,
      totalEntries: 3,
      newestRun: { first: '2026-03-13', last: '2026-03-15' },
    });
    // A day of the month before counts for that month, not today's.
    await write(agent, '2026-03-15', '2026-02-14');
    expect(await stats(agent, '2026-03-15')).toMatchObject({ streak: 3, monthlyCount: 3, yearlyCount: 4, totalEntries: 4 });
    const days = (await agent.get('/api/days?month=2026-03')).json as unknown as DayCounts;
    expect(days.days).toEqual({ '2026-03-13': 1, '2026-03-14': 1, '2026-03-15': 1 });
    const year = (await agent.get('/api/days?year=2026')).json as unknown as DayCounts;
    expect(year.days['2026-02-14']).toBe(1);

    // A month on, "On this day" shows the backfilled day with its entry.
    today('2026-04-14');
    const back = (await agent.get('/api/look-back?today=2026-04-14')).json as unknown as LookBack;
    expect(back.groups).toMatchObject([{ kind: 'month', ago: 1, days: ['2026-03-14'], entries: [backfilled] }]);

    // Deleted, it leaves the run as it found it.
    today('2026-03-15');
    expect((await agent.delete(`/api/entries/${backfilled.id}`)).status).toBe(200);
    expect(await stats(agent, '2026-03-15')).toMatchObject({ streak: 1, monthlyCount: 2, totalEntries: 3 });
  });

  it('keeps the days an entry was added and edited on through an export and an import', async () => {
    const ada = await signUpAndVerify(h);
    await setPastDays(ada.agent, true);
    today('2026-03-15');
    const added = (await write(ada.agent, '2026-03-15', '2026-03-12')).json as unknown as JournalEntry;
    today('2026-03-16');
    const res = await ada.agent.put(`/api/entries/${added.id}`, { content: edited, localDate: '2026-03-16' });
    expect(res.json).toMatchObject({ addedOn: '2026-03-15', editedOn: '2026-03-16' });
    const file = (await ada.agent.get('/api/export?format=json')).text;
    const bob = await signUpAndVerify(h);
    await ada.agent.delete(`/api/entries/${added.id}`);
    const imported = await bob.agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(file), {
      'content-type': 'application/octet-stream',
    });
    expect(imported.status, imported.text).toBe(200);
    const [copy] = await dayList(bob.agent, '2026-03-12');
    expect(copy).toEqual({ ...res.json, userId: bob.userId });
  });
});

/** On PostgreSQL a write and a change of the setting can run at the same moment in two connections. */
describe('past days and a change of the setting at the same moment, on postgres', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('postgres');
  });
  afterAll(async () => {
    await h.close();
  });

  function today(day: string) {
    h.clock.set(`${day}T12:00:00.000Z`);
  }

  it('makes an edit racing the setting going off wait for it, and then refuses it', async () => {
    const { agent, userId } = await signUpAndVerify(h);
    await setPastDays(agent, true);
    today('2026-03-14');
    const entry = (await write(agent, '2026-03-14')).json as unknown as JournalEntry;
    today('2026-03-15');
    // Another connection turns the setting off and has not committed yet: the edit's session reads it on.
    const other = new pg.Client({ connectionString: (h.config.database as { url: string }).url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update profile set past_days = 0 where uid = $1', [userId]);
      const editing = agent.put(`/api/entries/${entry.id}`, { content: edited, localDate: '2026-03-15' });
      // Until the edit's transaction waits for the profile's row (the view is read afresh: a transaction keeps it).
      for (;;) {
        await other.query('select pg_stat_clear_snapshot()');
        const waiting = await other.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update "profile"%'`,
        );
        if (Number(waiting.rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await other.query('commit');
      const res = await editing;
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('edit-today-only');
    } finally {
      await other.end();
    }
    expect(await dayList(agent, '2026-03-14')).toEqual([entry]);
  });
});
