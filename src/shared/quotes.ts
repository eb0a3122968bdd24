import { FALLBACK_QUOTE } from './messages';

/**
 * The quote of the day (docs/product.md §3). The list is src/shared/quotes.json: the build serves it to the app as
 * /quotes.json (vite.config.ts), and the server reads it for the reminder emails, so both pick from the same list in
 * the same way and an email shows the quote the journal shows that day.
 */
export interface Quote {
  quote: string;
  author: string;
}

/**
 * The quotes of a quotes file (`{quotes: [{quote, author}, ...]}`), each quote trimmed; null unless the file holds at
 * least one quote and every quote has text and an author. Plain code rather than a schema: the journal reads it as it
 * opens, before any validation code has loaded.
 */
export function readQuotesFile(file: unknown): Quote[] | null {
  const quotes = (file as { quotes?: unknown } | null)?.quotes;
  if (!Array.isArray(quotes) || quotes.length === 0) return null;
  const read: Quote[] = [];
  for (const item of quotes as unknown[]) {
    const { quote, author } = (item ?? {}) as { quote?: unknown; author?: unknown };
    if (typeof quote !== 'string' || typeof author !== 'string' || quote.trim() === '') return null;
    read.push({ quote: quote.trim(), author });
  }
  return read;
}

/** A small, stable string hash (FNV-1a), so a date always picks the same quote. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The quote of a local calendar day (YYYY-MM-DD): the same all day, different from day to day. */
export function quoteForDay(quotes: readonly Quote[], dayKey: string): Quote {
  return quotes[hash(dayKey) % quotes.length] ?? FALLBACK_QUOTE;
}
