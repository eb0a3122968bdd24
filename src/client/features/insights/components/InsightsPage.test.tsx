// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Insights } from '../../../../shared/insights';
import { answer, draw, settled, words } from '../../../test/dom';
import { InsightsPage } from './InsightsPage';

const MONTHS = Array.from({ length: 12 }, (_, n) => `2026-${String(n + 1).padStart(2, '0')}`);

function figures(overrides: Partial<Insights> = {}): Insights {
  return {
    year: null,
    today: '2026-11-27',
    entries: 40,
    daysWritten: 35,
    streaks: {
      current: 3,
      longest: { days: 9, first: '2026-03-01', last: '2026-03-09' },
      longestInYear: { days: 9, first: '2026-03-01', last: '2026-03-09' },
      streakYear: 2026,
    },
    months: MONTHS.map((month, n) => ({ month, entries: n === 2 ? 12 : 2 })),
    weekdays: [1, 9, 5, 5, 5, 5, 10],
    hours: Array.from({ length: 24 }, (_, hour) => (hour === 21 ? 30 : hour === 8 ? 8 : 0)),
    timeUnknown: 2,
    mood: {
      overall: { average: 3.84, entries: 30 },
      months: MONTHS.map((month, n) => ({ month, average: n === 2 ? 4.5 : null, entries: n === 2 ? 10 : 0 })),
      afterWrittenDay: { average: 4.1, entries: 20 },
      afterEmptyDay: { average: 3.2, entries: 10 },
    },
    words: [
      { word: 'sea', entries: 12 },
      { word: 'семья', entries: 4 },
    ],
    wordsWritten: 4321,
    firstEntry: { day: '2025-05-04', id: 'first' },
    ...overrides,
  };
}

describe('the Insights screen', () => {
  it('says each chart’s largest figure and gives its numbers as a table', async () => {
    const requests = answer(() => ({ status: 200, body: figures() }));
    const { container } = await draw(<InsightsPage />, { at: '/insights' });
    await settled(() => expect(words(container)).toContain('Streaks'));
    expect(requests[0]?.path).toMatch(/^\/api\/insights\?today=\d{4}-\d{2}-\d{2}$/);
    const text = words(container);
    expect(text).toContain('9 days, March 1, 2026 to March 9, 2026');
    expect(text).toContain('most in March 2026 (12)');
    expect(text).toContain('most on Saturdays (10)');
    expect(text).toContain('most in the evening (30); 2 entries without a time');
    expect(text).toContain('Average mood: Good (3.8), over 30 entries.');
    expect(text).toContain('4,321');
    const tables = [...container.querySelectorAll('table')];
    expect(tables.map((table) => table.querySelector('caption')?.textContent?.split(':')[0])).toEqual([
      'Entries per month, January 2026 to December 2026',
      'Entries by day of the week',
      'Entries by time of day, on your clock when you wrote',
      'Average mood per month, from 1 (Rough) to 5 (Great).',
    ]);
    expect(tables[0]?.querySelectorAll('tbody tr')).toHaveLength(12);
    expect(tables[3]?.textContent).toContain('March 2026Great (4.5)');
    expect(tables[3]?.textContent).toContain('April 2026No mood chosen');
    const links = [...container.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['sea', '/journal?q=sea&prompt=gratitude']);
    expect(links).toContainEqual(['семья', `/journal?q=${encodeURIComponent('семья')}&prompt=gratitude`]);
    expect(links).toContainEqual(['May 4, 2025', '/journal?date=2025-05-04']);
  });

  it('encourages a journal of fewer than three entries instead of drawing empty charts', async () => {
    answer(() => ({ status: 200, body: figures({ entries: 2, words: [], mood: { ...figures().mood, overall: null } }) }));
    const { container } = await draw(<InsightsPage />, { at: '/insights' });
    await settled(() => expect(words(container)).toContain('Your insights grow with your journal'));
    expect(container.querySelectorAll('table, svg')).toHaveLength(0);
    expect(container.querySelector('select')).toBeNull();
  });

  it('asks for the year in the address, and reads one it cannot show as the whole journal', async () => {
    const requests = answer(() => ({ status: 200, body: figures({ year: 2025 }) }));
    await draw(<InsightsPage />, { at: '/insights?year=2025' });
    await settled(() => expect(requests[0]?.path).toContain('year=2025'));
    const later = answer(() => ({ status: 200, body: figures() }));
    await draw(<InsightsPage />, { at: '/insights?year=abc' });
    await settled(() => expect(later).toHaveLength(1));
    expect(later[0]?.path).not.toContain('year=');
  });
});
