import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { JournalEntry, Stats } from '../../../../shared/entry-schemas';
import { journalKeys } from '../api';
import { dayCountsKey } from '../calendar/api';
import type { PendingWrite } from '../sync/outbox';
import { knownJournal, statsWithPendingWrites, type KnownJournal } from './pending-stats';

const TODAY = '2026-11-27';
const content = { gratitude: 'Sun', celebration: '', manifestation: '' };

let ops = 0;
function create(id: string, localDate = TODAY): PendingWrite {
  return { kind: 'create', id, content, localDate, writtenAt: `${localDate}T09:00:00.000Z`, opId: `op${(ops += 1)}` };
}
const update = (id: string): PendingWrite => ({ kind: 'update', id, content, localDate: TODAY, opId: `op${(ops += 1)}` });
const remove = (id: string): PendingWrite => ({ kind: 'delete', id, opId: `op${(ops += 1)}` });

/** The server's journal as a device might know it: entries it listed (id → day), and days whose counts it holds. */
function known(listed: Record<string, string> = {}, counts: Record<string, number> = {}): KnownJournal {
  return { dayOf: (id) => listed[id], countOn: (day) => counts[day] };
}

function stats(monthlyCount: number, streak: number, run: [string, string] | null, yearlyCount = monthlyCount, totalEntries = yearlyCount): Stats {
  return { monthlyCount, streak, yearlyCount, totalEntries, newestRun: run && { first: run[0], last: run[1] } };
}

describe('statsWithPendingWrites', () => {
  it('leaves the stats as they are with nothing waiting, or only edits', () => {
    const server = stats(3, 2, ['2026-11-25', '2026-11-26']);
    expect(statsWithPendingWrites(server, [], TODAY, known())).toBe(server);
    expect(statsWithPendingWrites(server, [update('a')], TODAY, known({ a: '2026-11-26' }))).toBe(server);
  });

  it('counts a new entry today, and carries a streak that ended yesterday on to today', () => {
    const server = stats(3, 2, ['2026-11-25', '2026-11-26'], 10, 40);
    expect(statsWithPendingWrites(server, [create('a')], TODAY, known())).toEqual({
      monthlyCount: 4,
      yearlyCount: 11,
      totalEntries: 41,
      streak: 3,
      newestRun: { first: '2026-11-25', last: TODAY },
    });
  });

  it('starts a streak of one on a day after a gap, and keeps the streak of a day that already has an entry', () => {
    expect(statsWithPendingWrites(stats(2, 0, ['2026-11-20', '2026-11-24']), [create('a')], TODAY, known())).toMatchObject({
      monthlyCount: 3,
      streak: 1,
      newestRun: { first: TODAY, last: TODAY },
    });
    expect(statsWithPendingWrites(stats(2, 2, ['2026-11-26', TODAY]), [create('a'), create('b')], TODAY, known())).toEqual(
      stats(4, 2, ['2026-11-26', TODAY]),
    );
  });

  it('joins days written offline over midnight to the run the server knows, though its streak had lapsed', () => {
    // The server's run ended the day before yesterday: no streak, as far as it knows.
    const server = stats(5, 0, ['2026-11-21', '2026-11-25']);
    const waiting = [create('yesterday', '2026-11-26'), create('today')];
    expect(statsWithPendingWrites(server, waiting, TODAY, known())).toMatchObject({
      monthlyCount: 7,
      streak: 7,
      newestRun: { first: '2026-11-21', last: TODAY },
    });
  });

  it('counts an entry the server already lists once, whatever the outbox still holds', () => {
    const server = stats(1, 1, [TODAY, TODAY]);
    expect(statsWithPendingWrites(server, [create('a')], TODAY, known({ a: TODAY }, { [TODAY]: 1 }))).toBe(server);
  });

  it('takes a deleted entry off, and its day off the run when it was the day’s last', () => {
    const server = stats(4, 3, ['2026-11-25', TODAY]);
    const listed = { a: TODAY, b: TODAY };
    expect(statsWithPendingWrites(server, [remove('a')], TODAY, known(listed, { [TODAY]: 1 }))).toEqual({
      ...stats(3, 2, ['2026-11-25', '2026-11-26']),
    });
    expect(statsWithPendingWrites(server, [remove('a')], TODAY, known(listed, { [TODAY]: 2 }))).toEqual(
      stats(3, 3, ['2026-11-25', TODAY]),
    );
    expect(statsWithPendingWrites(server, [remove('a'), remove('b')], TODAY, known(listed, { [TODAY]: 2 }))).toEqual(
      stats(2, 2, ['2026-11-25', '2026-11-26']),
    );
    // How many the day has is not known here: its count goes down, its place in the run stays.
    expect(statsWithPendingWrites(server, [remove('a')], TODAY, known(listed))).toEqual(stats(3, 3, ['2026-11-25', TODAY]));
  });

  it('splits the run where a deleted day leaves a gap, and keeps its newest part', () => {
    const server = stats(6, 6, ['2026-11-22', TODAY]);
    expect(statsWithPendingWrites(server, [remove('a')], TODAY, known({ a: '2026-11-24' }, { '2026-11-24': 1 }))).toEqual(
      stats(5, 3, ['2026-11-25', TODAY]),
    );
  });

  it('leaves the stats as they are for the delete of an entry the server never listed', () => {
    const server = stats(1, 1, ['2026-11-26', '2026-11-26']);
    expect(statsWithPendingWrites(server, [remove('written-and-deleted-offline')], TODAY, known())).toBe(server);
  });

  it('counts a day of last month, or of last year, in the total and the streak only', () => {
    const firstOfMonth = stats(0, 1, ['2026-10-31', '2026-10-31'], 30, 100);
    expect(statsWithPendingWrites(firstOfMonth, [create('a', '2026-10-31'), create('b', '2026-11-01')], '2026-11-01', known())).toEqual({
      monthlyCount: 1,
      yearlyCount: 32,
      totalEntries: 102,
      streak: 2,
      newestRun: { first: '2026-10-31', last: '2026-11-01' },
    });
    const newYear = stats(0, 0, null, 0, 100);
    expect(statsWithPendingWrites(newYear, [create('a', '2026-12-31')], '2027-01-01', known())).toEqual({
      monthlyCount: 0,
      yearlyCount: 0,
      totalEntries: 101,
      streak: 1,
      newestRun: { first: '2026-12-31', last: '2026-12-31' },
    });
  });

  it('never counts below nothing', () => {
    const server = stats(0, 0, null, 0, 0);
    expect(statsWithPendingWrites(server, [remove('a')], TODAY, known({ a: TODAY }, { [TODAY]: 1 }))).toEqual(server);
  });
});

