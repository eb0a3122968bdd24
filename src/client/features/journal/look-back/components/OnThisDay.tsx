import { useId } from 'react';
import { type LookBackGroup, lookBackLabel } from '../../../../../shared/look-back';
import { formatDayHeading, formatMonthDay } from '../../list/journal-view';
import { LookBackEntry } from './LookBackEntry';

export const ON_THIS_DAY_TITLE = 'On this day';
export const OFFLINE_INCOMPLETE = 'Offline, so only the days kept on this device are shown.';

/** 'Tuesday, March 31, 2025'; for a leap day read in another year, 'February 28 and 29, 2024'. */
function groupDate(days: readonly string[]): string {
  const [first, second] = [...days].sort();
  if (!first) return '';
  if (!second) return formatDayHeading(first, 'long');
  return `${formatMonthDay(first)} and ${Number(second.slice(8))}, ${second.slice(0, 4)}`;
}

/**
 * What was written one month, one year and every earlier year ago on today's date (docs/product.md §15), newest
 * first. Shown only with something in it; `incomplete` when, offline, the device could not look at every date.
 */
export function OnThisDay({ groups, incomplete }: { groups: readonly LookBackGroup[]; incomplete: boolean }) {
  const headingId = useId();
  return (
    <section className="card look-back" aria-labelledby={headingId}>
      <h2 id={headingId} className="look-back-title">
        {ON_THIS_DAY_TITLE}
      </h2>
      <ol className="look-back-groups">
        {groups.map((group) => {
          const label = lookBackLabel(group);
          return (
            <li key={`${group.kind}-${group.ago}`} className="look-back-group">
              <h3 className="look-back-when">
                <span className="look-back-ago">{label}</span>
                <span className="look-back-date">{groupDate(group.days)}</span>
              </h3>
              {group.entries.map((entry) => (
                <LookBackEntry key={entry.id} entry={entry} />
              ))}
            </li>
          );
        })}
      </ol>
      {incomplete && <p className="look-back-note">{OFFLINE_INCOMPLETE}</p>}
    </section>
  );
}
