import { describe, expect, it } from 'vitest';
import { quoteForDay } from './quotes';

const quotes = Array.from({ length: 325 }, (_, i) => ({ quote: `Quote ${i}`, author: `Author ${i}` }));

describe('quoteForDay', () => {
  it('picks the same quote all day', () => {
    expect(quoteForDay(quotes, '2026-11-22')).toEqual(quoteForDay(quotes, '2026-11-22'));
  });

  it('changes from day to day', () => {
    const week = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    const picked = new Set(week.map((day) => quoteForDay(quotes, day).quote));
    expect(picked.size).toBeGreaterThan(4);
  });

  it('falls back to the default quote when there are none', () => {
    expect(quoteForDay([], '2026-11-22').author).toBe('Walt Whitman');
  });
});
