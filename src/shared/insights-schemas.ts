import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey } from './dates';
import { monthKeySchema } from './entry-schemas';
import { FIRST_JOURNAL_YEAR } from './insights';

/** The requests of Insights and the monthly look back (src/shared/insights.ts), checked as the journal's are. */

export const INSIGHTS_MESSAGES = {
  unknownParameter: 'Only year and today can be given.',
  yearInvalid: `year: give a year of four digits, from ${FIRST_JOURNAL_YEAR} to next year, once.`,
  todayInvalid: 'today: give your date as YYYY-MM-DD, once.',
  monthInvalid: 'month: give the month as YYYY-MM.',
} as const;

const M = INSIGHTS_MESSAGES;

const onlyOnce = (pattern: RegExp, message: string) =>
  z
    .array(z.string(), { error: message })
    .length(1, { error: message })
    .transform(([value]) => value as string)
    .pipe(z.string().regex(pattern, { error: message }));

/** A calendar day that names itself again (no 2026-02-30). */
const calendarDay = z
  .string()
  .refine((value) => dayNumberToKey(dayKeyToNumber(value)) === value, { error: M.todayInvalid });

/**
 * GET /api/insights' query, from `c.req.queries()`: ?year=YYYY and ?today=YYYY-MM-DD, each optional and given once,
 * and nothing else (a user id, a range or any other name is refused). Which years may be asked for is the
 * service's, from the server's clock.
 */
export const insightsQuerySchema = z
  .strictObject({ year: z.array(z.string()).optional(), today: z.array(z.string()).optional() }, { error: M.unknownParameter })
  .pipe(
    z.object({
      year: onlyOnce(/^\d{4}$/, M.yearInvalid).transform(Number).optional(),
      today: onlyOnce(/^\d{4}-\d{2}-\d{2}$/, M.todayInvalid).pipe(calendarDay).optional(),
    }),
  );

/** GET /api/insights/month's query: ?today=YYYY-MM-DD, optional, once, and nothing else. */
export const monthLookBackQuerySchema = z
  .strictObject({ today: z.array(z.string()).optional() }, { error: M.unknownParameter })
  .pipe(z.object({ today: onlyOnce(/^\d{4}-\d{2}-\d{2}$/, M.todayInvalid).pipe(calendarDay).optional() }));

/** POST /api/insights/month/dismiss's body: the month whose look back is put away. */
export const dismissMonthSchema = z.strictObject({ month: monthKeySchema }, { error: M.monthInvalid });

