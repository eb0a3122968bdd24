import type { Kysely } from 'kysely';
import { dayKeyToNumber, dayNumberToKey, monthDayRange, monthIndexOfDay } from '../../shared/dates';
import {
  FIRST_JOURNAL_YEAR,
  INSIGHT_WORDS,
  type Insights,
  isStopWord,
  MONTH_LOOK_BACK_DAYS,
  MONTH_LOOK_BACK_WORDS,
  type MonthLookBack,
  monthBefore,
  type MoodAverage,
  type Streak,
  weekdayOfDay,
  type WordCount,
} from '../../shared/insights';
import { INSIGHTS_MESSAGES } from '../../shared/insights-schemas';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { checkedToday, type JournalService } from '../journal/service';
import { listEntriesOfDays } from '../look-back/repository';
import {
  type DayRange,
  dismissedMonth,
  dismissMonth,
  firstEntry,
  hourCounts,
  monthCounts,
  type WordStatistics,
  wordStatistics,
  writtenDays,
} from './repository';
import { TIME_UNKNOWN } from './hours';
import { monthPeriod, WHOLE_JOURNAL, yearPeriod } from './word-counts';

/**
 * Insights and the monthly look back (docs/product.md, "Insights"; decision 036).
 *
 * The figures come from the counts the journal keeps on every write (decision 038): journal_day, one row per written
 * day with its entries and its moods added up and counted; journal_month, one per month; journal_hour, the entries
 * per hour of the day of each period (hours.ts); journal_word and journal_word_total, the words of each period
 * (word-counts.ts). No entry is read but the first one. Every read names the writer, so other people's entries cost
 * nothing. An answer is kept in the answer cache under the journal version (decision 012):
 * a visit after the journal last changed costs what a cached day list costs.
 *
 * Each figure is a function of the period's rows; a figure of tags belongs beside `words` when entries have tags.
 */

const MS_PER_DAY = 86_400_000;

const yearRange = (year: number): DayRange => ({
  firstDay: dayKeyToNumber(`${year}-01-01`),
  lastDay: dayKeyToNumber(`${year}-12-31`),
});

