import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../list/journal-view';
import { answeredFields, groupByDay, isShortAnswer, writtenTime, type ExportedEntry } from './journal-export';
import { describeRange, emptyRangeMessage, exportPath, printPath, readPrintRange } from './print-range';

const today = '2026-11-24';
const read = (query: string) => readPrintRange(new URLSearchParams(query), today);

describe('the printable view’s range', () => {
  it('reads a month, a year or everything from the URL, and writes the same URL back', () => {
    for (const query of ['range=month&month=2026-02', 'range=year&year=2025', 'range=all']) {
      expect(printPath(read(query))).toBe(`/print?${query}`);
    }
    expect(read('range=month&month=2026-02')).toEqual({ kind: 'month', month: '2026-02' });
    expect(read('range=year&year=2025')).toEqual({ kind: 'year', year: '2025' });
    expect(read('range=all')).toEqual({ kind: 'all' });
  });

  it('shows the current month for a URL it cannot read', () => {
    for (const query of [
      '',
      'range=week',
      'range=month',
      'range=month&month=2026-13',
      'range=month&month=0999-01',
      'range=month&month=2026-1',
      'range=year&year=26',
      'range=year&year=0999',
      'range=year&year=２０２６',
      'range=year&year=2026-01',
    ]) {
      expect(read(query), query).toEqual({ kind: 'month', month: '2026-11' });
    }
  });

  it('asks the export for exactly the days of the range, both ends included', () => {
    const path = (month: string) => exportPath({ kind: 'month', month });
    expect(path('2024-02')).toBe('/api/export?format=json&from=2024-02-01&to=2024-02-29');
    expect(path('2026-12')).toBe('/api/export?format=json&from=2026-12-01&to=2026-12-31');
    expect(exportPath({ kind: 'year', year: '2026' })).toBe('/api/export?format=json&from=2026-01-01&to=2026-12-31');
    expect(exportPath({ kind: 'all' })).toBe('/api/export?format=json');
  });

  it('names the range in words, and says plainly when it holds nothing', () => {
    expect(describeRange({ kind: 'month', month: '2026-11' })).toBe('November 2026');
    expect(describeRange({ kind: 'year', year: '2026' })).toBe('2026');
    expect(describeRange({ kind: 'all' })).toBe('Everything');
    expect(emptyRangeMessage({ kind: 'month', month: '2026-11' })).toBe('No entries in November 2026.');
    expect(emptyRangeMessage({ kind: 'year', year: '2025' })).toBe('No entries in 2025.');
  });
});

describe('the printed entries', () => {
  const entry = (id: string, localDate: string, text: Partial<ExportedEntry> = {}): ExportedEntry => ({
    id,
    date: `${localDate}T09:00:00.000Z`,
    localDate,
    utcOffset: null,
    gratitude: 'Rain',
    celebration: '',
    manifestation: '',
    memory: '',
    updatedAt: `${localDate}T09:00:00.000Z`,
    ...text,
  });

  it('gathers entries, oldest first, into their days', () => {
    const days = groupByDay([entry('a', '2026-11-01'), entry('b', '2026-11-01'), entry('c', '2026-11-03')]);
    expect(days.map(({ day, entries }) => [day, entries.map((e) => e.id)])).toEqual([
      ['2026-11-01', ['a', 'b']],
      ['2026-11-03', ['c']],
    ]);
  });

  it('prints only the prompts that were answered, the memory among them when it has text', () => {
    expect(answeredFields(entry('a', '2026-11-01', { celebration: '  \n ', memory: 'Grandmother' }))).toEqual([
      'gratitude',
      'memory',
    ]);
    expect(answeredFields(entry('a', '2026-11-01', { gratitude: '', manifestation: 'Calm' }))).toEqual([
      'manifestation',
    ]);
  });

  it('gives the time an entry was written on the writer’s clock, when the entry kept their offset', () => {
    expect(writtenTime({ date: '2026-11-24T22:30:00.000Z', utcOffset: 9 * 60 })).toBe('7:30 AM');
    expect(writtenTime({ date: '2026-11-24T22:30:00.000Z', utcOffset: -5 * 60 })).toBe('5:30 PM');
    expect(writtenTime({ date: '2026-11-24T22:30:00.000Z', utcOffset: 0 })).toBe('10:30 PM');
    // Without it, the reader's own clock.
    const date = '2026-11-24T22:30:00.000Z';
    expect(writtenTime({ date, utcOffset: null })).toBe(formatClockTime(date));
    // An entry imported with its day alone has no time to print, not noon.
    expect(writtenTime({ date: '2026-11-24T12:00:00.000Z', utcOffset: null, timeUnknown: true })).toBeNull();
  });

  it('keeps a short answer whole on a page, and lets a long one run over', () => {
    expect(isShortAnswer('A quiet morning.')).toBe(true);
    expect(isShortAnswer('word '.repeat(200))).toBe(false);
    expect(isShortAnswer('line\n'.repeat(20))).toBe(false);
  });
});
