import { z } from 'zod';
import { FALLBACK_QUOTE } from '../../../../shared/messages';

export interface Quote {
  quote: string;
  author: string;
}

const quotesFileSchema = z.object({
  quotes: z.array(z.object({ quote: z.string().trim().min(1), author: z.string() })).min(1),
});

/**
 * The quotes of /quotes.json. A missing or malformed file is an error (the screen then shows the fallback
 * quote), so that only a good answer is kept in the offline cache.
 */
export async function fetchQuotes(): Promise<Quote[]> {
  try {
    const response = await fetch('/quotes.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`quotes.json answered ${response.status}`);
    const parsed = quotesFileSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('quotes.json is not a non-empty quotes array');
    return parsed.data.quotes;
  } catch (error) {
    console.warn('Using the fallback quote', error);
    throw error;
  }
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

/** The quote of a local calendar day: the same all day, different from day to day. */
export function quoteForDay(quotes: readonly Quote[], dayKey: string): Quote {
  return quotes[hash(dayKey) % quotes.length] ?? FALLBACK_QUOTE;
}
