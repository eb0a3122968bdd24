import type { Kysely } from 'kysely';
import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey, monthDayRange } from '../../shared/dates';
import { type DayCounts, FIRST_CALENDAR_YEAR } from '../../shared/day-counts';
import { newEntryId } from '../../shared/entry-id';
import {
  dayKeySchema,
  isBlankEntry,
  type EntryContent,
  type EntryPage,
  type JournalEntry,
  type Stats,
} from '../../shared/entry-schemas';
import { type JournalMonths, SINCE_VERSION } from '../../shared/journal-copy';
import { MAX_PAGE_SIZE, MONTH_PAGE_SIZE } from '../../shared/limits';
import { JOURNAL_MESSAGES, JOURNAL_QUERY_MESSAGES } from '../../shared/messages';
import type { CalendarQuery, EntryPageQuery, ExportFormat } from '../../shared/query-schemas';
import { type PromptAnswer, writtenTexts } from '../../shared/prompts';
import { chipsOf, entryTags } from '../../shared/tags';
import type { JournalState } from '../auth/session';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { type ExportRange, exportFileName, exportJournal } from './export';
import type { ReadCache } from './read-cache';
import {
  deleteEntry,
  type EntryCursor,
  type EntryText,
  findEntry,
  findEntryById,
  insertEntry,
  listDayCounts,
  listDayMoods,
  listMonthSignatures,
  listEntries,
  readStats,
  updateEntryText,
  withPhotos,
  writesPastDays,
} from './repository';
import { firstPhotoOfDays, setEntryPhotos } from '../photos/repository';
import { PHOTO_MESSAGES } from '../../shared/photos';

export interface JournalServiceDeps {
  db: Kysely<Database>;
  /** Runs a unit of writes in a transaction, answering once it is committed (group commit on SQLite). */
  write: DatabaseHandle['write'];
  now: () => Date;
  /** Day and month answers, kept while the user's journal version is unchanged. */
  readCache: ReadCache;
}

/**
 * A create or an edit as the routes parsed it: the text, the writer's local date when they saved, and, for a create
 * of an earlier day, the entry's day.
 */
export interface EntryInput {
  content: EntryContent;
  localDate: string;
  utcOffset?: number | undefined;
  day?: string | undefined;
}

/**
 * Which entries a read asks for: a day (all its entries, up to MAX_PAGE_SIZE) or a month (pages of `limit`, or
 * MONTH_PAGE_SIZE), from the cursor of the page before when there is one.
 */
export type PageQuery = EntryPageQuery;

/** The answer to a retried create: the entry the first attempt stored. */
export class StoredBefore {
  constructor(readonly entry: JournalEntry) {}
}

const MS_PER_DAY = 86_400_000;

export const invalidDate = () =>
  new HttpError(400, 'invalid-date', 'Your device date does not match the server clock. Check your date settings.');

const entryNotFound = () => new HttpError(404, 'not-found', JOURNAL_MESSAGES.entryNotFound);
const editTodayOnly = () => new HttpError(403, 'edit-today-only', JOURNAL_MESSAGES.editTodayOnly);
const todayOnly = () => new HttpError(403, 'today-only', JOURNAL_MESSAGES.pastDayOff);
const photosMissing = () => new HttpError(400, 'invalid-photos', PHOTO_MESSAGES.missing);

/**
 * The day a new entry belongs to, as a day number: the writer's today, or the day they named. No day after their
 * today, ever (400 `future-day`); an earlier day only while they write past days (403 `today-only`), which the
 * write checks again in its transaction.
 */
function entryDay(day: string | undefined, today: number, journal: JournalState): number {
  if (day === undefined) return today;
  const named = dayKeyToNumber(day);
  if (named > today) throw new HttpError(400, 'future-day', JOURNAL_MESSAGES.futureDay);
  if (named < dayKeyToNumber(`${FIRST_CALENDAR_YEAR}-01-01`)) {
    throw new HttpError(400, 'invalid-date', JOURNAL_MESSAGES.dayOutOfRange);
  }
  if (named < today && !journal.writePastDays) throw todayOnly();
  return named;
}

/**
 * The writer's "today", as their device says it. It is accepted within a day of the server's own (UTC) date: that
 * covers every time zone on Earth, and it gives a write queued offline late in the evening until the next day to
 * reach the server (docs/decisions/007-offline-writes.md). It also lets a writer who sets their device's date back
 * have yesterday's page for about a day more than their time zone would: a looser bound than the calendar, never a
 * way into another user's entries.
 */
