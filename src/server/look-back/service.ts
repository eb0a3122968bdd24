import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dayKeyToNumber, dayNumberToKey, monthDayRange, monthIndexOfDay } from '../../shared/dates';
import { isBlankEntry, type JournalEntry } from '../../shared/entry-schemas';
import { type JarPick, type LookBack, lookBackTargets, MAX_LOOK_BACK_ENTRIES } from '../../shared/look-back';
import type { Database } from '../db/schema';
import { withPhotos } from '../journal/repository';
import { checkedToday, type JournalService, nearServerDate } from '../journal/service';
import { dayCountsBetween, firstEntryDay, gratitudesFrom, listEntriesOfDays, monthCountsBefore } from './repository';

/**
 * Looking back (docs/product.md §15): "On this day" and the gratitude jar, for the owner's today.
 *
 * Both read a handful of rows by index, however long the journal: the oldest day from the per-day counts' key, the
 * entries of the dates looked at (one seek each), and for the jar the month and day counts stats already keep, then
 * one day's gratitudes from a partial index (migration 012). The answers are kept in the answer cache under the
 * journal version (decision 012), so a repeated read of today's look-back costs what a cached day list costs.
 */

const MS_PER_DAY = 86_400_000;

/** Rows of gratitudes read at a time while looking for one to show past empty ones; and how many such reads. */
const SEEK_BATCH = 16;
const SEEK_BATCHES = 4;

/** The earliest day any journal can hold (imports accept days from 1900): the jar's wrap-around starts there. */
const BEFORE_ANY_DAY = dayKeyToNumber('1900-01-01');

/** The entries before today, counted by month and, for today's month, by day: what a uniform pick is taken from. */
interface JarWeights {
  total: number;
  /** [month index (year * 12 + month), entries] of the months before today's, oldest first. */
  months: [number, number][];
  /** [day number, entries] of the days of today's month before today, oldest first. */
  days: [number, number][];
}

const hasGratitudeToShow = (entry: JournalEntry) => !isBlankEntry({ gratitude: entry.gratitude });

/**
 * A number in [0, 1) that is the same all day for one writer: the jar opens on one gratitude a day, as the quote is
 * one a day, and a repeated read of the day's look-back is the same answer (so it can be kept in the answer cache).
 */
function dailyDraw(userId: string, today: string): number {
  return createHash('sha256').update(`${userId} ${today}`).digest().readUIntBE(0, 6) / 2 ** 48;
}

/** The first day of the month with this index (year * 12 + month). */
function firstDayOfMonth(monthIndex: number): number {
  return Math.round(Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1) / MS_PER_DAY);
}

export class LookBackService {
  constructor(private readonly deps: { db: Kysely<Database>; journal: JournalService; now: () => Date }) {}

  /**
   * Today's look-back as JSON: "On this day" and the jar's pick of the day, kept while the journal is unchanged. The
   * reader's today must be within a day of the server's date, as a write's (docs/product.md §4, §15).
   */
  async lookBack(userId: string, version: number, today: string): Promise<string> {
    checkedToday(today, this.deps.now());
    return this.todays(userId, version, today);
  }

  /** Today's look-back as JSON, from the answer cache when it can. */
  private async todays(userId: string, version: number, today: string): Promise<string> {
    const key = `look-back ${today}`;
    const cached = this.deps.journal.cachedPage(userId, version, key);
    if (cached !== undefined) return cached;
    const { db } = this.deps;
    const first = await firstEntryDay(db, userId);
    const firstDay = first === undefined ? null : dayNumberToKey(first);
    const targets = lookBackTargets(today, firstDay);
    const days = targets.flatMap((target) => target.days.map(dayKeyToNumber));
    const [entries, jar] = await Promise.all([
      listEntriesOfDays(db, userId, days, MAX_LOOK_BACK_ENTRIES).then((found) => withPhotos(db, userId, found)),
      this.pick(userId, version, today, dailyDraw(userId, today), undefined),
    ]);
    const groups = targets
      .map((target) => ({ ...target, entries: entries.filter((entry) => target.days.includes(entry.localDate)) }))
      .filter((group) => group.entries.length > 0);
    const answer: LookBack = { today, firstDay, groups, jar };
    const body = JSON.stringify(answer);
    this.deps.journal.keepAnswer(userId, version, key, body);
    return body;
  }

  /**
   * Today's day list with today's look-back inside it, `{entries, nextCursor, lookBack}`: the one request today's list
   * makes (`GET /api/entries?day=YYYY-MM-DD&lookBack=1`). Both parts come from the answer cache when they can, and the
   * whole is kept under the request's own query string. Looking back is today's: for a day far from the server's date
   * (a device whose clock is wrong) the list comes without it rather than not at all.
   */
  async dayWithLookBack(userId: string, version: number, queryKey: string, today: string): Promise<string> {
    const { journal } = this.deps;
    const dayKey = `day=${today}`;
    const day = dayKeyToNumber(today);
    const whole = { kind: 'day', firstDay: day, lastDay: day, limit: undefined, cursor: undefined } as const;
    const page =
      journal.cachedPage(userId, version, dayKey) ?? (await journal.readPage(userId, version, dayKey, whole));
    if (!nearServerDate(day, this.deps.now())) return page;
    const lookBack = await this.todays(userId, version, today);
    const body = `${page.slice(0, -1)},"lookBack":${lookBack}}`;
    journal.keepAnswer(userId, version, queryKey, body);
    return body;
  }

