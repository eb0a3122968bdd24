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
      profile: { displayName: 'Ada', showMemorySection: true, theme: null },
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
          date: new Date(`${day}T12:00:00Z`),
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

  it('refuses without a session, and refuses a format it does not know with a clear 400', async () => {
    expect((await h.agent().get('/api/export?format=json')).status).toBe(401);
    const { agent } = await signUpAndVerify(h);
    for (const query of ['', '?format=xml', '?format=JSON', `?format=${'x'.repeat(1000)}`]) {
      const res = await agent.get(`/api/export${query}`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'invalid-format', message: 'Give a format: json or markdown' });
    }
  });
});
