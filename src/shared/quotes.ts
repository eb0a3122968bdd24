import { z } from 'zod';
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

export const quotesFileSchema = z.object({
  quotes: z.array(z.object({ quote: z.string().trim().min(1), author: z.string() })).min(1),
});

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