export function checkedToday(localDate: unknown, now: Date): number {
  const parsed = dayKeySchema.safeParse(localDate);
  if (!parsed.success) throw invalidDate();
  const day = dayKeyToNumber(parsed.data);
  if (!nearServerDate(day, now)) throw invalidDate();
  return day;
}

/** Whether a day (a day number) is within a day of the server's own (UTC) date: someone's today on Earth. */
export function nearServerDate(day: number, now: Date): boolean {
  return Math.abs(day - Math.floor(now.getTime() / MS_PER_DAY)) <= 1;
}

/**
 * The days a calendar shows, a year or a month, in a year from the first a journal can hold to the server's next (a
 * writer east of UTC reaches New Year first).
 */
function calendarRange(query: CalendarQuery, now: Date): { firstDay: number; lastDay: number } {
  const year = Number((query.read === 'year' ? query.year : query.month).slice(0, 4));
  const lastYear = now.getUTCFullYear() + 1;
  if (year < FIRST_CALENDAR_YEAR || year > lastYear) {
    throw new HttpError(400, 'invalid-range', JOURNAL_QUERY_MESSAGES.yearOutOfRange(FIRST_CALENDAR_YEAR, lastYear));
  }
  if (query.read === 'month') {
    const { first, last } = monthDayRange(query.month);
    return { firstDay: first, lastDay: last };
  }
  return { firstDay: dayKeyToNumber(`${query.year}-01-01`), lastDay: dayKeyToNumber(`${query.year}-12-31`) };
}

/**
 * The text an entry stores of a create's or an edit's content. The memory is written only while the memory section is
 * on (docs/product.md §3, §5); otherwise the entry keeps `keptMemory` (a new entry, none). A text that would be stored
 * blank is refused: the memory counts only where it is kept.
 */
function storedText(content: EntryContent, journal: JournalState, keptMemory: string): EntryText {
  // An entry of the writer's own prompts keeps its words in its answers alone (decision 033); the schema checked
  // that one of them is written.
  if (content.answers) return { gratitude: '', celebration: '', manifestation: '', memory: '' };
  const text: EntryText = {
    gratitude: content.gratitude,
    celebration: content.celebration,
    manifestation: content.manifestation,
    memory: journal.showMemorySection ? (content.memory ?? '') : keptMemory,
  };
  if (isBlankEntry(text)) throw new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.emptyEntry);
  return text;
}

/**
 * An edit keeps the prompts the entry was written with (docs/product.md §5): the same wording in the same order for an
 * entry of the writer's own prompts, the four texts for one of the app's own. Changing prompts in Settings never
 * changes what an entry asked.
 */
function keepsItsPrompts(entry: JournalEntry, content: EntryContent): void {
  const kept = entry.answers?.map(({ prompt }) => prompt) ?? null;
  const sent = content.answers?.map(({ prompt }) => prompt) ?? null;
  const same = kept === null || sent === null ? kept === sent : kept.length === sent.length && kept.every((p, i) => p === sent[i]);
  if (!same) throw new HttpError(400, 'invalid-entry', JOURNAL_MESSAGES.answersKeepTheirPrompts);
}

/**
 * The tags an entry stores: its chips and the `#words` of the text it stores, its answers to the writer's own prompts
 * included (a memory kept while the section is off counts). Refused with a 400 naming tags, as the schema refuses the
 * text sent.
 */
export function storedTags(chips: readonly string[], text: EntryText, answers: readonly PromptAnswer[] | null): string[] {
  const tags = entryTags(chips, writtenTexts({ ...text, answers }));
  if (!tags.ok) throw new HttpError(400, 'invalid-entry', tags.message);
  return tags.tags;
}

export function encodeCursor(entry: JournalEntry): string {
  return Buffer.from(JSON.stringify([dayKeyToNumber(entry.localDate), entry.date, entry.id])).toString('base64url');
}

const cursorText = (max: number) => z.string().max(max).refine((text) => !text.includes('\0'));
// The day is a 32-bit column on PostgreSQL: a cursor outside its range names no row, and must not reach the query.
const cursorSchema = z.tuple([z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1), cursorText(40), cursorText(64)]);

export function decodeCursor(value: string): EntryCursor {
  try {
    const [localDay, date, id] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    return { localDay, date, id };
  } catch {
    throw new HttpError(400, 'invalid-cursor', 'Invalid page cursor');
  }
}

/**
 * The journal's rules (docs/product.md §4 and §5): which day a writer may write to, what an entry keeps, retried
 * creates, edits of today's entries only (or of past days too, when the writer chose so), and pages of past days. Routes call this; it never sees Hono.
 */