function entry(id: string, localDate: string): JournalEntry {
  return {
    id,
    userId: 'u',
    date: `${localDate}T09:00:00.000Z`,
    localDate,
    utcOffset: 0,
    updatedAt: `${localDate}T09:00:00.000Z`,
    gratitude: 'Sun',
    celebration: '',
    manifestation: '',
    memory: '',
  };
}

describe('knownJournal', () => {
  it('knows the entries of every cached list, and a day’s count from its own list or the calendar’s counts', () => {
    const client = new QueryClient();
    client.setQueryData(journalKeys.day(TODAY), { entries: [entry('a', TODAY), entry('b', TODAY)], nextCursor: null });
    client.setQueryData(journalKeys.month('2026-11'), {
      pages: [{ entries: [entry('a', TODAY), entry('c', '2026-11-20')], nextCursor: 'more' }],
      pageParams: [null],
    });
    client.setQueryData(dayCountsKey({ month: '2026-11' }), {
      from: '2026-11-01',
      to: '2026-11-30',
      days: { '2026-11-20': 3, [TODAY]: 2 },
    });
    client.setQueryData(journalKeys.statsFor(TODAY), stats(5, 1, [TODAY, TODAY]));

    const journal = knownJournal(client);
    expect(['a', 'b', 'c', 'unknown'].map(journal.dayOf)).toEqual([TODAY, TODAY, '2026-11-20', undefined]);
    expect(journal.countOn(TODAY)).toBe(2);
    expect(journal.countOn('2026-11-20')).toBe(3);
    expect(journal.countOn('2026-11-21')).toBe(0);
    expect(journal.countOn('2026-10-20')).toBeUndefined();
  });
});
