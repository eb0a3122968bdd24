import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { DailyQuote } from '../stats/DailyQuote';

export const ADD_ENTRY_LABEL = 'Add Your Journal Entry';

/** Today's quote and the way into writing. Month view titles it 'Today'; day view already says the date. */
export function TodayPanel({
  today,
  onAddEntry,
  titled = false,
}: {
  today: string;
  onAddEntry: () => void;
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
      <Button className="btn-large" onClick={onAddEntry}>
        {ADD_ENTRY_LABEL}
      </Button>
    </section>
  );
}
