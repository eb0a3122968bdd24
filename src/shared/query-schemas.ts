import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey, monthDayRange } from './dates';
import { dayKeySchema, monthKeySchema } from './entry-schemas';
import { MAX_PAGE_SIZE } from './limits';
import { JOURNAL_QUERY_MESSAGES as M, LOOK_BACK_MESSAGES as L } from './messages';

/**
 * The query strings of the journal's reads, checked with schemas as bodies are (docs/product.md §7, §15, §16). A
 * schema reads a query as Hono gives it: `c.req.query()`, each parameter's first value, where a repeated parameter is
 * read once; `c.req.queries()`, all its values, where a parameter must be given once. Each issue carries the words the
 * API answers with; the route picks the code. Rules that depend on the server's clock (how far today may be from the
 * server's date, the last year a calendar shows) are the services'.
 */

/** A text that `schema` accepts; every refusal is told with `message`. */
const text = (schema: z.ZodType<string>, message: string) =>
  z.string({ error: message }).refine((value) => schema.safeParse(value).success, { error: message });

/**
 * A calendar day written YYYY-MM-DD whose day number names the same day again, which also refuses years before 100
 * (Date.UTC reads 0050 as 1950).
 */
const calendarDay = (message: string) =>
  z.string({ error: message }).refine(
    (value) => dayKeySchema.safeParse(value).success && dayNumberToKey(dayKeyToNumber(value)) === value,
    { error: message },
  );

/** The one value of a parameter of `c.req.queries()`; `twice` when it is given more than once. */
const once = (value: z.ZodType<string, string>, twice: string) =>
  z.tuple([value], { error: twice }).transform(([only]) => only);

/** A parameter of `c.req.queries()`, given any number of times. */
const anyValues = z.array(z.string()).optional();

// GET /api/entries

/** The day or the month a read of entries names, and where its page begins. */
export interface EntryPageQuery {
  kind: 'day' | 'month';
  firstDay: number;
  lastDay: number;
  /** A month's page size; a day's page is always whole. */
  limit: number | undefined;
  cursor: string | undefined;
}

/** ?limit: plain digits only (no '1e2', '0x10' or spaces), from 1 to MAX_PAGE_SIZE. */
const pageSizeSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, { error: M.invalidPageSize })
  .transform(Number)
  .pipe(z.number().max(MAX_PAGE_SIZE, { error: M.invalidPageSize }));

const dayPageSchema = z
  .object({ read: z.literal('day'), day: text(dayKeySchema, M.invalidDay), cursor: z.string().optional() })
  .transform(({ day, cursor }): EntryPageQuery => {
    const dayNumber = dayKeyToNumber(day);
    return { kind: 'day', firstDay: dayNumber, lastDay: dayNumber, limit: undefined, cursor };
  });

const monthPageSchema = z
  .object({
    read: z.literal('month'),
    month: text(monthKeySchema, M.invalidMonth),
    limit: pageSizeSchema.optional(),
    cursor: z.string().optional(),
  })
  .transform(({ month, limit, cursor }): EntryPageQuery => {
    const { first, last } = monthDayRange(month);
    return { kind: 'month', firstDay: first, lastDay: last, limit, cursor };
  });

/** The name of the read a query names: `day` when it gives a day, else `month` when it gives a month. */
function readNamed(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const { day, month } = query as Record<string, unknown>;
  return { ...query, read: day !== undefined ? 'day' : month !== undefined ? 'month' : undefined };
}

/**
 * GET /api/entries' query, from `c.req.query()`: ?day=YYYY-MM-DD, or ?month=YYYY-MM with an optional page size, and
 * the cursor of the page before. A query that names both reads the day; any other parameter is not read.
 */
export const entryPageQuerySchema = z.preprocess(
  readNamed,
  z.discriminatedUnion('read', [dayPageSchema, monthPageSchema], { error: M.dayOrMonth }),
);

/**
 * GET /api/entries?day=YYYY-MM-DD&lookBack=1, from `c.req.queries()`: today's list with looking back in it. The day,
 * given once, a calendar day, with lookBack=1 and nothing else; any other query is refused whole
 * (`LOOK_BACK_MESSAGES.lookBackWithDayOnly`). Gives the day.
 */
