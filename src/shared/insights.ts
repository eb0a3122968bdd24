import type { JournalEntry } from './entry-schemas';

/**
 * What a journal shows its writer about itself (docs/product.md, "Insights"): figures made from the counts the
 * server keeps and the databases' own word statistics, for the whole journal or one year, and the monthly look back.
 */

/** A run of consecutive days with an entry, both ends included. */
export interface Streak {
  days: number;
  first: string;
  last: string;
}

/** An average mood (1 Rough to 5 Great) and how many entries with a mood it is made of. */
export interface MoodAverage {
  average: number;
  entries: number;
}

/** A word of gratitude answers and how many entries it is in. */
export interface WordCount {
  word: string;
  entries: number;
}

export interface Insights {
  /** The year asked for, or null for the whole journal. */
  year: number | null;
  /** The writer's today the figures are reckoned from. */
  today: string;
  /** Entries of the period, and the days of it with at least one. */
  entries: number;
  daysWritten: number;
  streaks: {
    /** Days in the run that ends today or yesterday; 0 without one. */
    current: number;
    longest: Streak | null;
    /** The longest run within `streakYear` (a run across New Year counts its days in that year only). */
    longestInYear: Streak | null;
    streakYear: number;
  };
  /** Entries per month: the chosen year's twelve, or the twelve up to today's month. */
  months: { month: string; entries: number }[];
  /** Entries of the period per day of the week, Sunday first. */
  weekdays: number[];
  /** Entries of the period per hour of the writer's clock when written, 0 to 23; entries without a time aside. */
  hours: number[];
  timeUnknown: number;
  mood: {
    overall: MoodAverage | null;
    /** The average of each month of `months`; null for a month without a mood. */
    months: { month: string; average: number | null; entries: number }[];
    /** Moods of days whose day before has an entry, and of days whose day before has none. */
    afterWrittenDay: MoodAverage | null;
    afterEmptyDay: MoodAverage | null;
  };
  /** The most frequent words of the period's gratitude answers, stop words left out, most frequent first. */
  words: WordCount[];
  /** Every word of the period's four answers, counted. */
  wordsWritten: number;
  /** The journal's first entry, whatever the period. */
  firstEntry: { day: string; id: string } | null;
}

/** "Your October": the month before today's, offered on the first days of a month until dismissed. */
export interface MonthLookBack {
  month: string;
  entries: number;
  daysWritten: number;
  longestStreak: Streak | null;
  mood: MoodAverage | null;
  words: WordCount[];
  /** Up to three entries of the month, from parts of it as far apart as its days allow. */
  picks: JournalEntry[];
}

/** How many words an Insights answer lists, and a monthly look back. */
export const INSIGHT_WORDS = 20;
export const MONTH_LOOK_BACK_WORDS = 5;
/** The monthly look back is offered on days 1 to 7 of a month. */
export const MONTH_LOOK_BACK_DAYS = 7;
/** The earliest year a journal can hold (imports accept days from 1900). */
export const FIRST_JOURNAL_YEAR = 1900;

/**
 * Words left out of the most frequent: the commonest words of the languages writers here use most, folded as the
 * search index folds them (lower case, Latin letters without accents). A word of one character and a number are
 * left out too (`isStopWord`).
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each even ever every few for from further get got had has have having
  he her here hers herself him himself his how i if in into is it its itself just let like made make many me more most
  much must my myself no nor not now of off on once one only or other our ours ourselves out over own really same she
  should so some such than that the their theirs them themselves then there these they this those through to today too
  under until up upon us very was way we well were what when where which while who whom why will with would yet you
  your yours yourself yourselves im ive dont didnt thats its cant wont isnt also still went go going come came thing
  things lot got day
  au aux avec ce ces dans de des du elle en et eux il je la le les leur lui ma mais me meme mes moi mon ne nos notre
  nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l n s t y ete
  etre avoir suis est sont ai as avons
  aber als am an auch auf aus bei bin bis bist da damit dann das dass dem den der des die dir doch dort du durch ein
  eine einem einen einer eines er es fur hat hatte ich ihr im in ist ja kann mein meine mich mir mit nach nicht noch
  nun nur ob oder ohne sehr sein sich sie sind so uber um und uns unter vom von vor war waren was weil wenn wie wir
  wird zu zum zur
  al algo como con de del el ella en es esta este ha hay la las le les lo los mas me mi muy no nos o para pero por que
  se si sin su sus te tu un una uno y ya yo`.split(/\s+/),
);

/** Whether a folded word is left out of the most frequent words. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word) || [...word].length < 2 || /^\p{N}+$/u.test(word);
}

/** The month (YYYY-MM) before the one a day (YYYY-MM-DD) is in. */
export function monthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${day.slice(0, 4)}-${String(month - 1).padStart(2, '0')}`;
}

/** Day of the week of a day number, Sunday 0 (day 0, 1970-01-01, was a Thursday). */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
