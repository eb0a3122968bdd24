import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './limits';
import { type EntryField, isBlankEntry } from './entry-fields';
import { JOURNAL_MESSAGES } from './messages';
import { isMood, type Mood, MOOD_MESSAGE } from './mood';
import { entryPhotosSchema } from './photo-schemas';
import type { EntryPhoto } from './photos';
import { hasNoAnswer, MAX_PROMPT_LENGTH, MAX_PROMPTS, type PromptAnswer, writtenTexts } from './prompts';
import { entryTags, MAX_TAGS, TAG_MESSAGES } from './tags';

/** A mood (mood.ts), or null for none. */
export const moodSchema = z.custom<Mood | null>((value) => value === null || isMood(value), { error: MOOD_MESSAGE });

/**
 * An entry's chips (tags.ts): a list of tag names. Bounded before each is read: a list of more than MAX_TAGS is no
 * entry's, whatever its answers hold.
 */
export const tagChipsSchema = z
  .array(z.string({ error: TAG_MESSAGES.invalid }), { error: TAG_MESSAGES.invalid })
  .max(MAX_TAGS, { error: TAG_MESSAGES.tooMany });

export { ENTRY_FIELDS, type EntryField, isBlankEntry, PROMPTS } from './entry-fields';

/**
 * Script tags, javascript: and data: URLs, in any letter case (docs/product.md §5). Every part can match in one way only, so
 * the time it takes grows with the text's length, not its square: `<\s*\/?\s*script` let a `<` and 60,000 spaces
 * hold the server for seconds while the two runs of spaces tried every way of sharing them.
 */
const DANGEROUS_CONTENT = /<\s*(?:\/\s*)?script|javascript\s*:|data\s*:/i;

export function hasDangerousContent(text: string): boolean {
  return DANGEROUS_CONTENT.test(text);
}

/** In a `u` regex a surrogate that is half of a pair is read as part of its character, so only a lone one matches. */
const LONE_SURROGATE = /\p{Cs}/u;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function entryText(field: EntryField) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? JOURNAL_MESSAGES.invalidEntryData : `Invalid ${field} format`,
    })
    // Each failed check ends the field's checks (abort): a text over the limit is refused without being searched.
    .max(MAX_FIELD_LENGTH, {
      error: `${capitalise(field)} exceeds maximum length of ${MAX_FIELD_LENGTH} characters`,
      abort: true,
    })
    // A NUL is not text a person writes, and PostgreSQL cannot store it. Half of a UTF-16 surrogate pair is not
    // text either: stored as UTF-8 it would come back as replacement characters, longer than it went in.
    .refine((text) => !text.includes('\0') && !LONE_SURROGATE.test(text), {
      error: `Invalid ${field} format`,
      abort: true,
    })
    .refine((text) => !hasDangerousContent(text), { error: JOURNAL_MESSAGES.invalidContent });
}

/**
 * A prompt's wording, as the writer sets it in Settings and as an entry keeps it (prompts.ts): 1 to MAX_PROMPT_LENGTH
 * characters, not only spaces, on one line. `name` is the field a refusal names.
 */
export function promptWordingSchema(name: string) {
  const wordingError = `${name} must be 1 to ${MAX_PROMPT_LENGTH} characters of text on one line`;
  return z
    .string({ error: wordingError })
    .max(MAX_PROMPT_LENGTH, { error: wordingError, abort: true })
    .refine((text) => text.trim().length > 0 && !/[\0\r\n]/.test(text) && !LONE_SURROGATE.test(text), {
      error: wordingError,
      abort: true,
    })
    .refine((text) => !hasDangerousContent(text), { error: `${name}: ${JOURNAL_MESSAGES.invalidContent}` });
}

/** One answer of an entry written with the writer's own prompts, with the prompt's wording as it was then. */
const promptAnswerSchema = z
  .object(
    {
      prompt: promptWordingSchema('Each prompt of answers'),
      answer: z
        .string({ error: 'Each answer of answers must be text' })
        .max(MAX_FIELD_LENGTH, {
          error: `An answer exceeds maximum length of ${MAX_FIELD_LENGTH} characters (answers)`,
          abort: true,
        })
        .refine((text) => !text.includes('\0') && !LONE_SURROGATE.test(text), {
          error: 'Invalid answer format (answers)',
          abort: true,
        })
        .refine((text) => !hasDangerousContent(text), { error: `answers: ${JOURNAL_MESSAGES.invalidContent}` }),
    },
    { error: 'answers must be a list of {prompt, answer}' },
  )
  .strict();

/**
 * The answers of an entry written with the writer's own prompts (decision 033): 1 to MAX_PROMPTS of them, in the
 * prompts' order. Left out, the entry is one of the app's own prompts and keeps its four texts.
 */
export const promptAnswersSchema = z
  .array(promptAnswerSchema, { error: 'answers must be a list of {prompt, answer}' })
  .min(1, { error: `answers must hold 1 to ${MAX_PROMPTS} prompts` })
  .max(MAX_PROMPTS, { error: `answers must hold 1 to ${MAX_PROMPTS} prompts`, abort: true });

