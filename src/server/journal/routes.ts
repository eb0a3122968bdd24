import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { dayKeyToNumber, monthDayRange } from '../../shared/dates';
import { newEntryId } from '../../shared/entry-id';
import {
  createEntrySchema,
  dayKeySchema,
  isBlankEntry,
  monthKeySchema,
  type EntryPage,
  type JournalEntry,
} from '../../shared/entry-schemas';
import { MAX_PAGE_SIZE, MONTH_PAGE_SIZE } from '../../shared/limits';
import { JOURNAL_MESSAGES } from '../../shared/messages';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import type { AppEnv } from '../http/context';
import { HttpError, parseWith, readJson } from '../http/errors';
import { jsonResponse } from '../http/security';
import {
  deleteEntry,
  type EntryCursor,
  type EntryText,
  findEntry,
  findEntryById,
  insertEntry,
  listEntries,
  readStats,
  updateEntryText,
} from './repository';
import type { ReadCache } from './read-cache';

const MS_PER_DAY = 86_400_000;

const invalidDate = () =>
  new HttpError(400, 'invalid-date', 'Your device date does not match the server clock. Check your date settings.');

/**
 * The writer's "today", as their device says it. It is accepted within a day of the server's own (UTC) date: that
 * covers every time zone on Earth, and it gives a write queued offline late in the evening until the next day to
 * reach the server (decision 007). It also lets a writer who sets their device's date back have yesterday's page
 * for about a day more than their time zone would: a looser bound than the calendar, never a way into another
 * user's entries.
 */
export function checkedToday(localDate: unknown, now: Date): number {
  const parsed = dayKeySchema.safeParse(localDate);
  if (!parsed.success) throw invalidDate();
  const day = dayKeyToNumber(parsed.data);
  const serverDay = Math.floor(now.getTime() / MS_PER_DAY);
  if (Math.abs(day - serverDay) > 1) throw invalidDate();
  return day;
}

/** An entry whose stored text would be blank: the memory counts only where it is kept (SPEC §5). */
function refuseBlank(text: EntryText): void {
  if (isBlankEntry(text)) throw new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.emptyEntry);
}

const entryError = (issue: z.core.$ZodIssue) => new HttpError(400, 'invalid-entry', issue.message);

/**
 * The first problem with a create's or an edit's body, as the writer should hear it. A date that is missing or is not
 * text is missing data (SPEC §5), a client's fault; a date that is text but not a day near the server's is the
 * device's clock.
 */
function entryBodyError(issue: z.core.$ZodIssue): HttpError {
  if (issue.path[0] !== 'localDate') return entryError(issue);
  if (issue.code === 'invalid_type') return new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.invalidEntryData);
  return invalidDate();
}

const uuidSchema = z.uuid();

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

function encodeCursor(entry: JournalEntry): string {
  return Buffer.from(JSON.stringify([dayKeyToNumber(entry.localDate), entry.date, entry.id])).toString('base64url');
}

const cursorText = (max: number) => z.string().max(max).refine((text) => !text.includes('\0'));
// The day is a 32-bit column on PostgreSQL: a cursor outside its range names no row, and must not reach the query.
const cursorSchema = z.tuple([z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1), cursorText(40), cursorText(64)]);

function decodeCursor(value: string): EntryCursor {
  try {
    const [localDay, date, id] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    return { localDay, date, id };
  } catch {
    throw new HttpError(400, 'invalid-cursor', 'Invalid page cursor');
  }
}