  /**
   * Another gratitude from the jar, at random, other than `not` whenever the jar holds another. Today is checked as
   * for the look-back.
   */
  async another(userId: string, version: number, today: string, not: string | undefined): Promise<JarPick> {
    checkedToday(today, this.deps.now());
    return this.pick(userId, version, today, Math.random(), not);
  }

  /**
   * A gratitude written before today, chosen by `draw` (in [0, 1)) among all the entries before today, each as likely
   * as the next: the draw names an entry by its place in the month and day counts, and the gratitude shown is one of
   * that day's, or, when that day has none to show, the next one in the journal (from the start again after the last).
   * Entries with an empty gratitude, today's and later ones are never shown.
   */
  private async pick(
    userId: string,
    version: number,
    today: string,
    draw: number,
    not: string | undefined,
  ): Promise<JarPick> {
    const weights = await this.weights(userId, version, today);
    if (weights.total === 0) return { entry: null, single: true };
    const { day, offset } = await this.locate(userId, weights, Math.floor(draw * weights.total));
    const todayNumber = dayKeyToNumber(today);
    const acceptable = (entry: JournalEntry) => entry.id !== not && hasGratitudeToShow(entry);
    const { db } = this.deps;
    const sameDay = (await gratitudesFrom(db, userId, { fromDay: day }, day + 1, 100)).filter(acceptable);
    const entry =
      sameDay[offset % Math.max(1, sameDay.length)] ??
      (await this.firstAcceptable(userId, day + 1, todayNumber, acceptable)) ??
      (await this.firstAcceptable(userId, BEFORE_ANY_DAY, day, acceptable));
    if (!entry) {
      // Nothing but `not` (or nothing at all) to show: the one there is, and no other.
      if (not === undefined) return { entry: null, single: true };
      return { ...(await this.pick(userId, version, today, draw, undefined)), single: true };
    }
    const another = (other: JournalEntry) => other.id !== entry.id && hasGratitudeToShow(other);
    // Two rows of the index tell, unless blank gratitudes stand first.
    const others = await this.firstAcceptable(userId, BEFORE_ANY_DAY, todayNumber, another, 2);
    return { entry, single: others === undefined };
  }

  /**
   * The first gratitude to show from `fromDay` to the day before `beforeDay`, past a few empty-looking ones, read
   * `size` rows at a time.
   */
  private async firstAcceptable(
    userId: string,
    fromDay: number,
    beforeDay: number,
    acceptable: (entry: JournalEntry) => boolean,
    size = SEEK_BATCH,
  ): Promise<JournalEntry | undefined> {
    if (fromDay >= beforeDay) return undefined;
    let from: Parameters<typeof gratitudesFrom>[2] = { fromDay };
    for (let batch = 0; batch < SEEK_BATCHES; batch += 1) {
      const rows = await gratitudesFrom(this.deps.db, userId, from, beforeDay, size);
      const found = rows.find(acceptable);
      if (found) return found;
      const last = rows.at(-1);
      if (!last || rows.length < size) return undefined;
      from = { after: { localDay: dayKeyToNumber(last.localDate), id: last.id } };
    }
    return undefined;
  }

  /** The day of the entry at `place` among the entries before today (oldest first), and its place in that day. */
  private async locate(userId: string, weights: JarWeights, place: number): Promise<{ day: number; offset: number }> {
    let left = place;
    for (const [month, entries] of weights.months) {
      if (left >= entries) {
        left -= entries;
        continue;
      }
      const first = firstDayOfMonth(month);
      const days = await dayCountsBetween(this.deps.db, userId, first, firstDayOfMonth(month + 1) - 1);
      for (const { day, entries: onDay } of days) {
        if (left < onDay) return { day, offset: left };
        left -= onDay;
      }
      // The counts moved under us (an entry deleted meanwhile): the month's first day will do.
      return { day: first, offset: 0 };
    }
    for (const [day, entries] of weights.days) {
      if (left < entries) return { day, offset: left };
      left -= entries;
    }
    return { day: weights.days.at(-1)?.[0] ?? BEFORE_ANY_DAY, offset: 0 };
  }

  /**
   * The month counts before today's month and the day counts of today's month before today: a dozen rows a year of
   * journal, kept in the answer cache for the day, so each further pick reads only one month's days and one day.
   */
  private async weights(userId: string, version: number, today: string): Promise<JarWeights> {
    const key = `jar ${today}`;
    const cached = this.deps.journal.cachedPage(userId, version, key);
    if (cached !== undefined) return JSON.parse(cached) as JarWeights;
    const todayNumber = dayKeyToNumber(today);
    const month = monthIndexOfDay(todayNumber);
    const { db } = this.deps;
    const [monthRows, dayRows] = await Promise.all([
      monthCountsBefore(db, userId, month),
      dayCountsBetween(db, userId, monthDayRange(today.slice(0, 7)).first, todayNumber - 1),
    ]);
    const months = monthRows.map((row): [number, number] => [row.month, Number(row.entries)]);
    const days = dayRows.map((row): [number, number] => [row.day, Number(row.entries)]);
    const total = [...months, ...days].reduce((sum, [, entries]) => sum + entries, 0);
    const weights: JarWeights = { total, months, days };
    this.deps.journal.keepAnswer(userId, version, key, JSON.stringify(weights));
    return weights;
  }
}