/** The key (YYYY-MM) of a month index (year * 12 + month). */
function monthKey(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month index (year * 12 + month) of a month key (YYYY-MM). */
const monthIndexOfKey = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

const roundedAverage = (sum: number, count: number): MoodAverage | null =>
  count === 0 ? null : { average: Math.round((sum / count) * 100) / 100, entries: count };

/** The runs of consecutive days among `days` (sorted, distinct day numbers), each [first, last]. */
function runsOf(days: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** The longest run, the newest of equals; clipped to a range when given. */
function longestRun(runs: readonly [number, number][], within?: DayRange): Streak | null {
  let best: [number, number] | undefined;
  for (const [first, last] of runs) {
    const from = within ? Math.max(first, within.firstDay) : first;
    const to = within ? Math.min(last, within.lastDay) : last;
    if (from > to) continue;
    if (!best || to - from >= best[1] - best[0]) best = [from, to];
  }
  return best ? { days: best[1] - best[0] + 1, first: dayNumberToKey(best[0]), last: dayNumberToKey(best[1]) } : null;
}

const sortedWords = (words: WordCount[]) =>
  [...words].sort((a, b) => b.entries - a.entries || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));

export class InsightsService {
  constructor(
    private readonly deps: { db: Kysely<Database>; dialect: Dialect; journal: JournalService; now: () => Date },
  ) {}

  /** The writer's today: the one given, within a day of the server's date, or the server's own. */
  private today(today: string | undefined): number {
    const now = this.deps.now();
    return today === undefined ? Math.floor(now.getTime() / MS_PER_DAY) : checkedToday(today, now);
  }

  /** The Insights answer as JSON, for the whole journal or one year, kept while the journal is unchanged. */
  async insights(userId: string, version: number, year: number | undefined, todayKey: string | undefined): Promise<string> {
    const today = this.today(todayKey);
    const thisYear = Number(dayNumberToKey(today).slice(0, 4));
    if (year !== undefined && (year < FIRST_JOURNAL_YEAR || year > thisYear + 1)) {
      throw new HttpError(400, 'invalid-year', INSIGHTS_MESSAGES.yearInvalid);
    }
    const key = `insights ${dayNumberToKey(today)} ${year ?? 'all'}`;
    const cached = this.deps.journal.cachedPage(userId, version, key);
    if (cached !== undefined) return cached;
    const body = JSON.stringify(await this.figures(userId, year, today));
    this.deps.journal.keepAnswer(userId, version, key, body);
    return body;
  }

  private async figures(userId: string, year: number | undefined, today: number): Promise<Insights> {
    const { db } = this.deps;
    const days = await writtenDays(db, userId);
    const first = days[0]?.day;
    const period: DayRange =
      year !== undefined ? yearRange(year) : { firstDay: first ?? today, lastDay: Math.max(today, days.at(-1)?.day ?? today) };
    const lastMonth = year !== undefined ? year * 12 + 11 : monthIndexOfDay(today);
    const firstMonth = lastMonth - 11;
    const periodKey = year === undefined ? WHOLE_JOURNAL : yearPeriod(year);
    const [months, hourRows, words, firstOne] = await Promise.all([
      monthCounts(db, userId, firstMonth, lastMonth),
      days.length === 0 ? [] : hourCounts(db, userId, periodKey),
      this.words(userId, periodKey, INSIGHT_WORDS),
      firstEntry(db, userId),
    ]);

    const written = new Set(days.map((row) => row.day));
    const runs = runsOf(days.map((row) => row.day).filter((day) => day <= today));
    const newest = runs.at(-1);
    const streakYear = year ?? Number(dayNumberToKey(today).slice(0, 4));

    const weekdays = [0, 0, 0, 0, 0, 0, 0];
    let entries = 0;
    let daysWritten = 0;
    const moodMonths = new Map<number, { sum: number; count: number }>();
    const mood = { sum: 0, count: 0 };
    const after = { written: { sum: 0, count: 0 }, empty: { sum: 0, count: 0 } };
    for (const row of days) {
      if (row.day < period.firstDay || row.day > period.lastDay) continue;
      weekdays[weekdayOfDay(row.day)] = (weekdays[weekdayOfDay(row.day)] ?? 0) + row.entries;
      entries += row.entries;
      daysWritten += 1;
      const sum = Number(row.mood_sum);
      const count = Number(row.mood_count);
      if (count <= 0) continue;
      mood.sum += sum;
      mood.count += count;
      const side = written.has(row.day - 1) ? after.written : after.empty;
      side.sum += sum;
      side.count += count;
      const month = monthIndexOfDay(row.day);
      if (month < firstMonth || month > lastMonth) continue;
      const sums = moodMonths.get(month) ?? { sum: 0, count: 0 };
      sums.sum += sum;
      sums.count += count;
      moodMonths.set(month, sums);
    }

    const hours = Array.from({ length: 24 }, () => 0);
    let timeUnknown = 0;
    for (const row of hourRows) {
      if (row.hour === TIME_UNKNOWN) timeUnknown += Number(row.entries);
      else if (row.hour >= 0 && row.hour < 24) hours[row.hour] = (hours[row.hour] ?? 0) + Number(row.entries);
    }

    const monthIndexes = Array.from({ length: 12 }, (_, n) => firstMonth + n);
    const counted = new Map(months.map((row) => [row.month, Number(row.entries)]));
    return {
      year: year ?? null,
      today: dayNumberToKey(today),
      entries,
      daysWritten,
      streaks: {
        current: newest && newest[1] >= today - 1 ? newest[1] - newest[0] + 1 : 0,
        longest: longestRun(runs),
        longestInYear: longestRun(runs, yearRange(streakYear)),
        streakYear,
      },
      months: monthIndexes.map((month) => ({ month: monthKey(month), entries: counted.get(month) ?? 0 })),
      weekdays,
      hours,
      timeUnknown,
      mood: {
        overall: roundedAverage(mood.sum, mood.count),
        months: monthIndexes.map((month) => {
          const sums = moodMonths.get(month);
          const average = sums ? roundedAverage(sums.sum, sums.count) : null;
          return { month: monthKey(month), average: average?.average ?? null, entries: average?.entries ?? 0 };
        }),
        afterWrittenDay: roundedAverage(after.written.sum, after.written.count),
        afterEmptyDay: roundedAverage(after.empty.sum, after.empty.count),
      },
      words: words.words,
      wordsWritten: words.total,
      firstEntry: firstOne ? { day: dayNumberToKey(firstOne.day), id: firstOne.id } : null,
    };
  }

  /** The most frequent words of a period (word-counts.ts), stop words left out, and the period's words written. */
  private async words(userId: string, period: number, limit: number): Promise<WordStatistics> {
    const statistics = await wordStatistics(this.deps.db, userId, period, (word) => !isStopWord(word), limit);
    return { words: sortedWords(statistics.words), total: statistics.total };
  }

  /**
   * The monthly look back as JSON, `{lookBack}`: on days 1 to 7 of a month, the month before, unless the writer
   * dismissed it or it has no entry; else `{lookBack: null}`. Kept in the answer cache like Insights.
   */
  async monthLookBack(userId: string, version: number, todayKey: string | undefined): Promise<string> {
    const today = dayNumberToKey(this.today(todayKey));
    const none = JSON.stringify({ lookBack: null });
    if (Number(today.slice(8, 10)) > MONTH_LOOK_BACK_DAYS) return none;
    const month = monthBefore(today);
    // A dismissal changes no entry, so it is read on each request; the look back itself is kept under the version.
    if ((await dismissedMonth(this.deps.db, userId)) === monthIndexOfKey(month)) return none;
    const key = `month-look-back ${month}`;
    const cached = this.deps.journal.cachedPage(userId, version, key);
    if (cached !== undefined) return cached;
    const body = JSON.stringify({ lookBack: await this.month(userId, month) });
    this.deps.journal.keepAnswer(userId, version, key, body);
    return body;
  }

  private async month(userId: string, month: string): Promise<MonthLookBack | null> {
    const { db } = this.deps;
    const { first, last } = monthDayRange(month);
    const range = { firstDay: first, lastDay: last };
    const inMonth = await writtenDays(db, userId, range);
    if (inMonth.length === 0) return null;
    const [words, ...picks] = await Promise.all([
      this.words(userId, monthPeriod(Number(month.slice(0, 4)), Number(month.slice(5, 7))), MONTH_LOOK_BACK_WORDS),
      // The newest entry of each day picked.
      ...pickDays(inMonth.map((row) => row.day)).map((day) => listEntriesOfDays(db, userId, [day], 1)),
    ]);
    const sum = inMonth.reduce((total, row) => total + Number(row.mood_sum), 0);
    const count = inMonth.reduce((total, row) => total + Number(row.mood_count), 0);
    return {
      month,
      entries: inMonth.reduce((total, row) => total + row.entries, 0),
      daysWritten: inMonth.length,
      longestStreak: longestRun(runsOf(inMonth.map((row) => row.day))),
      mood: roundedAverage(sum, count),
      words: words.words,
      picks: picks.flat(),
    };
  }

  /** Puts the monthly look back of `month` (YYYY-MM) away for the writer, on every device. */
  async dismiss(userId: string, month: string): Promise<void> {
    await dismissMonth(this.deps.db, userId, monthIndexOfKey(month));
  }
}

/**
 * Three written days of a month for its look back, as far apart as its days allow: the days nearest the start of
 * the month's first, middle and last thirds of its written days, in different weeks of the month when it has them.
 */
export function pickDays(days: readonly number[]): number[] {
  if (days.length <= 3) return [...days];
  const week = (day: number) => Math.floor((day - (days[0] ?? 0)) / 7);
  const picked: number[] = [];
  for (const target of [0, Math.floor(days.length / 2), days.length - 1]) {
    const candidate = days[target] as number;
    // Another day of the month near the target whose week is not yet taken, when one is.
    const free = [...days]
      .sort((a, b) => Math.abs(a - candidate) - Math.abs(b - candidate))
      .find((day) => !picked.includes(day) && !picked.some((other) => week(other) === week(day)));
    picked.push(free ?? days.find((day) => !picked.includes(day)) ?? candidate);
  }
  return picked.sort((a, b) => a - b);
}
