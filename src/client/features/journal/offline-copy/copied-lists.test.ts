import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { PendingWrite } from '../sync/outbox';
import { monthEntryCount, newerThanCopy } from './copied-lists';

function entry(id: string, localDate: string): JournalEntry {
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
    updatedAt: `${localDate}T09:00:00.000Z`,
  };
}

const content = { gratitude: 'Rain at last', celebration: '', manifestation: '' };
/** An entry written today for an earlier day, still waiting to be sent. */
const pastDayCreate = (id: string, day: string): PendingWrite => ({
  kind: 'create',
  id,
  content,
  localDate: '2026-11-27',
  day,
  writtenAt: '2026-11-27T09:00:00.000Z',
  opId: `op-${id}`,
});
const remove = (id: string): PendingWrite => ({ kind: 'delete', id, opId: `op-delete-${id}` });
const edit = (id: string): PendingWrite => ({ kind: 'update', id, content, localDate: '2026-11-27', opId: `op-edit-${id}` });

const MAY = '2024-05';
const copied = { entries: [entry('a', '2024-05-01'), entry('b', '2024-05-01'), entry('c', '2024-05-31')], keptAt: 5_000 };

describe('newerThanCopy', () => {
  it('shows an answer over the copy only when it came after the copy kept the month', () => {
    expect(newerThanCopy(6_000, copied)).toBe(true);
    expect(newerThanCopy(5_000, copied)).toBe(false);
    expect(newerThanCopy(4_000, copied)).toBe(false);
    expect(newerThanCopy(1, null)).toBe(true);
    expect(newerThanCopy(1, undefined)).toBe(true);
    // A month the whole copy holds nothing of, kept at no known time: any answer of the server goes over it.
    expect(newerThanCopy(1, { keptAt: 0 })).toBe(true);
  });
});

describe('monthEntryCount', () => {
  it('sums the server’s day counts when the copy was not read', () => {
    const counts = { days: { '2024-05-01': 2, '2024-05-09': 3 }, loadedAt: 1_000 };
    expect(monthEntryCount(MAY, counts, undefined, [])).toBe(5);
    expect(monthEntryCount(MAY, { days: {}, loadedAt: 1_000 }, undefined, [])).toBe(0);
  });

  it('counts the copy’s month when the server cannot answer and no counts are kept', () => {
    expect(monthEntryCount(MAY, undefined, copied, [])).toBe(3);
  });

  it('counts the copy’s month over counts kept before it, and counts kept after it over the copy', () => {
    expect(monthEntryCount(MAY, { days: { '2024-05-01': 1 }, loadedAt: 4_000 }, copied, [])).toBe(3);
    expect(monthEntryCount(MAY, { days: { '2024-05-01': 1 }, loadedAt: 6_000 }, copied, [])).toBe(1);
  });

  it('counts the writes waiting to be sent as the month’s page lists them', () => {
    const writes = [pastDayCreate('new', '2024-05-20'), pastDayCreate('june', '2024-06-02'), remove('a'), edit('b')];
    // One new entry in May, one in June (not this month's), one deleted, one edited: 3 + 1 - 1.
    expect(monthEntryCount(MAY, undefined, copied, writes)).toBe(3);
    expect(monthEntryCount(MAY, undefined, copied, [pastDayCreate('new', '2024-05-20')])).toBe(4);
  });

  it('knows nothing while neither the counts nor the copy can tell', () => {
    expect(monthEntryCount(MAY, undefined, undefined, [])).toBeUndefined();
    expect(monthEntryCount(MAY, undefined, null, [])).toBeUndefined();
  });

  it('counts no entries in a month the whole copy does not name', () => {
    expect(monthEntryCount(MAY, undefined, { entries: [], keptAt: 0 }, [])).toBe(0);
  });
});
