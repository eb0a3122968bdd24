import { useId } from 'react';
import { Button } from '../../../../ui/Button';
import { DailyQuote } from '../../stats/components/DailyQuote';

export const ADD_ENTRY_LABEL = 'Add Your Journal Entry';
export const ADD_ANOTHER_LABEL = 'Add another entry';

/**
 * Today's quote and the way into writing. Month view titles it 'Today'; day view already says the date. While today
 * has no entry, writing is the page's main button; once it has one (saved or waiting to sync), a quieter 'Add another
 * entry' takes its place: the main button invited a second entry for the day by mistake.
 */
export function TodayPanel({
  today,
  onAddEntry,
  written,
  titled = false,
}: {
  today: string;
  onAddEntry: () => void;
  /** Today already has an entry. */
  written: boolean;
  titled?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      className="card today-panel"
      aria-labelledby={titled ? headingId : undefined}
      aria-label={titled ? undefined : 'Today'}
    >
      {titled && (
        <h2 id={headingId} className="today-panel-title">
          Today
        </h2>
      )}
      <DailyQuote today={today} />
      {written ? (
        <Button variant="secondary" onClick={onAddEntry}>
          {ADD_ANOTHER_LABEL}
        </Button>
      ) : (
        <Button className="btn-large" onClick={onAddEntry}>
          {ADD_ENTRY_LABEL}
        </Button>
      )}
    </section>
  );
}