export class JournalService {
  constructor(private readonly deps: JournalServiceDeps) {}

  /**
   * A read's answer kept from an earlier identical read, if the user's journal is still at that version. The query
   * string, the user and their journal version decide the answer, so it is found before the query is even parsed.
   */
  cachedPage(userId: string, version: number, queryKey: string): string | undefined {
    return this.deps.readCache.get(userId, version, queryKey);
  }

  /**
   * Keeps another read's answer (looking back, look-back/service.ts) beside the pages, under a key no query string
   * can spell, for the next identical read at this version of the user's journal.
   */
  keepAnswer(userId: string, version: number, key: string, answer: string): void {
    this.deps.readCache.set(userId, version, key, answer);
  }

  /** One page of a day's or a month's entries, newest first, as JSON; kept for the next identical read. */
  async readPage(userId: string, version: number, queryKey: string, query: PageQuery): Promise<string> {
    const pageSize = query.kind === 'day' ? MAX_PAGE_SIZE : (query.limit ?? MONTH_PAGE_SIZE);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    // One extra row tells whether another page exists.
    const rows = await listEntries(this.deps.db, userId, query, { limit: pageSize + 1, after });
    const entries = await withPhotos(this.deps.db, userId, rows.slice(0, pageSize));
    const last = entries.at(-1);
    const page: EntryPage = { entries, nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null };
    const body = JSON.stringify(page);
    // Only answers to valid queries get here, so only they are kept.
    this.deps.readCache.set(userId, version, queryKey, body);
    return body;
  }

  /**
   * The days of a year or a month that have entries, with their counts, moods and first photos, as JSON; kept for the
   * next identical read like a page, under its own key (`days?` and the query string), apart from the pages' keys.
   */
  async readDays(userId: string, version: number, queryKey: string, query: CalendarQuery): Promise<string> {
    const range = calendarRange(query, this.deps.now());
    const [rows, moods, photos] = await Promise.all([
      listDayCounts(this.deps.db, userId, range),
      listDayMoods(this.deps.db, userId, range),
      firstPhotoOfDays(this.deps.db, userId, range),
    ]);
    const answer: DayCounts = {
      from: dayNumberToKey(range.firstDay),
      to: dayNumberToKey(range.lastDay),
      days: Object.fromEntries(rows.map((row) => [dayNumberToKey(row.day), Number(row.entries)])),
      moods: Object.fromEntries([...moods].map(([day, mood]) => [dayNumberToKey(day), mood])),
      photos: Object.fromEntries([...photos].map(([day, id]) => [dayNumberToKey(day), id])),
    };
    const body = JSON.stringify(answer);
    this.deps.readCache.set(userId, version, queryKey, body);
    return body;
  }

  /**
   * What each month of the journal holds, for a device keeping a copy of it (shared/journal-copy.ts). A device that
   * copied at the journal's current version learns that nothing changed without the entries being read.
   */
  async months(userId: string, journal: JournalState, since: string | undefined): Promise<JournalMonths> {
    if (since !== undefined && !SINCE_VERSION.test(since)) {
      throw new HttpError(400, 'invalid-argument', JOURNAL_QUERY_MESSAGES.invalidSince);
    }
    if (since !== undefined && Number(since) === journal.version) return { version: journal.version, months: null };
    return { version: journal.version, months: await listMonthSignatures(this.deps.db, userId) };
  }

