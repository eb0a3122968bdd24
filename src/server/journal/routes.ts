import { Hono } from 'hono';
import { z } from 'zod';
import { createEntrySchema, updateEntrySchema } from '../../shared/entry-schemas';
import { JOURNAL_MESSAGES, LOOK_BACK_MESSAGES } from '../../shared/messages';
import {
  calendarQuerySchema,
  dayWithLookBackQuerySchema,
  entryPageQuerySchema,
  exportQuerySchema,
} from '../../shared/query-schemas';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import { jsonResponse } from '../http/security';
import type { LookBackService } from '../look-back/service';
import { invalidDate, type JournalService, StoredBefore } from './service';

const entryError = (issue: z.core.$ZodIssue) => new HttpError(400, 'invalid-entry', issue.message);

/**
 * The first problem with a create's or an edit's body, as the writer should hear it. A date that is missing or is not
 * text is missing data (docs/product.md §5), a client's fault; a date that is text but not a day near the server's
 * is the device's clock. An entry's `day` that is no date is named as such.
 */
function entryBodyError(issue: z.core.$ZodIssue): HttpError {
  if (issue.path[0] === 'day') return new HttpError(400, 'invalid-date', JOURNAL_MESSAGES.dayInvalid);
  if (issue.path[0] !== 'localDate') return entryError(issue);
  if (issue.code === 'invalid_type') return new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.invalidEntryData);
  return invalidDate();
}

/** A query string that names no range the journal can read, in the query schema's words. */
const rangeError = (issue: z.core.$ZodIssue) => new HttpError(400, 'invalid-range', issue.message);

/** Today's list with looking back, asked for with anything but the day alone. */
const lookBackWithDayOnly = () => new HttpError(400, 'invalid-range', LOOK_BACK_MESSAGES.lookBackWithDayOnly);

/** An export's format is told apart from its range. */
const exportError = (issue: z.core.$ZodIssue) =>
  new HttpError(400, issue.path[0] === 'format' ? 'invalid-format' : 'invalid-range', issue.message);

const uuidSchema = z.uuid();

const EXPORT_TYPES = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  zip: 'application/zip',
} as const;

/**
 * The id a create names, if it names one. Stored ids are in lower case, so that a retry that spells the id in other
 * letters finds the first attempt's entry.
 */
function requestedEntryId(body: unknown): string | undefined {
  const requestedId = (body as { id?: unknown }).id;
  if (requestedId === undefined) return undefined;
  return parseWith(uuidSchema, requestedId, () => new HttpError(400, 'invalid-id', 'Invalid entry id')).toLowerCase();
}

/**
 * An entry id from a path. Every stored id is a UUID in lower case (see the create): anything else names no entry,
 * and a UUID names the same entry in any letter case (RFC 9562).
 */
function entryIdParam(param: string): string {
  if (!uuidSchema.safeParse(param).success) throw new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
  return param.toLowerCase();
}

export function journalRoutes({
  sessions,
  journal,
  lookBack,
}: {
  sessions: SessionReader;
  journal: JournalService;
  lookBack: LookBackService;
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
        ? await journal.readPage(userId, version, query, parseWith(entryPageQuerySchema, c.req.query(), rangeError))
        : // Today's list with looking back in the same answer (look-back/service.ts, docs/product.md §15).
          await lookBack.dayWithLookBack(
            userId,
            version,
            query,
            parseWith(dayWithLookBackQuerySchema, c.req.queries(), lookBackWithDayOnly),
          ));
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  // What each month holds, for a device keeping the whole journal for offline reading (docs/product.md §10).
  app.get('/entries/months', signedIn, async (c) => {
    const months = await journal.months(c.get('user').id, c.get('journal'), c.req.query('since'));
    return jsonResponse(c, JSON.stringify(months), 200, { 'cache-control': 'private, no-store' });
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
    const input = parseWith(updateEntrySchema, await readJson(c), entryBodyError);
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
      (await journal.readDays(userId, version, key, parseWith(calendarQuerySchema, c.req.queries(), rangeError)));
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/stats', signedIn, async (c) => {
    const stats = await journal.stats(c.get('user').id, c.req.query('today'));
    return jsonResponse(c, JSON.stringify(stats), 200, { 'cache-control': 'private, no-store' });
  });

  // The signed-in user's own journal, whole, as a download; nothing names another user.
  app.get('/export', signedIn, (c) => {
    const { format, range } = parseWith(exportQuerySchema, c.req.queries(), exportError);
    const { body, fileName } = journal.export(c.get('user').id, format, range);
    return new Response(body, {
      headers: {
        'content-type': EXPORT_TYPES[format],
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      },
    });
  });

  return app;
}