export const dayWithLookBackQuerySchema = z
  .strictObject({ day: z.tuple([calendarDay(L.lookBackWithDayOnly)]), lookBack: z.tuple([z.literal('1')]) })
  .transform(({ day: [day] }) => day);

// GET /api/days

/** The year (YYYY) or the month (YYYY-MM) a calendar shows, as written; which years may be shown is the service's. */
export type CalendarQuery = { read: 'year'; year: string } | { read: 'month'; month: string };

/** A year of four digits, ASCII only: no sign, no spaces, no other script's digits. */
const yearSchema = z.string().regex(/^\d{4}$/, { error: M.yearFormat });

/** `year` or `month` when a query gives that parameter and nothing else. */
function calendarRead(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const names = Object.keys(query);
  const [only] = names;
  return { ...query, read: names.length === 1 && (only === 'year' || only === 'month') ? only : undefined };
}

/**
 * GET /api/days' query, from `c.req.queries()`: ?year=YYYY or ?month=YYYY-MM, exactly one of them, given once, and
 * nothing else. Anything else is refused before it reaches the database, however long it is.
 */
export const calendarQuerySchema = z.preprocess(
  calendarRead,
  z.discriminatedUnion(
    'read',
    [
      z.object({ read: z.literal('year'), year: once(yearSchema, M.yearTwice) }),
      z.object({ read: z.literal('month'), month: once(text(monthKeySchema, M.monthFormat), M.monthTwice) }),
    ],
    { error: M.yearOrMonth },
  ),
);

// GET /api/export

/**
 * The formats of an export: the JSON an import reads back, a Markdown document to read, or a zip of both with every
 * photo.
 */
export const EXPORT_FORMATS = ['json', 'markdown', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One end of an export's range, ?from= or ?to=: absent, or given once as a calendar day; its day number. */
const rangeEnd = (invalid: string, twice: string) =>
  once(calendarDay(invalid), twice).transform(dayKeyToNumber).optional();

/**
 * GET /api/export's query, from `c.req.queries()`: ?format=json|markdown|zip (its first value), and the local days the
 * export covers, ?from=YYYY-MM-DD&to=YYYY-MM-DD, both included, either one optional. Other parameters are not read.
 */
export const exportQuerySchema = z
  .object({
    format: z
      .array(z.string(), { error: M.invalidFormat })
      .transform(([first]) => first)
      .pipe(z.enum(EXPORT_FORMATS, { error: M.invalidFormat })),
    from: rangeEnd(M.invalidFrom, M.fromTwice),
    to: rangeEnd(M.invalidTo, M.toTwice),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, { error: M.fromAfterTo })
  .transform(({ format, from, to }) => ({ format, range: { firstDay: from, lastDay: to } }));

// GET /api/look-back and GET /api/jar

/** ?today=YYYY-MM-DD, given once, a calendar day; how near it must be to the server's date is the service's rule. */
const todaySchema = z
  .tuple([calendarDay(L.todayInvalid)], {
    error: (issue) => (issue.code === 'invalid_type' ? L.todayMissing : L.todayTwice),
  })
  .transform(([today]) => today);

/** ?not=<entry id>, given once: the gratitude shown now, which "Another" should not bring back. */
const notSchema = once(z.uuid({ error: L.notInvalid }), L.notInvalid).transform((id) => id.toLowerCase());

/** GET /api/look-back's query, from `c.req.queries()`: today= alone, checked once no other name is given. */
export const lookBackQuerySchema = z
  .strictObject({ today: anyValues }, { error: L.unknownParameter })
  .pipe(z.object({ today: todaySchema }));

/** GET /api/jar's query, from `c.req.queries()`: today= and, when given, not=, checked once no other name is given. */
export const jarQuerySchema = z
  .strictObject({ today: anyValues, not: anyValues }, { error: L.unknownParameter })
  .pipe(z.object({ today: todaySchema, not: notSchema.optional() }));
