import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/entry-schemas';
import type { JournalMonths } from '../../shared/journal-copy';
import { JOURNAL_QUERY_MESSAGES } from '../../shared/messages';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

describe.each(DATABASE_KINDS)('what each month of a journal holds, for the device’s copy, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  async function writeOn(agent: Agent, day: string, gratitude: string): Promise<JournalEntry> {
    h.clock.set(`${day}T12:00:00.000Z`);
    const res = await agent.post('/api/entries', {
      content: { gratitude, celebration: '', manifestation: '' },
      localDate: day,
    });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function months(agent: Agent, since?: number): Promise<JournalMonths> {
    const res = await agent.get(`/api/entries/months${since === undefined ? '' : `?since=${since}`}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as JournalMonths;
  }

  it('names each month with its count, newest first, and changes a month’s signature on every write to it', async () => {
    const { agent } = await signUpAndVerify(h);
    const empty = await months(agent);
    expect(empty.months).toEqual([]);

    await writeOn(agent, '2025-11-30', 'November');
    await writeOn(agent, '2026-01-02', 'January, first');
    const second = await writeOn(agent, '2026-01-03', 'January, second');
    const before = await months(agent);
    expect(before.months?.map(({ month, entries }) => [month, entries])).toEqual([
      ['2026-01', 2],
      ['2025-11', 1],
    ]);
    expect(before.version).toBeGreaterThan(empty.version);

    // Asked again at the version it has, a device hears that nothing changed.
    expect(await months(agent, before.version)).toEqual({ version: before.version, months: null });

    h.clock.set('2026-01-03T18:00:00.000Z');
    const edited = await agent.put(`/api/entries/${second.id}`, {
      content: { gratitude: 'January, second, edited', celebration: '', manifestation: '' },
      localDate: '2026-01-03',
    });
    expect(edited.status, edited.text).toBe(200);
    const afterEdit = await months(agent, before.version);
    expect(afterEdit.version).toBeGreaterThan(before.version);
    const january = (answer: JournalMonths) => answer.months?.find((month) => month.month === '2026-01');
    const november = (answer: JournalMonths) => answer.months?.find((month) => month.month === '2025-11');
    expect(january(afterEdit)?.changedAt).not.toBe(january(before)?.changedAt);
    expect(november(afterEdit)).toEqual(november(before));

    expect((await agent.delete(`/api/entries/${second.id}`)).status).toBe(200);
    const afterDelete = await months(agent, afterEdit.version);
    expect(january(afterDelete)?.entries).toBe(1);
    expect(november(afterDelete)).toEqual(november(before));
  });

  it('changes a month’s signature when one entry is deleted and another imported into it, the count and newest change the same', async () => {
    const { agent } = await signUpAndVerify(h);
    const first = await writeOn(agent, '2026-05-02', 'May, first');
    await writeOn(agent, '2026-05-20', 'May, newest');
    const before = await months(agent);
    expect((await agent.delete(`/api/entries/${first.id}`)).status).toBe(200);
    const file = {
      format: 'gratitude-journal',
      version: 1,
      entries: [
        {
          id: randomUUID(),
          date: '2026-05-01T12:00:00.000Z',
          localDate: '2026-05-01',
          utcOffset: 0,
          gratitude: 'May, imported',
          celebration: '',
          manifestation: '',
          memory: '',
          updatedAt: '2026-05-01T12:00:00.000Z',
        },
      ],
    };
    const imported = await agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(JSON.stringify(file)), {
      'content-type': 'application/octet-stream',
    });
    expect(imported.status, imported.text).toBe(200);
    const after = await months(agent, before.version);
    const [may] = after.months ?? [];
    const [mayBefore] = before.months ?? [];
    expect(may).toMatchObject({ month: '2026-05', entries: mayBefore?.entries, changedAt: mayBefore?.changedAt });
    expect(may?.digest).not.toBe(mayBefore?.digest);
  });

  it('counts only the signed-in writer’s entries, and answers no one signed out', async () => {
    const mine = await signUpAndVerify(h);
    const theirs = await signUpAndVerify(h);
    await writeOn(theirs.agent, '2026-02-10', 'Someone else’s day');
    await writeOn(mine.agent, '2026-03-10', 'My day');
    expect((await months(mine.agent)).months?.map(({ month, entries }) => [month, entries])).toEqual([['2026-03', 1]]);
    expect((await h.agent().get('/api/entries/months')).status).toBe(401);
  });

  it('refuses a version that is not one, and reads the whole journal for one it does not know', async () => {
    const { agent } = await signUpAndVerify(h);
    await writeOn(agent, '2026-04-01', 'April');
    for (const since of ['abc', '-1', '1e3', '1'.repeat(40), '%00']) {
      const res = await agent.get(`/api/entries/months?since=${since}`);
      expect(res.status, since).toBe(400);
      expect((res.json as { message: string }).message).toBe(JOURNAL_QUERY_MESSAGES.invalidSince);
    }
    const unknown = await months(agent, 999_999);
    expect(unknown.months?.map(({ month }) => month)).toEqual(['2026-04']);
  });
});
