import { Hono } from 'hono';
import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey, monthDayRange } from '../../shared/dates';
import { FIRST_CALENDAR_YEAR } from '../../shared/day-counts';
import { createEntrySchema, dayKeySchema, monthKeySchema } from '../../shared/entry-schemas';
import { MAX_PAGE_SIZE } from '../../shared/limits';
import { JOURNAL_MESSAGES } from '../../shared/messages';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import { jsonResponse } from '../http/security';
import { EXPORT_FORMATS, type ExportRange } from './export';
import { dayWithLookBackParam } from '../look-back/routes';
import type { LookBackService } from '../look-back/service';
import { invalidDate, type JournalService, type PageQuery, StoredBefore } from './service';

const entryError = (issue: z.core.$ZodIssue) => new HttpError(400, 'invalid-entry', issue.message);

/**
 * The first problem with a create's or an edit's body, as the writer should hear it. A date that is missing or is not
 * text is missing data (docs/product.md §5), a client's fault; a date that is text but not a day near the server's
 * is the device's clock.
 */
function entryBodyError(issue: z.core.$ZodIssue): HttpError {
  if (issue.path[0] !== 'localDate') return entryError(issue);
  if (issue.code === 'invalid_type') return new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.invalidEntryData);
  return invalidDate();
}

const uuidSchema = z.uuid();

/**
 * The id a create names, if it names one. Stored ids are in lower case, so that a retry that spells the id in other
 * letters finds the first attempt's entry.
 */
function requestedEntryId(body: unknown): string | undefined {
  const requestedId = (body as { id?: unknown }).id;
  if (requestedId === undefined) return undefined;
  return parseWith(uuidSchema, requestedId, () => new HttpError(400, 'invalid-id', 'Invalid entry id')).toLowerCase();
}

/** ?limit: plain digits only (no '1e2', '0x10' or spaces), from 1 to MAX_PAGE_SIZE. */
const pageSizeSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .transform(Number)
  .pipe(z.number().max(MAX_PAGE_SIZE));

/**
 * An entry id from a path. Every stored id is a UUID in lower case (see the create): anything else names no entry,
 * and a UUID names the same entry in any letter case (RFC 9562).
 */
function entryIdParam(param: string): string {
  if (!uuidSchema.safeParse(param).success) throw new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
  return param.toLowerCase();
}

/** The day (YYYY-MM-DD) or the month (YYYY-MM, with an optional page size) a read names, and its cursor. */
function pageQuery(query: Record<string, string>): PageQuery {
  const { day, month, cursor, limit } = query;
  if (day !== undefined) {
    if (!dayKeySchema.safeParse(day).success) throw new HttpError(400, 'invalid-range', 'Invalid day');
    const dayNumber = dayKeyToNumber(day);
    return { kind: 'day', firstDay: dayNumber, lastDay: dayNumber, limit: undefined, cursor };
  }
  if (month !== undefined) {
    if (!monthKeySchema.safeParse(month).success) throw new HttpError(400, 'invalid-range', 'Invalid month');
    const { first, last } = monthDayRange(month);
    let pageSize: number | undefined;
    if (limit !== undefined) {
      const requested = pageSizeSchema.safeParse(limit);
      if (!requested.success) throw new HttpError(400, 'invalid-range', 'Invalid page size');
      pageSize = requested.data;
    }
    return { kind: 'month', firstDay: first, lastDay: last, limit: pageSize, cursor };
  }
  throw new HttpError(400, 'invalid-range', 'Give a day (YYYY-MM-DD) or a month (YYYY-MM)');
}

const exportFormatSchema = z.enum(EXPORT_FORMATS);

const RANGE_ENDS = {
  from: 'The first day (from)',
  to: 'The last day (to)',
} as const;

/**
 * One end of an export's range, ?from= or ?to=: absent, or given once as a real calendar day, YYYY-MM-DD. The day
 * number must name the same day again, which also refuses years before 100 (Date.UTC reads 0050 as 1950).
 */
function rangeEnd(values: string[] | undefined, end: keyof typeof RANGE_ENDS): number | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const [value] = values;
  if (values.length > 1) throw new HttpError(400, 'invalid-range', `${RANGE_ENDS[end]} can be given only once`);
  const day = value !== undefined && dayKeySchema.safeParse(value).success ? dayKeyToNumber(value) : undefined;
  if (day === undefined || dayNumberToKey(day) !== value) {
    throw new HttpError(400, 'invalid-range', `${RANGE_ENDS[end]} must be a calendar day written as YYYY-MM-DD`);
  }
  return day;
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: the local days an export covers, both included, either one optional. */
function exportRange(from: string[] | undefined, to: string[] | undefined): ExportRange {
  const firstDay = rangeEnd(from, 'from');
  const lastDay = rangeEnd(to, 'to');
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) {
    throw new HttpError(400, 'invalid-range', 'The first day (from) must not be after the last day (to)');
  }
  return { firstDay, lastDay };
}

