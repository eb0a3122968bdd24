import { describe, expect, it } from 'vitest';
import {
  formatDayHeading,
  formatMonthHeading,
  hasNextPeriod,
  isCurrentPeriod,
  journalPath,
  readJournalLocation,
  readYearView,
  stepPeriod,
  yearViewPath,
} from './journal-view';

const today = '2026-11-22';

describe('readJournalLocation', () => {
  it('defaults to day view on today', () => {
    expect(readJournalLocation(new URLSearchParams(''), today)).toEqual({ view: 'day', date: today });
  });

  it('reads the date and month view', () => {
    expect(readJournalLocation(new URLSearchParams('date=2026-10-03&view=month'), today)).toEqual({
      view: 'month',
      date: '2026-10-03',
    });
  });

  it('ignores a date that is not a calendar day', () => {
    expect(readJournalLocation(new URLSearchParams('date=2026-02-31'), today).date).toBe(today);
    expect(readJournalLocation(new URLSearchParams('date=yesterday'), today).date).toBe(today);
  });

  it('shows the current month for a month still to come', () => {
    expect(readJournalLocation(new URLSearchParams('date=2026-12-01&view=month'), today)).toEqual({
      view: 'month',
      date: today,
    });
    expect(readJournalLocation(new URLSearchParams('date=2026-11-30&view=month'), today).date).toBe('2026-11-30');
  });
});

describe('navigation', () => {
  it('steps a day at a time in day view', () => {
    expect(stepPeriod({ view: 'day', date: '2026-11-01' }, -1, today)).toEqual({ view: 'day', date: '2026-10-31' });
  });

  it('steps a month at a time, landing on today in the current month', () => {
    expect(stepPeriod({ view: 'month', date: today }, -1, today)).toEqual({ view: 'month', date: '2026-10-01' });
    expect(stepPeriod({ view: 'month', date: '2026-10-01' }, 1, today)).toEqual({ view: 'month', date: today });
  });

  it('has no next day from today', () => {
    expect(hasNextPeriod({ view: 'day', date: today }, today)).toBe(false);
    expect(hasNextPeriod({ view: 'day', date: '2026-11-21' }, today)).toBe(true);
    expect(hasNextPeriod({ view: 'month', date: '2026-11-01' }, today)).toBe(false);
    expect(hasNextPeriod({ view: 'month', date: '2026-10-31' }, today)).toBe(true);
  });

  it('knows the current day and month', () => {
    expect(isCurrentPeriod({ view: 'day', date: '2026-11-21' }, today)).toBe(false);
    expect(isCurrentPeriod({ view: 'month', date: '2026-11-01' }, today)).toBe(true);
  });

  it('writes the URL', () => {
    expect(journalPath({ view: 'day', date: today })).toBe('/journal?date=2026-11-22');
    expect(journalPath({ view: 'month', date: today })).toBe('/journal?date=2026-11-22&view=month');
  });
});

describe('headings', () => {
  it('formats the day long and short, and the month', () => {
    expect(formatDayHeading(today, 'long')).toBe('Sunday, November 22, 2026');
    expect(formatDayHeading(today, 'short')).toBe('Sun, Nov 22, 2026');
    expect(formatMonthHeading(today)).toBe('November 2026');
  });
});

describe('the year at a glance in the URL', () => {
  const year = (query: string) => readYearView(new URLSearchParams(query), today);

  it('reads the year, and writes the same URL back', () => {
    expect(year('view=year&year=2024')).toBe(2024);
    expect(yearViewPath(2024)).toBe('/journal?view=year&year=2024');
    expect(year(yearViewPath(2024).split('?')[1] ?? '')).toBe(2024);
    expect(year('view=year&year=1900')).toBe(1900);
  });

  it('is not asked for by the day and month views', () => {
    expect(year('')).toBeUndefined();
    expect(year('date=2026-10-03&view=month')).toBeUndefined();
    expect(year('year=2024')).toBeUndefined();
  });

  it('shows this year for a year it cannot read, one still to come, or one before any journal', () => {
    for (const query of [
      'view=year',
      'view=year&year=',
      'view=year&year=26',
      'view=year&year=２０２４',
      'view=year&year=2027',
      'view=year&year=1899',
    ]) {
      expect(year(query)).toBe(2026);
    }
  });
});