  /**
   * Stores a new entry on the writer's today, or on an earlier day they named while they write past days (then the
   * entry keeps the day it was added on). The id, when the client chose one, doubles as an idempotency key: a
   * retried create answers with the entry the first attempt stored (StoredBefore); the server picks one otherwise.
   */
  async create(
    userId: string,
    journal: JournalState,
    requestedId: string | undefined,
    input: EntryInput,
  ): Promise<JournalEntry | StoredBefore> {
    const { db, write, now } = this.deps;
    const id = requestedId ?? newEntryId();
    const today = checkedToday(input.localDate, now());
    /** A retry of a create of a past day that was stored before the setting went off answers with what was stored. */
    const storedBefore = async (refusal: unknown) => {
      const existing = refusal instanceof HttpError && refusal.status === 403 ? await findEntryById(db, id) : undefined;
      if (existing?.userId === userId) return new StoredBefore(existing);
      throw refusal;
    };
    let localDay: number;
    try {
      localDay = entryDay(input.day, today, journal);
    } catch (refusal) {
      return storedBefore(refusal);
    }
    const pastDay = localDay < today;
    const text = storedText(input.content, journal, '');
    const tags = storedTags(input.content.tags ?? [], text, input.content.answers ?? null);
    const utcOffset = input.utcOffset ?? null;
    const photos = input.content.photos ?? [];
    const create = () =>
      write(async (trx) => {
        // The setting as it is now, not as the session read it: it may have been turned off since.
        if (pastDay && !(await writesPastDays(trx, userId))) throw todayOnly();
        const at = now().toISOString();
        const addedDay = pastDay ? today : null;
        const mood = input.content.mood ?? null;
        const answers = input.content.answers ?? null;
        const stored = await insertEntry(trx, {
          ...{ id, userId, date: at, updatedAt: at, localDay, utcOffset, addedDay, mood, answers, tags },
          ...text,
        });
        // The photos are the entry's from the same commit: acknowledged together, or neither kept.
        if (stored && photos.length > 0 && !(await setEntryPhotos(trx, userId, id, photos))) throw photosMissing();
        return stored;
      });
    const idTaken = () => new HttpError(409, 'duplicate-id', 'Entry id already in use');
    let entry: JournalEntry | undefined;
    try {
      entry = await create();
    } catch (refusal) {
      return storedBefore(refusal);
    }
    if (!entry) {
      const existing = await findEntryById(db, id);
      if (existing?.userId === userId) return new StoredBefore(await this.photosOf(userId, existing));
      if (existing) throw idTaken();
      // The entry that held the id was deleted in between: the id is free again.
      entry = await create();
      if (!entry) throw idTaken();
    }
    return this.photosOf(userId, entry);
  }

  private async photosOf(userId: string, entry: JournalEntry): Promise<JournalEntry> {
    const [withTheirs] = await withPhotos(this.deps.db, userId, [entry]);
    return withTheirs ?? entry;
  }

  /**
   * Rewrites one of the user's entries: one of today's, or, while they write past days, of an earlier day (then the
   * entry keeps the day it was edited on). An entry of a day after the writer's today is never edited.
   */
  async update(userId: string, journal: JournalState, id: string, input: EntryInput): Promise<JournalEntry> {
    const { db, write, now } = this.deps;
    const today = checkedToday(input.localDate, now());
    const entry = await findEntry(db, userId, id);
    if (!entry) throw entryNotFound();
    const day = dayKeyToNumber(entry.localDate);
    const pastDay = day < today;
    if (day > today || (pastDay && !journal.writePastDays)) throw editTodayOnly();
    // An edit that leaves the mood out keeps the entry's; null clears it.
    const mood = input.content.mood === undefined ? (entry.mood ?? null) : input.content.mood;
    keepsItsPrompts(entry, input.content);
    const words = storedText(input.content, journal, entry.memory);
    // An edit that leaves the tags out keeps the entry's chips; the answers' `#words` are read again.
    const tags = storedTags(input.content.tags ?? chipsOf(entry.tags, writtenTexts(entry)), words, input.content.answers ?? null);
    const text = { ...words, mood, answers: input.content.answers, tags };
    const updated = await write(async (trx) => {
      // The setting as it is now, not as the session read it: it may have been turned off since.
      if (pastDay && !(await writesPastDays(trx, userId))) throw editTodayOnly();
      const stored = await updateEntryText(trx, userId, id, text, now(), pastDay ? today : undefined);
      // Left out, the entry keeps its photos; a list replaces them, deleting those left off it.
      const photos = input.content.photos;
      if (stored && photos && !(await setEntryPhotos(trx, userId, id, photos))) throw photosMissing();
      return stored;
    });
    if (!updated) throw entryNotFound();
    return this.photosOf(userId, updated);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.deps.write((trx) => deleteEntry(trx, userId, id));
    if (!deleted) throw entryNotFound();
  }

  /**
   * The user's journal, or the days of it in `range`, as a download: a stream that reads a batch of entries at a time
   * as the reader takes it, and the file's name, dated today.
   */
  export(
    userId: string,
    format: ExportFormat,
    range: ExportRange,
  ): { body: ReadableStream<Uint8Array>; fileName: string } {
    const at = this.deps.now();
    return { body: exportJournal(this.deps.db, userId, format, range, at), fileName: exportFileName(format, at) };
  }

  /** The counts and streak as of the reader's today, which must be near the server's date like a write's. */
  stats(userId: string, today: string | undefined): Promise<Stats> {
    return readStats(this.deps.db, userId, checkedToday(today, this.deps.now()));
  }
}
