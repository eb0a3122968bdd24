import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { LookBack } from '../../../../shared/look-back';
import { type CachedJournal, drawFor, jarFromCache, knownDays, lookBackFromCache } from './offline-look-back';

let next = 0;
function entry(localDate: string, gratitude = `Grateful on ${localDate}`, more: Partial<JournalEntry> = {}): JournalEntry {
  next += 1;
  return {
    id: `00000000-0000-7000-8000-${String(next).padStart(12, '0')}`,
    userId: 'me',
    date: `${localDate}T09:00:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude,
    celebration: '',
    manifestation: '',
    memory: '',
    updatedAt: `${localDate}T09:00:00.000Z`,
    ...more,
  };
}

const empty: CachedJournal = { days: [], months: [], lookBacks: [], jarPicks: [] };

function lookBackAnswer(today: string, firstDay: string | null, entries: JournalEntry[]): LookBack {
  return {
    today,
    firstDay,
    groups: entries.length ? [{ kind: 'year', ago: 1, days: [entries[0]?.localDate ?? ''], entries }] : [],
    jar: { entry: null, single: true },
  };
}

describe('knownDays', () => {
  it('knows a day from its list, and a month’s days only as far as its pages were read', () => {
    const march = [entry('2025-03-20'), entry('2025-03-12'), entry('2025-03-12')];
    const known = knownDays({
      ...empty,
      days: [{ dayKey: '2025-04-02', entries: [] }],
      months: [{ monthKey: '2025-03', entries: march, complete: false }],
    });
    expect(known.get('2025-04-02')).toEqual([]);
    expect(known.get('2025-03-20')).toHaveLength(1);
    expect(known.get('2025-03-31')).toEqual([]);
    // The oldest day read may go on in the next page; the days before it were not read at all.
    expect(known.has('2025-03-12')).toBe(false);
    expect(known.has('2025-03-01')).toBe(false);
    const whole = knownDays({ ...empty, months: [{ monthKey: '2025-02', entries: [], complete: true }] });
    expect([...whole.keys()]).toHaveLength(28);
  });

  it('knows the dates an earlier look-back answer looked at, empty ones included', () => {
    const known = knownDays({ ...empty, lookBacks: [lookBackAnswer('2026-03-31', '2024-01-01', [entry('2025-03-31')])] });
    expect(known.get('2025-03-31')).toHaveLength(1);
    expect(known.get('2026-02-28')).toEqual([]);
    expect(known.get('2024-03-31')).toEqual([]);
    expect(known.has('2023-03-31')).toBe(false);
  });
});

describe('lookBackFromCache', () => {
  it('says nothing it does not know: no look-back answer on the device means the years back are not all known', () => {
    const yearAgo = entry('2025-03-31', 'A year ago');
    const result = lookBackFromCache('2026-03-31', { ...empty, days: [{ dayKey: '2025-03-31', entries: [yearAgo] }] });
    expect(result.complete).toBe(false);
    expect(result.groups).toEqual([{ kind: 'year', ago: 1, days: ['2025-03-31'], entries: [yearAgo] }]);
    // Nothing held at all: nothing to show, and not complete (never "nothing on this day").
    expect(lookBackFromCache('2026-03-31', empty)).toEqual({ groups: [], complete: false });
  });

  it('works out a new day from what yesterday’s answer and the lists hold, complete when they cover every date', () => {
    const monthAgo = entry('2026-03-01', 'A month ago');
    const yearAgo = entry('2025-04-01', 'A year ago');
    const cache: CachedJournal = {
      ...empty,
      // Yesterday's answer tells the oldest day, 2025-03-15.
      lookBacks: [lookBackAnswer('2026-03-31', '2025-03-15', [])],
      days: [{ dayKey: '2026-03-01', entries: [monthAgo] }],
      months: [{ monthKey: '2025-04', entries: [entry('2025-04-20'), yearAgo], complete: true }],
    };
    expect(lookBackFromCache('2026-04-01', cache)).toEqual({
      groups: [
        { kind: 'month', ago: 1, days: ['2026-03-01'], entries: [monthAgo] },
        { kind: 'year', ago: 1, days: ['2025-04-01'], entries: [yearAgo] },
      ],
      complete: true,
    });
    // Without the month-ago day in the cache, the year is still shown, and the answer is incomplete.
    const partial = lookBackFromCache('2026-04-01', { ...cache, days: [] });
    expect(partial.complete).toBe(false);
    expect(partial.groups.map((group) => group.ago)).toEqual([1]);
    expect(partial.groups[0]?.kind).toBe('year');
  });

  it('is complete and empty for a journal the device knows to be empty, and leaves out deletions not yet sent', () => {
    expect(lookBackFromCache('2026-03-31', { ...empty, lookBacks: [lookBackAnswer('2026-03-30', null, [])] })).toEqual({
      groups: [],
      complete: true,
    });
    const gone = entry('2025-03-31');
    const cache = { ...empty, lookBacks: [lookBackAnswer('2026-03-31', '2025-01-01', [gone])] };
    expect(lookBackFromCache('2026-03-31', cache, new Set([gone.id])).groups).toEqual([]);
  });

  it('adds what the lists hold to an older copy of today’s answer (an import since, say)', () => {
    const imported = entry('2025-03-31', 'Imported since');
    const cache: CachedJournal = {
      ...empty,
      // Today's answer from before the import: an empty journal.
      lookBacks: [lookBackAnswer('2026-03-31', null, [])],
      days: [{ dayKey: '2025-03-31', entries: [imported] }],
    };
    const result = lookBackFromCache('2026-03-31', cache);
    expect(result.groups).toEqual([{ kind: 'year', ago: 1, days: ['2025-03-31'], entries: [imported] }]);
    // The month ago (2026-02-28) is not known any more: the journal's oldest day is now a year back.
    expect(result.complete).toBe(false);
  });

  it('follows the leap-day rule as the server does', () => {
    const leap = entry('2024-02-29', 'A leap day');
    const twentyEighth = entry('2024-02-28', 'The 28th');
    const cache: CachedJournal = {
      ...empty,
      lookBacks: [lookBackAnswer('2027-02-27', '2024-01-01', [])],
      months: [{ monthKey: '2024-02', entries: [leap, twentyEighth], complete: true }],
    };
    const result = lookBackFromCache('2027-02-28', cache);
    expect(result.groups).toEqual([{ kind: 'year', ago: 3, days: ['2024-02-29', '2024-02-28'], entries: [leap, twentyEighth] }]);
    // 2026-02-28 and 2025-02-28 and the month ago (2027-01-28) are not in the cache.
    expect(result.complete).toBe(false);
  });
});

describe('jarFromCache', () => {
  const older = [entry('2024-05-01', 'Rain'), entry('2025-01-09', 'Bread'), entry('2025-06-30', '')];
  const cache: CachedJournal = {
    ...empty,
    months: [{ monthKey: '2025-06', entries: [older[2] as JournalEntry], complete: true }],
    days: [
      { dayKey: '2026-03-31', entries: [entry('2026-03-31', 'Today')] },
      { dayKey: '2024-05-01', entries: [older[0] as JournalEntry] },
    ],
    jarPicks: [{ entry: older[1] as JournalEntry, single: false }],
  };

  it('picks only earlier gratitudes, never today’s or an empty one, and another than the one shown', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const pick = jarFromCache('2026-03-31', cache, i / 50);
      seen.add(pick.entry?.gratitude ?? '');
      expect(pick.single).toBe(false);
    }
    expect([...seen].sort()).toEqual(['Bread', 'Rain']);
    const rain = older[0] as JournalEntry;
    for (let i = 0; i < 10; i += 1) expect(jarFromCache('2026-03-31', cache, i / 10, rain.id).entry?.gratitude).toBe('Bread');
  });

  it('shows the only one there is, and nothing when the cache holds none', () => {
    const one = { ...empty, days: [{ dayKey: '2024-05-01', entries: [older[0] as JournalEntry] }] };
    expect(jarFromCache('2026-03-31', one, 0.5, older[0]?.id)).toEqual({ entry: older[0], single: true });
    expect(jarFromCache('2026-03-31', empty, 0.5)).toEqual({ entry: null, single: true });
    expect(jarFromCache('2026-03-31', one, 0.5, undefined, new Set([older[0]?.id ?? '']))).toEqual({ entry: null, single: true });
  });

  it('draws the same number for the same text', () => {
    expect(drawFor('2026-03-31')).toBe(drawFor('2026-03-31'));
    expect(drawFor('2026-03-31')).not.toBe(drawFor('2026-04-01'));
    expect(drawFor('x')).toBeGreaterThanOrEqual(0);
    expect(drawFor('x')).toBeLessThan(1);
  });
});
