import { readFileSync } from 'node:fs';
import { type Quote, readQuotesFile } from '../../shared/quotes';

let loaded: readonly Quote[] | undefined;

/**
 * The quotes of the day, as the app gets them from /quotes.json (src/shared/quotes.json): read once, when the first
 * reminder is written. A file that cannot be read is an error at that moment, like any other failure to write an
 * email: the mail queue tries again later.
 */
export function dailyQuotes(): readonly Quote[] {
  if (!loaded) {
    const quotes = readQuotesFile(JSON.parse(readFileSync(new URL('../../shared/quotes.json', import.meta.url), 'utf8')));
    if (!quotes) throw new Error('src/shared/quotes.json is not a non-empty list of quotes');
    loaded = quotes;
  }
  return loaded;
}
