import { dayNumberToKey, monthDayRange, monthKeyOf } from '../../../../shared/dates';
import { monthKeySchema } from '../../../../shared/entry-schemas';
import { paths } from '../../../lib/paths';
import { formatMonthHeading } from '../list/journal-view';

/**
 * The part of the journal the printable view shows, as kept in its URL:
 * /print?range=month&month=YYYY-MM, /print?range=year&year=YYYY or /print?range=all.
 */
export type PrintRange = { kind: 'month'; month: string } | { kind: 'year'; year: string } | { kind: 'all' };

export type PrintRangeKind = PrintRange['kind'];

/** Four digits, from the year 1000: the years a calendar day of the journal can be written in (YYYY-MM-DD). */
const YEAR = /^[1-9][0-9]{3}$/;

function isMonth(value: string | null): value is string {
  return value !== null && monthKeySchema.safeParse(value).success && YEAR.test(value.slice(0, 4));
}

function isYear(value: string | null): value is string {
  return value !== null && YEAR.test(value);
}

/** The range the URL names; anything it cannot read is the current month. */
export function readPrintRange(params: URLSearchParams, today: string): PrintRange {
  const kind = params.get('range');
  if (kind === 'all') return { kind: 'all' };
  if (kind === 'year') {
    const year = params.get('year');
    if (isYear(year)) return { kind: 'year', year };
  }
  if (kind === 'month') {
    const month = params.get('month');
    if (isMonth(month)) return { kind: 'month', month };
  }
  return { kind: 'month', month: monthKeyOf(today) };
}

export function printPath(range: PrintRange): string {
  if (range.kind === 'all') return `${paths.print}?range=all`;
  if (range.kind === 'year') return `${paths.print}?range=year&year=${range.year}`;
  return `${paths.print}?range=month&month=${range.month}`;
}

/** The range of this kind that holds today: this month, this year, or everything. */
export function currentRange(kind: PrintRangeKind, today: string): PrintRange {
  if (kind === 'all') return { kind: 'all' };
  if (kind === 'year') return { kind: 'year', year: today.slice(0, 4) };
  return { kind: 'month', month: monthKeyOf(today) };
}

/** The export of the range's days (GET /api/export, both days included), as JSON. */
export function exportPath(range: PrintRange): string {
  const query = new URLSearchParams({ format: 'json' });
  if (range.kind === 'month') {
    const { first, last } = monthDayRange(range.month);
    query.set('from', dayNumberToKey(first));
    query.set('to', dayNumberToKey(last));
  } else if (range.kind === 'year') {
    query.set('from', `${range.year}-01-01`);
    query.set('to', `${range.year}-12-31`);
  }
  return `/api/export?${query}`;
}

/** 'November 2026', '2026' or 'Everything'. */
export function describeRange(range: PrintRange): string {
  if (range.kind === 'all') return 'Everything';
  if (range.kind === 'year') return range.year;
  return formatMonthHeading(`${range.month}-01`);
}

/** What the view says when the range holds no entry. */
export function emptyRangeMessage(range: PrintRange): string {
  if (range.kind === 'all') return 'No entries yet. Once you write one, it will be here to print.';
  return `No entries in ${describeRange(range)}.`;
}