export function journalRoutes(deps: {
  sessions: SessionReader;
  db: Kysely<Database>;
  /** Runs a unit of writes in a transaction, answering once it is committed. */
  write: DatabaseHandle['write'];
  now: () => Date;
  /** Day and month answers, kept while the user's journal version is unchanged. */
  readCache: ReadCache;
}) {
  const { db, write, now, readCache } = deps;
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps.sessions);

  /** One page of a day's or a month's entries, newest first, as the query string asks. */
  async function readPage(userId: string, query: Record<string, string>): Promise<EntryPage> {
    const { day, month, cursor, limit } = query;
    let range: { firstDay: number; lastDay: number };
    let pageSize: number;
    if (day !== undefined) {
      if (!dayKeySchema.safeParse(day).success) throw new HttpError(400, 'invalid-range', 'Invalid day');
      const dayNumber = dayKeyToNumber(day);
      range = { firstDay: dayNumber, lastDay: dayNumber };
      pageSize = MAX_PAGE_SIZE;
    } else if (month !== undefined) {
      if (!monthKeySchema.safeParse(month).success) throw new HttpError(400, 'invalid-range', 'Invalid month');
      const { first, last } = monthDayRange(month);
      range = { firstDay: first, lastDay: last };
      if (limit === undefined) pageSize = MONTH_PAGE_SIZE;
      else {
        const requested = pageSizeSchema.safeParse(limit);
        if (!requested.success) throw new HttpError(400, 'invalid-range', 'Invalid page size');
        pageSize = requested.data;
      }
    } else {
      throw new HttpError(400, 'invalid-range', 'Give a day (YYYY-MM-DD) or a month (YYYY-MM)');
    }
    const after = cursor ? decodeCursor(cursor) : undefined;
    // One extra row tells whether another page exists.
    const rows = await listEntries(db, userId, range, { limit: pageSize + 1, after });
    const entries = rows.slice(0, pageSize);
    const last = entries.at(-1);
    return { entries, nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null };
  }

  app.get('/entries', signedIn, async (c) => {
    const userId = c.get('user').id;
    const { version } = c.get('journal');
    // The query string, the user and their journal version decide the answer, so a cached answer is found before
    // the query is even parsed. Only answers to valid queries are stored.
    const url = c.req.url;
    const query = url.slice(url.indexOf('?') + 1 || url.length);
    let body = readCache.get(userId, version, query);
    if (body === undefined) {
      body = JSON.stringify(await readPage(userId, c.req.query()));
      readCache.set(userId, version, query, body);
    }
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.post('/entries', signedIn, async (c) => {
    const userId = c.get('user').id;
    const body = await readJson(c);
    const input = parseWith(createEntrySchema, body, entryBodyError);
    const requestedId = (body as { id?: unknown }).id;
    const id =
      requestedId === undefined
        ? newEntryId()
        : // Kept in lower case, so that a retry that spells the id in other letters finds the first attempt's entry.
          parseWith(uuidSchema, requestedId, () => new HttpError(400, 'invalid-id', 'Invalid entry id')).toLowerCase();
    const localDay = checkedToday(input.localDate, now());
    const content = input.content;
    const text: EntryText = {
      gratitude: content.gratitude,
      celebration: content.celebration,
      manifestation: content.manifestation,
      // The memory is kept only while the memory section is on (SPEC §3).
      memory: c.get('journal').showMemorySection ? (content.memory ?? '') : '',
    };
    refuseBlank(text);
    const create = () => write((trx) => insertEntry(trx, { id, userId, date: now(), localDay, ...text }));
    const idTaken = () => new HttpError(409, 'duplicate-id', 'Entry id already in use');
    // The id doubles as an idempotency key: a retried create answers with the entry the first attempt stored.
    let entry = await create();
    if (!entry) {
      const existing = await findEntryById(db, id);
      if (existing?.userId === userId) return jsonResponse(c, JSON.stringify(existing), 200);
      if (existing) throw idTaken();
      // The entry that held the id was deleted in between: the id is free again.
      entry = await create();
      if (!entry) throw idTaken();
    }
    return jsonResponse(c, JSON.stringify(entry), 201);
  });

  app.put('/entries/:id', signedIn, async (c) => {
    const userId = c.get('user').id;
    const id = entryIdParam(c.req.param('id'));
    const body = await readJson(c);
    const input = parseWith(createEntrySchema, body, entryBodyError);
    const today = checkedToday(input.localDate, now());
    const entry = await findEntry(db, userId, id);
    if (!entry) throw new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
    if (dayKeyToNumber(entry.localDate) !== today) {
      throw new HttpError(403, 'edit-today-only', JOURNAL_MESSAGES.editTodayOnly);
    }
    const content = input.content;
    const text: EntryText = {
      gratitude: content.gratitude,
      celebration: content.celebration,
      manifestation: content.manifestation,
      // The memory is written only while the memory section is on (SPEC §5); otherwise it is kept.
      memory: c.get('journal').showMemorySection ? (content.memory ?? '') : entry.memory,
    };
    refuseBlank(text);
    const updated = await write((trx) => updateEntryText(trx, userId, id, text, now()));
    if (!updated) throw new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
    return jsonResponse(c, JSON.stringify(updated));
  });

  app.delete('/entries/:id', signedIn, async (c) => {
    const userId = c.get('user').id;
    const id = entryIdParam(c.req.param('id'));
    const deleted = await write((trx) => deleteEntry(trx, userId, id));
    if (!deleted) throw new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
    return jsonResponse(c, JSON.stringify({ ok: true }));
  });

  app.get('/stats', signedIn, async (c) => {
    const userId = c.get('user').id;
    const today = checkedToday(c.req.query('today'), now());
    const stats = await readStats(db, userId, today);
    return jsonResponse(c, JSON.stringify(stats), 200, { 'cache-control': 'private, no-store' });
  });

  return app;
}