/** The text of an entry, as written in the form and as accepted by the API. */
export const entryContentSchema = z
  .object(
    {
      gratitude: entryText('gratitude'),
      celebration: entryText('celebration'),
      manifestation: entryText('manifestation'),
      memory: entryText('memory').optional(),
      /**
       * How the day felt (mood.ts), or null for none. Left out of a create, the entry has none; left out of an edit,
       * it keeps the one it had, so a client that knows nothing of moods never clears one.
       */
      mood: moodSchema.optional(),
      /**
       * The entry's photos in the order they show, as ids of the writer's uploads (photos.ts). Left out of an edit, the
       * entry keeps the ones it has; a photo left off the list is deleted.
       */
      photos: entryPhotosSchema.optional(),
      /**
       * The answers to the writer's own prompts, each with its prompt's wording (prompts.ts). An entry that has them
       * leaves the four texts empty.
       */
      answers: promptAnswersSchema.optional(),
      /**
       * Tags added as chips (tags.ts); the `#words` of the answers are tags too. Left out of a create, the entry has
       * the typed ones only; left out of an edit, it keeps its chips, so a client that knows nothing of tags never
       * drops one.
       */
      tags: tagChipsSchema.optional(),
    },
    { error: JOURNAL_MESSAGES.invalidEntryData },
  )
  .refine((entry) => entry.answers === undefined || isBlankEntry(entry), {
    error: 'answers: an entry written with your own prompts keeps its words in answers, and its four texts empty',
    path: ['answers'],
  })
  .refine((entry) => (entry.answers === undefined ? !isBlankEntry(entry) : !hasNoAnswer(entry.answers)), {
    error: JOURNAL_MESSAGES.emptyEntry,
  })
  .superRefine((entry, context) => {
    // The answers' tags count with the chips: an entry whose answers hold a tag too long, or too many, is refused.
    const tags = entryTags(entry.tags ?? [], writtenTexts(entry));
    if (!tags.ok) context.addIssue({ code: 'custom', message: tags.message, path: ['tags'] });
  });

export type EntryContent = z.infer<typeof entryContentSchema>;

/** A calendar day in the writer's own time zone, as YYYY-MM-DD. */
export const dayKeySchema = z.iso.date();
export const monthKeySchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** An offset from UTC in minutes east: every zone in use lies between UTC-12:00 and UTC+14:00. */
export const utcOffsetSchema = z.number().int().min(-12 * 60).max(14 * 60);

export const createEntrySchema = z.object(
  {
    content: entryContentSchema,
    /** The writer's local date when they saved: the day the entry belongs to. */
    localDate: dayKeySchema,
    /**
     * The writer's offset from UTC when they saved, in minutes east (UTC+01:00 is 60), kept with the entry so that
     * the time it was written reads as it did on their clock. Clients from before it was sent leave it out.
     */
    utcOffset: utcOffsetSchema.optional(),
    /**
     * The day the entry belongs to, when it is not the writer's today: an earlier day, for a writer who writes past
     * days (docs/product.md §5). Left out, the entry belongs to `localDate`.
     */
    day: dayKeySchema.optional(),
  },
  { error: JOURNAL_MESSAGES.invalidEntryData },
);

/** An edit's body: the text and the writer's today. An entry keeps its day; a `day` sent with an edit is left aside. */
export const updateEntrySchema = createEntrySchema.omit({ day: true });

export interface JournalEntry {
  id: string;
  userId: string;
  /** ISO timestamp of when the entry was written. */
  date: string;
  /** The writer's local calendar day, YYYY-MM-DD. */
  localDate: string;
  /** The writer's offset from UTC in minutes east when they wrote it; null for entries from before it was kept. */
  utcOffset: number | null;
  /**
   * Present when only the entry's day is known, not its time (an imported date alone): `date` is then noon of that
   * day, and no time is shown.
   */
  timeUnknown?: true;
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
  updatedAt: string;
  /** The writer's day when they wrote it, present only when that was after the entry's own day (past days). */
  addedOn?: string;
  /** The writer's day when they last edited it, present only when that was after the entry's own day. */
  editedOn?: string;
  /** How the day felt, present only when the writer chose a mood. */
  mood?: Mood;
  /** The entry's photos in order, present only when it has some. */
  photos?: EntryPhoto[];
  /**
   * Present only for an entry written with the writer's own prompts: each prompt's wording as it was then, with its
   * answer. Such an entry's four texts are empty.
   */
  answers?: PromptAnswer[];
  /** The entry's tags, folded (tags.ts): its chips, then its answers' `#words`; present only when it has some. */
  tags?: string[];
}

export interface EntryPage {
  entries: JournalEntry[];
  nextCursor: string | null;
}

export interface Stats {
  monthlyCount: number;
  streak: number;
  yearlyCount: number;
  totalEntries: number;
  /**
   * The newest run of consecutive days with an entry, up to the reader's today (null for an empty journal): the streak
   * is its length while it ends today or yesterday. The app lays the entries still waiting to sync over it, to count
   * them as the server will once they arrive (docs/product.md §2).
   */
  newestRun: { first: string; last: string } | null;
}
