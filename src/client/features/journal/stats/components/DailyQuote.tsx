import { FALLBACK_QUOTE } from '../../../../../shared/messages';
import { useQuotes } from '../../api';
import { quoteForDay } from '../quotes';

/** The quote of the day, the same all day long (docs/product.md §7). */
export function DailyQuote({ today }: { today: string }) {
  const quotes = useQuotes();
  if (quotes.isPending) return <div className="daily-quote daily-quote-pending" aria-hidden="true" />;
  const { quote, author } = quotes.data?.length ? quoteForDay(quotes.data, today) : FALLBACK_QUOTE;
  return (
    <figure className="daily-quote">
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      {author && <figcaption>{author}</figcaption>}
    </figure>
  );
}
