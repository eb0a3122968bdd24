import { describe, expect, it } from 'vitest';
import {
  calendarBounds,
  clampDay,
  countByDay,
  firstPhotoByDay,
  dayAfterKey,
  dayLabel,
  moodByDay,
  isoWeekNumber,
  mergeDayCounts,
  monthAndYear,
  monthsOfYear,
  monthWeeks,
  WEEKDAYS,
} from './date-grid';

/** The weeks as the screen lays them out: day numbers, '.' for a blank. */
function layout(monthKey: string): string[] {
  return monthWeeks(monthKey).map(({ days }) =>
    days.map((day) => (day === null ? '.' : String(Number(day.slice(8))))).join(' '),
  );
}

describe('the weeks of a month', () => {
  it('starts each week on Monday, with blanks before the 1st and after the last day', () => {
    expect(WEEKDAYS.map((day) => day.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // October 2025 begins on a Wednesday and ends on a Friday.
    expect(layout('2025-10')).toEqual([
      '. . 1 2 3 4 5',
      '6 7 8 9 10 11 12',
      '13 14 15 16 17 18 19',
      '20 21 22 23 24 25 26',
      '27 28 29 30 31 . .',
    ]);
  });

  it('puts a month that starts on Sunday in the last column, six blanks before it', () => {
    // March 2026 begins on a Sunday: six weeks, the longest a month can take.
    expect(layout('2026-03')).toEqual([
      '. . . . . . 1',
      '2 3 4 5 6 7 8',
      '9 10 11 12 13 14 15',
      '16 17 18 19 20 21 22',
      '23 24 25 26 27 28 29',
      '30 31 . . . . .',
    ]);
    // February 2026 begins on a Sunday too, and ends on a Saturday.
    expect(layout('2026-02')[0]).toBe('. . . . . . 1');
    expect(layout('2026-02').at(-1)).toBe('23 24 25 26 27 28 .');
  });

  it('gives February 29 days in leap years only (2024 and 2000, not 2026 or 1900)', () => {
    const lastDay = (month: string) => monthWeeks(month).flatMap((week) => week.days).filter(Boolean).at(-1);
    expect(lastDay('2024-02')).toBe('2024-02-29');
    expect(lastDay('2000-02')).toBe('2000-02-29');
    expect(lastDay('2026-02')).toBe('2026-02-28');
    expect(lastDay('1900-02')).toBe('1900-02-28');
  });

  it('fills exactly four rows for a February of 28 days that starts on Monday', () => {
    expect(layout('2021-02')).toEqual([
      '1 2 3 4 5 6 7',
      '8 9 10 11 12 13 14',
      '15 16 17 18 19 20 21',
      '22 23 24 25 26 27 28',
    ]);
  });

  it('numbers each row with its ISO week, across the turn of a year', () => {
    expect(monthWeeks('2025-10').map(({ week }) => week)).toEqual([40, 41, 42, 43, 44]);
    // 1 January 2021 was a Friday: its week is the last of 2020, week 53.
    expect(monthWeeks('2021-01').map(({ week }) => week)).toEqual([53, 1, 2, 3, 4]);
    // 29 December 2025 is a Monday in week 1 of 2026.
    expect(monthWeeks('2025-12').at(-1)?.week).toBe(1);
    expect(isoWeekNumber('2026-01-01')).toBe(1);
    expect(isoWeekNumber('1969-12-31')).toBe(1);
  });

  it('lays out months before 1970 as well', () => {
    // 1 January 1900 was a Monday.
    expect(layout('1900-01')[0]).toBe('1 2 3 4 5 6 7');
  });
});

describe('the months of a year', () => {
  it('lists the twelve months in order, and names them', () => {
    expect(monthsOfYear(2026)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(monthAndYear('2026-10')).toBe('October 2026');
  });
});

describe('what a day is called', () => {
  it('says the weekday, the day, the month and whether it has an entry', () => {
    expect(dayLabel('2025-10-14', 1)).toBe('Tuesday 14 October, 1 entry');
    expect(dayLabel('2025-10-14', 0)).toBe('Tuesday 14 October, no entry');
    expect(dayLabel('2024-02-29', 3)).toBe('Thursday 29 February, 3 entries');
    expect(dayLabel('2026-03-01', 0)).toBe('Sunday 1 March, no entry');
    expect(dayLabel('2025-10-14', 2, 4)).toBe('Tuesday 14 October, 2 entries, mood: Good');
  });
});

describe('moving with the keyboard', () => {
  it('moves a day with the side arrows and a week with the others, across a month’s end', () => {
    expect(dayAfterKey('2026-03-15', 'ArrowLeft')).toBe('2026-03-14');
    expect(dayAfterKey('2026-03-15', 'ArrowRight')).toBe('2026-03-16');
    expect(dayAfterKey('2026-03-15', 'ArrowUp')).toBe('2026-03-08');
    expect(dayAfterKey('2026-03-15', 'ArrowDown')).toBe('2026-03-22');
    expect(dayAfterKey('2026-02-28', 'ArrowRight')).toBe('2026-03-01');
    expect(dayAfterKey('2024-02-28', 'ArrowRight')).toBe('2024-02-29');
    expect(dayAfterKey('2026-01-03', 'ArrowUp')).toBe('2025-12-27');
  });

  it('goes to the week’s Monday with Home and its Sunday with End', () => {
    // 15 March 2026 is a Sunday.
    expect(dayAfterKey('2026-03-15', 'Home')).toBe('2026-03-09');
    expect(dayAfterKey('2026-03-15', 'End')).toBe('2026-03-15');
    expect(dayAfterKey('2026-03-09', 'End')).toBe('2026-03-15');
  });

  it('moves a month with Page Up and Page Down, to the month’s last day when it is shorter', () => {
    expect(dayAfterKey('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(dayAfterKey('2024-03-31', 'PageUp')).toBe('2024-02-29');
    expect(dayAfterKey('2026-01-15', 'PageUp')).toBe('2025-12-15');
    expect(dayAfterKey('2026-01-31', 'PageDown')).toBe('2026-02-28');
  });

  it('ignores other keys', () => {
    expect(dayAfterKey('2026-03-15', 'Enter')).toBeUndefined();
    expect(dayAfterKey('2026-03-15', 'a')).toBeUndefined();
  });

  it('keeps the focus within the range shown and never after today', () => {
    const march = calendarBounds('2026-03-01', '2026-03-31', '2026-03-15');
    expect(march).toEqual({ first: '2026-03-01', last: '2026-03-15' });
    if (!march) throw new Error('bounds expected');
    expect(clampDay('2026-02-28', march)).toBe('2026-03-01');
    expect(clampDay('2026-03-22', march)).toBe('2026-03-15');
    expect(clampDay('2026-03-10', march)).toBe('2026-03-10');
    expect(calendarBounds('2026-02-01', '2026-02-28', '2026-03-15')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    // A month still to come has no day to open.
    expect(calendarBounds('2026-04-01', '2026-04-30', '2026-03-15')).toBeUndefined();
  });
});

describe('counting the days with entries', () => {
  it('counts the entries of each day', () => {
    expect(countByDay([{ localDate: '2026-03-14' }, { localDate: '2026-03-14' }, { localDate: '2026-03-15' }])).toEqual({
      '2026-03-14': 2,
      '2026-03-15': 1,
    });
  });

  it('keeps the larger count of each day from the server’s counts and the device’s entries', () => {
    const server = { '2026-03-01': 2, '2026-03-14': 1 };
    const device = { '2026-03-14': 1, '2026-03-15': 1 };
    expect(mergeDayCounts(server, device)).toEqual({ '2026-03-01': 2, '2026-03-14': 1, '2026-03-15': 1 });
    expect(mergeDayCounts(undefined, device)).toEqual(device);
  });
});

describe('moodByDay', () => {
  it('gives each day the mood of its newest entry with one, and nothing to a day without', () => {
    expect(
      moodByDay([
        { localDate: '2026-03-14', date: '2026-03-14T20:00:00.000Z' },
        { localDate: '2026-03-14', date: '2026-03-14T09:00:00.000Z', mood: 3 },
        { localDate: '2026-03-14', date: '2026-03-14T12:00:00.000Z', mood: 5 },
        { localDate: '2026-03-13', date: '2026-03-13T12:00:00.000Z' },
        { localDate: '2026-03-12', date: '2026-03-12T12:00:00.000Z', mood: 1 },
      ]),
    ).toEqual({ '2026-03-14': 5, '2026-03-12': 1 });
  });
});

describe('firstPhotoByDay', () => {
  it('gives each day the first photo of its oldest entry with photos, passing over photos still waiting to be sent', () => {
    const photo = (id: string) => ({ id });
    expect(
      firstPhotoByDay([
        { localDate: '2026-03-14', date: '2026-03-14T20:00:00.000Z', photos: [photo('late')] },
        { localDate: '2026-03-14', date: '2026-03-14T12:00:00.000Z', photos: [photo('noon-1'), photo('noon-2')] },
        { localDate: '2026-03-14', date: '2026-03-14T09:00:00.000Z', photos: [] },
        { localDate: '2026-03-13', date: '2026-03-13T12:00:00.000Z' },
        { localDate: '2026-03-12', date: '2026-03-12T12:00:00.000Z', photos: [photo('local:abc'), photo('sent')] },
        { localDate: '2026-03-11', date: '2026-03-11T12:00:00.000Z', photos: [photo('local:only')] },
      ]),
    ).toEqual({ '2026-03-14': 'noon-1', '2026-03-12': 'sent' });
  });
});