/**
 * The range a calendar asks for: ?year=YYYY or ?month=YYYY-MM, exactly one, given once, in a year from the first a
 * journal can hold to the server's next (a writer east of UTC reaches New Year first). Anything else is refused
 * before it reaches the database, however long it is.
 */
function calendarRange(query: Record<string, string[]>, now: Date): { firstDay: number; lastDay: number } {
  const { year, month, ...rest } = query;
  const lastYear = now.getUTCFullYear() + 1;
  const refuse = (message: string) => new HttpError(400, 'invalid-range', message);
  if (Object.keys(rest).length > 0 || (year === undefined) === (month === undefined)) {
    throw refuse('Give a year (YYYY) or a month (YYYY-MM)');
  }
  const values = year ?? month ?? [];
  if (values.length !== 1) throw refuse(`Give the ${year ? 'year' : 'month'} only once`);
  const [value = ''] = values;
  if (year && !/^\d{4}$/.test(value)) throw refuse('The year must be written as four digits, YYYY');
  if (month && !monthKeySchema.safeParse(value).success) throw refuse('The month must be written as YYYY-MM');
  const yearNumber = Number(value.slice(0, 4));
  if (yearNumber < FIRST_CALENDAR_YEAR || yearNumber > lastYear) {
    throw refuse(`Give a year from ${FIRST_CALENDAR_YEAR} to ${lastYear}`);
  }
  if (month) {
    const { first, last } = monthDayRange(value);
    return { firstDay: first, lastDay: last };
  }
  return { firstDay: dayKeyToNumber(`${value}-01-01`), lastDay: dayKeyToNumber(`${value}-12-31`) };
}

export function journalRoutes({
  sessions,
  journal,
  lookBack,
  now,
}: {
  sessions: SessionReader;
  journal: JournalService;
  lookBack: LookBackService;
  now: () => Date;
}) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(sessions);

  app.get('/entries', signedIn, async (c) => {
    const userId = c.get('user').id;
    const { version } = c.get('journal');
    // A cached answer is looked up by the raw query string, before the query is parsed.
    const url = c.req.url;
    const query = url.slice(url.indexOf('?') + 1 || url.length);
    const body =
      journal.cachedPage(userId, version, query) ??
      (c.req.query('lookBack') === undefined
        ? await journal.readPage(userId, version, query, pageQuery(c.req.query()))
        : // Today's list with looking back in the same answer (look-back/service.ts, docs/product.md §15).
          await lookBack.dayWithLookBack(userId, version, query, dayWithLookBackParam(c.req.queries(), now())));
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.post('/entries', signedIn, async (c) => {
    const body = await readJson(c);
    const input = parseWith(createEntrySchema, body, entryBodyError);
    const result = await journal.create(c.get('user').id, c.get('journal'), requestedEntryId(body), input);
    if (result instanceof StoredBefore) return jsonResponse(c, JSON.stringify(result.entry), 200);
    return jsonResponse(c, JSON.stringify(result), 201);
  });

  app.put('/entries/:id', signedIn, async (c) => {
    const id = entryIdParam(c.req.param('id'));
    const input = parseWith(createEntrySchema, await readJson(c), entryBodyError);
    const updated = await journal.update(c.get('user').id, c.get('journal'), id, input);
    return jsonResponse(c, JSON.stringify(updated));
  });

  app.delete('/entries/:id', signedIn, async (c) => {
    await journal.remove(c.get('user').id, entryIdParam(c.req.param('id')));
    return jsonResponse(c, JSON.stringify({ ok: true }));
  });

  // The month view's calendar and the year at a glance (docs/product.md §16): the days with entries and their counts.
  app.get('/days', signedIn, async (c) => {
    const userId = c.get('user').id;
    const { version } = c.get('journal');
    const url = c.req.url;
    // Kept beside the pages in the answer cache, under a key of its own: ?month= means another answer here.
    const key = `days?${url.slice(url.indexOf('?') + 1 || url.length)}`;
    const body =
      journal.cachedPage(userId, version, key) ??
      (await journal.readDays(userId, version, key, calendarRange(c.req.queries(), now())));
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/stats', signedIn, async (c) => {
    const stats = await journal.stats(c.get('user').id, c.req.query('today'));
    return jsonResponse(c, JSON.stringify(stats), 200, { 'cache-control': 'private, no-store' });
  });

  // The signed-in user's own journal, whole, as a download; nothing names another user.
  app.get('/export', signedIn, (c) => {
    const format = parseWith(exportFormatSchema, c.req.query('format'), () =>
      new HttpError(400, 'invalid-format', 'Give a format: json or markdown'),
    );
    const range = exportRange(c.req.queries('from'), c.req.queries('to'));
    const { body, fileName } = journal.export(c.get('user').id, format, range);
    return new Response(body, {
      headers: {
        'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      },
    });
  });

  return app;
}
