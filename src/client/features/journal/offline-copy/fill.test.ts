// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryPage, JournalEntry } from '../../../../shared/entry-schemas';
import type { JournalMonths } from '../../../../shared/journal-copy';
import { forgetJournalCopies, readCopiedMonth } from '../../../lib/persistence/journal-copy';
import { entriesFromCopy } from './copied-lists';
import { fillJournalCopy } from './fill';

/** The server as the fill sees it: what GET /api/entries/months and a month's GET /api/entries answer. */
const server = vi.hoisted(() => ({ months: null as unknown, entries: [] as JournalEntry[] }));

vi.mock('../../../lib/api', () => ({
  apiRequest: (_method: string, path: string) =>
    Promise.resolve(
      path.startsWith('/api/entries/months') ? server.months : ({ entries: server.entries, nextCursor: null } satisfies EntryPage),
    ),
}));

function entry(id: string, localDate: string, updatedAt = `${localDate}T09:00:00.000Z`): JournalEntry {
  return {
    id,
    userId: 'me',
    date: `${localDate}T09:00:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude: `Grateful, ${id}`,
    celebration: '',
    manifestation: '',
    memory: '',
    updatedAt,
  };
}

function serve(version: number, digest: string, entries: JournalEntry[]): void {
  const month: JournalMonths = {
    version,
    months: [{ month: '2026-05', entries: entries.length, changedAt: '2026-05-20T09:00:00.000Z', digest }],
  };
  server.months = month;
  server.entries = entries;
}

afterEach(async () => {
  await forgetJournalCopies();
});

describe('the device’s copy of the journal', () => {
  it('fetches a month again when one entry was deleted and another imported, the count and newest change the same', async () => {
    const newest = entry('newest', '2026-05-20');
    serve(1, 'first', [newest, entry('deleted', '2026-05-02')]);
    await fillJournalCopy('me', new AbortController().signal);
    expect((await readCopiedMonth('me', '2026-05'))?.entries.map((e) => e.id)).toEqual(['newest', 'deleted']);

    serve(2, 'second', [newest, entry('imported', '2026-05-01')]);
    await fillJournalCopy('me', new AbortController().signal);
    expect((await readCopiedMonth('me', '2026-05'))?.entries.map((e) => e.id)).toEqual(['newest', 'imported']);
  });

  it('says a month the whole copy has no entries in is empty, and knows nothing of one before it is whole', async () => {
    expect(await readCopiedMonth('me', '2026-04')).toBeNull();
    serve(1, 'first', [entry('may', '2026-05-02')]);
    await fillJournalCopy('me', new AbortController().signal);
    expect(await readCopiedMonth('me', '2026-04')).toEqual({ entries: [], keptAt: 0 });
  });
});

describe('a day or month page offline', () => {
  const may = [entry('a', '2026-05-20'), entry('b', '2026-05-02')];
  const copied = { entries: may, keptAt: 2_000 };

  it('shows the copy’s entries of the day when the device holds no list of it', () => {
    const none = { entries: undefined, whole: false, loadedAt: 0 };
    expect(entriesFromCopy(none, copied, (day) => day === '2026-05-02')?.map((e) => e.id)).toEqual(['b']);
    expect(entriesFromCopy(none, copied, (day) => day === '2026-05-03')).toEqual([]);
  });

  it('keeps the list the device holds when it is whole and newer than the copy, and nothing when there is no copy', () => {
    const held = { entries: [may[0] as JournalEntry], whole: true, loadedAt: 3_000 };
    expect(entriesFromCopy(held, copied)).toBeNull();
    expect(entriesFromCopy({ ...held, loadedAt: 1_000 }, copied)?.map((e) => e.id)).toEqual(['a', 'b']);
    // Only the first page of a month: the copy holds all of it.
    expect(entriesFromCopy({ ...held, whole: false }, copied)?.map((e) => e.id)).toEqual(['a', 'b']);
    expect(entriesFromCopy(held, null)).toBeNull();
    expect(entriesFromCopy(held, undefined)).toBeNull();
  });
});
