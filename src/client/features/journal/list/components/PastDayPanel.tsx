import { addDays } from '../../../../../shared/dates';
import { Button } from '../../../../ui/Button';

export const ADD_PAST_ENTRY_LABEL = 'Add an entry for this day';

/**
 * The way into writing for an earlier day that has no entry, for a writer who writes past days (docs/product.md §5):
 * the entry will say the day it was added on.
 */
export function PastDayPanel({ day, today, onAddEntry }: { day: string; today: string; onAddEntry: () => void }) {
  return (
    <section className="card today-panel past-day-panel" aria-label="Write for this day">
      <p className="past-day-note">
        {day === addDays(today, -1) ? 'Missed yesterday?' : 'Missed this day?'} You can still write about it; the
        entry will say the day it was added on.
      </p>
      <Button onClick={onAddEntry}>{ADD_PAST_ENTRY_LABEL}</Button>
    </section>
  );
}
