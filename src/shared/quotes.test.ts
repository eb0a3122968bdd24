import { describe, expect, it } from 'vitest';
import { quoteForDay, readQuotesFile } from './quotes';
import quotesJson from './quotes.json';

const file = { quotes: readQuotesFile(quotesJson) ?? [] };

describe('the quotes of the day', () => {
  it('are a well-formed list, the one the app serves as /quotes.json and the reminder emails read', () => {
    expect(file.quotes).toHaveLength(325);
  });

  it('are refused when the file holds none, or a quote without text or author', () => {
    expect(readQuotesFile({ quotes: [] })).toBeNull();
    expect(readQuotesFile({ quotes: [{ quote: '  ', author: 'A' }] })).toBeNull();
    expect(readQuotesFile({ quotes: [{ quote: 'Hi' }] })).toBeNull();
    expect(readQuotesFile([{ quote: 'Hi', author: 'A' }])).toBeNull();
    expect(readQuotesFile({ quotes: [{ quote: ' Hi ', author: 'A', extra: 1 }] })).toEqual([{ quote: 'Hi', author: 'A' }]);
  });

  it('pick the same quote for a day as the journal always has', () => {
    expect(quoteForDay(file.quotes, '2026-03-15')).toEqual({
      quote: 'Let your life lightly dance on the edges of Time like dew on the tip of a leaf.',
      author: 'Rabindranath Tagore',
    });
    expect(quoteForDay(file.quotes, '2026-11-22').author).toBe('Thich Nhat Hanh');
  });
});
