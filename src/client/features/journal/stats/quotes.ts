import { type Quote, readQuotesFile } from '../../../../shared/quotes';

export { type Quote, quoteForDay } from '../../../../shared/quotes';

/**
 * The quotes of /quotes.json. A missing or malformed file is an error (the screen then shows the fallback
 * quote), so that only a good answer is kept in the offline cache.
 */
export async function fetchQuotes(): Promise<Quote[]> {
  try {
    const response = await fetch('/quotes.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`quotes.json answered ${response.status}`);
    const quotes = readQuotesFile(await response.json());
    if (!quotes) throw new Error('quotes.json is not a non-empty quotes array');
    return quotes;
  } catch (error) {
    console.warn('Using the fallback quote', error);
    throw error;
  }
}
