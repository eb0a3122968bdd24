import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { journalDayPath } from '../../../../lib/paths';
import type { Mood } from '../../../../../shared/mood';
import { photoUrl } from '../../../../../shared/photos';
import '../../../../styles/mood.css';
import { type CalendarBounds, clampDay, dayAfterKey, dayLabel, monthWeeks, WEEKDAYS } from '../date-grid';

/**
 * The day that holds a calendar's one tab stop (the roving tabindex of the ARIA grid pattern), and the keys that
 * move it. `preferred` is where it starts; arrows, Home, End, Page Up and Page Down move it within `bounds`, which
 * never go past today. The handlers go on the element around the grids, so in the year view the arrows cross from
 * one month into the next.
 */
export function useRovingDay(preferred: string, bounds: CalendarBounds | undefined) {
  const [chosen, setChosen] = useState<string | null>(null);
  const focusDay = bounds ? clampDay(chosen ?? preferred, bounds) : undefined;
  // A new object for each key press, so that pressing an arrow at the edge focuses the same day again.
  const [focusRequest, setFocusRequest] = useState<{ day: string } | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!focusRequest) return;
    containerRef.current?.querySelector<HTMLElement>(`[data-day="${focusRequest.day}"]`)?.focus();
  }, [focusRequest]);

  function dayOf(target: EventTarget): string | undefined {
    return target instanceof Element ? target.closest<HTMLElement>('[data-day]')?.dataset.day : undefined;
  }

  function onKeyDown(event: KeyboardEvent) {
    const from = dayOf(event.target);
    if (!from || !bounds || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = dayAfterKey(from, event.key);
    if (next === undefined) return;
    event.preventDefault();
    const day = clampDay(next, bounds);
    setChosen(day);
    setFocusRequest({ day });
  }

  /** A day focused another way (a click, a screen reader's own cursor) becomes the tab stop. */
  function onFocus(event: FocusEvent) {
    const day = dayOf(event.target);
    if (day && day !== focusDay) setChosen(day);
  }

  return { focusDay, containerRef, onKeyDown, onFocus };
}

/**
 * A day (or a month) opened from a calendar starts at its top. The journal's views share one address, where moving by
 * the arrows keeps the scroll so that they stay under the finger; a day chosen far down a year would otherwise open
 * scrolled past its heading.
 */
export function openAtTop() {
  window.scrollTo(0, 0);
}

export interface CalendarGridProps {
  monthKey: string;
  today: string;
  /** The entries of each day that has some. */
  counts: Record<string, number>;
  /** The mood of each day that has one: the day is drawn in its colour, and named with its word. */
  moods?: Record<string, Mood>;
  /**
   * The id of each day's first photo, where the writer chose to see them (docs/product.md §16): the day's tile shows its
   * thumbnail, its number and marks kept over it.
   */
  photos?: Record<string, string>;
  /** The day that takes the tab stop, if it is in this month. */
  focusDay: string | undefined;
  /** The grid's name: the month and year, and anything said about them. */
  label: string;
  /** The month view's large calendar, with week numbers; or one of the year's small months. */
  size: 'large' | 'small';
}

/**
 * One month as an ARIA grid: a table with a column header per weekday (Monday first) and, in the large calendar, a
 * row header per week. A day up to today is a link to its day view, named by its weekday, day, month and entries
 * ('Tuesday 14 October, 1 entry'); a day still to come is only a number.
 */
export function CalendarGrid({
  monthKey,
  today,
  counts,
  moods = {},
  photos = {},
  focusDay,
  label,
  size,
}: CalendarGridProps) {
  const large = size === 'large';
  return (
    <table role="grid" className={`calendar-grid calendar-${size}`} aria-label={label}>
      <thead>
        <tr role="row">
          {large && (
            <th scope="col" role="columnheader" className="calendar-week-heading">
              <span aria-hidden="true">Wk</span>
              <span className="visually-hidden">Week</span>
            </th>
          )}
          {WEEKDAYS.map((weekday) => (
            <th key={weekday.long} scope="col" role="columnheader" abbr={weekday.long}>
              <span aria-hidden="true">{large ? weekday.short : weekday.narrow}</span>
              <span className="visually-hidden">{weekday.long}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(monthKey).map(({ week, days }) => (
          <tr key={week} role="row">
            {large && (
              <th scope="row" role="rowheader" className="calendar-week">
                <span aria-hidden="true">{week}</span>
                <span className="visually-hidden">Week {week}</span>
              </th>
            )}
            {days.map((day, index) => (
              <td
                key={day ?? `blank-${index}`}
                role="gridcell"
                aria-disabled={day !== null && day > today ? true : undefined}
              >
                {day !== null && (
                  <CalendarDay
                    day={day}
                    today={today}
                    entries={counts[day] ?? 0}
                    mood={moods[day]}
                    photo={photos[day]}
                    focusDay={focusDay}
                  />
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CalendarDay({
  day,
  today,
  entries,
  mood,
  photo,
  focusDay,
}: {
  day: string;
  today: string;
  entries: number;
  mood: Mood | undefined;
  photo: string | undefined;
  focusDay: string | undefined;
}) {
  // A thumbnail that cannot be had (offline and never kept on the device, or gone) leaves the day as it is drawn without.
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['calendar-day'];
  if (entries > 0) classes.push('has-entry');
  // A mood colours a day with entries only: a day whose entries are gone has none.
  const felt = entries > 0 ? mood : undefined;
  if (felt !== undefined) classes.push('has-mood', `mood-${felt}`);
  if (day === today) classes.push('is-today');
  const number = Number(day.slice(8, 10));
  // Only a day with entries has a photo: the tile's photo goes with its entries.
  const shown = entries > 0 && day <= today && photo !== undefined && photo !== failed ? photo : undefined;
  if (shown !== undefined) classes.push('has-photo');
  if (day > today) {
    classes.push('is-future');
    return (
      <span className={classes.join(' ')}>
        <span aria-hidden="true">{number}</span>
        <span className="visually-hidden">{dayLabel(day, entries, felt)}</span>
      </span>
    );
  }
  return (
    <Link
      to={journalDayPath(day)}
      className={classes.join(' ')}
      data-day={day}
      tabIndex={day === focusDay ? 0 : -1}
      aria-label={dayLabel(day, entries, felt)}
      aria-current={day === today ? 'date' : undefined}
      onClick={openAtTop}
    >
      {shown === undefined ? (
        number
      ) : (
        <>
          {/* The tile's size is the cell's, whatever the photo's: nothing moves as it loads. */}
          <img
            className="calendar-photo"
            src={photoUrl(shown, 'thumb')}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setFailed(shown)}
          />
          <span className="calendar-number">{number}</span>
        </>
      )}
    </Link>
  );
}
