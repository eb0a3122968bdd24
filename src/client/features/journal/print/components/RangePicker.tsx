import { useId } from 'react';
import { currentRange, type PrintRange, type PrintRangeKind } from '../print-range';

const KINDS: readonly { kind: PrintRangeKind; label: string }[] = [
  { kind: 'month', label: 'Month' },
  { kind: 'year', label: 'Year' },
  { kind: 'all', label: 'Everything' },
];

const MONTH_NAMES = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, index, 1))),
);

/** The earliest year offered in the list, unless the range shown is earlier still. */
const FIRST_LISTED_YEAR = 2000;

/** The years to choose from: this one back to 2000, and the range's own year wherever it lies. */
function yearChoices(shown: number, thisYear: number): number[] {
  const newest = Math.max(thisYear, shown);
  const oldest = Math.min(FIRST_LISTED_YEAR, shown);
  return Array.from({ length: newest - oldest + 1 }, (_, index) => newest - index);
}

/** The same kind of range as before for a new kind: a month of the year shown, a year of the month shown. */
function switchKind(range: PrintRange, kind: PrintRangeKind, today: string): PrintRange {
  if (kind === range.kind) return range;
  if (kind === 'year' && range.kind === 'month') return { kind: 'year', year: range.month.slice(0, 4) };
  if (kind === 'month' && range.kind === 'year' && range.year !== today.slice(0, 4)) {
    return { kind: 'month', month: `${range.year}-01` };
  }
  return currentRange(kind, today);
}

export interface RangePickerProps {
  range: PrintRange;
  today: string;
  onChange: (range: PrintRange) => void;
}

/** Which entries to print: a month, a year, or everything. */
export function RangePicker({ range, today, onChange }: RangePickerProps) {
  const labelId = useId();
  const thisYear = Number(today.slice(0, 4));
  const year = range.kind === 'month' ? range.month.slice(0, 4) : range.kind === 'year' ? range.year : null;

  return (
    <div className="print-range" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="print-range-label">
        Entries to print
      </span>
      <div className="print-range-controls">
        <div className="print-segments">
          {KINDS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className="print-segment"
              aria-pressed={range.kind === kind}
              onClick={() => onChange(switchKind(range, kind, today))}
            >
              {label}
            </button>
          ))}
        </div>
        {range.kind === 'month' && (
          <select
            className="field-input print-select"
            aria-label="Month"
            value={range.month.slice(5, 7)}
            onChange={(event) => onChange({ kind: 'month', month: `${range.month.slice(0, 4)}-${event.target.value}` })}
          >
            {MONTH_NAMES.map((name, index) => {
              const value = String(index + 1).padStart(2, '0');
              return (
                <option key={value} value={value}>
                  {name}
                </option>
              );
            })}
          </select>
        )}
        {year !== null && (
          <select
            className="field-input print-select"
            aria-label="Year"
            value={year}
            onChange={(event) =>
              onChange(
                range.kind === 'month'
                  ? { kind: 'month', month: `${event.target.value}-${range.month.slice(5, 7)}` }
                  : { kind: 'year', year: event.target.value },
              )
            }
          >
            {yearChoices(Number(year), thisYear).map((choice) => (
              <option key={choice} value={String(choice)}>
                {choice}
              </option>
            ))}
          </select>
        )}
      </div>
    </div>
  );
}
