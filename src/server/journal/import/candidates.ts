import { createHash } from 'node:crypto';
import type { Mood } from '../../../shared/mood';
import type { PromptAnswer } from '../../../shared/prompts';
import type { EntryText } from '../repository';
import type { CsvMapping, ImportFormat, ImportRefusal } from '../../../shared/import';

export { IMPORT_FORMATS } from '../../../shared/import';
export type { CsvField, CsvMapping, ImportFormat } from '../../../shared/import';

/**
 * An entry read from a file, before the journal's rules are applied to it. `key` names it within its source (a Day
 * One uuid, our own id, a CSV row's date and text), so that the same entry imported twice is recognised.
 */
export interface Candidate {
  key: string;
  /** The id to keep if it is free: our own export's ids, so a journal restored from one is the same journal. */
  ownId?: string | undefined;
  /** The day the entry belongs to, YYYY-MM-DD, as the source dates it; checked by the importer. */
  localDate: string;
  /** When it was written and last changed, ISO-8601 in UTC. */
  date: string;
  updatedAt: string;
  utcOffset: number | null;
  /** The source gave the entry's day and no time of day. */
  timeUnknown?: boolean | undefined;
  /** Our own export's days an entry was added and last edited on, after its own day (past days). */
  addedOn?: string | undefined;
  editedOn?: string | undefined;
  /** How the day felt, where the source has a mood (our own export; a Day One entry's where it has one). */
  mood?: Mood | undefined;
  /** The answers to the writer's own prompts, with their wording (our own export; decision 033). */
  answers?: PromptAnswer[] | undefined;
  /** Tags the source gives apart from the text (our own export's, Day One's, a CSV column's); checked with the text. */
  tags?: string[] | undefined;
  text: EntryText;
  /** The entry's photos in order, as the paths of their files in the zip that was imported (ours, Day One's). */
  photos?: string[] | undefined;
  /** Where the source has rows (CSV), the row's number, for a refusal to point at. */
  row: number | null;
}

export type Refusal = ImportRefusal;

/** What a parser read from a file: the entries, those it could not read, and what the person should know. */
export interface ParsedFile {
  candidates: Candidate[];
  refused: Refusal[];
  notes: string[];
  csv?: { columns: string[]; mapping: CsvMapping };
}


/** A file that cannot be read as the format it was sent as: the whole import is refused, with this message. */
export class UnreadableFile extends Error {
  override name = 'UnreadableFile';
}

/**
 * The most entries one import takes: rows of a CSV file, entries of a JSON file (every journal of a zip together),
 * counted before they are checked one by one. A CSV file of a million short rows (18 MB) took 2.1 GB to preview; a
 * file of this many entries needs a few times its size.
 */
export const MAX_ENTRIES = 50_000;

const MAX_ENTRIES_IN_WORDS = MAX_ENTRIES.toLocaleString('en-US');

export function tooManyEntries(): UnreadableFile {
  return new UnreadableFile(
    `The file holds more than ${MAX_ENTRIES_IN_WORDS} entries: one import takes at most ${MAX_ENTRIES_IN_WORDS}. Split it into smaller files and import each of them.`,
  );
}

/**
 * Members of objects and elements of lists a JSON file may hold, 100 for each entry of a file of MAX_ENTRIES (a Day
 * One entry with its photos has a few dozen). JSON.parse makes an object of every pair of braces, two bytes of text:
 * 16 million of them, a file of 32 MB, took minutes and gigabytes. They are counted on the text, before anything is
 * built.
 */
const MAX_JSON_ITEMS = MAX_ENTRIES * 100;

/** A JSON file's text as values, once its number of items is known to be within MAX_JSON_ITEMS. */
export function parseJson(text: string): unknown {
  let items = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      // A backslash escapes the character after it, a quote among them.
      if (code === 0x5c) at += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if ((code === 0x2c || code === 0x7b || code === 0x5b) && (items += 1) > MAX_JSON_ITEMS) {
      throw new UnreadableFile(
        `The file holds far more than a journal of ${MAX_ENTRIES_IN_WORDS} entries would: this server does not read it.`,
      );
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadableFile('The file is not valid JSON.');
  }
}

/** The number of entries of a JSON document, when it lists them as `entries`, checked against MAX_ENTRIES. */
export function countEntries(document: unknown, before = 0): number {
  const entries = typeof document === 'object' && document !== null && 'entries' in document ? document.entries : undefined;
  const count = before + (Array.isArray(entries) ? entries.length : 0);
  if (count > MAX_ENTRIES) throw tooManyEntries();
  return count;
}

/**
 * The id an imported entry gets: a UUID (version 8, RFC 9562) made from the importing user, the source and the
 * entry's key. The same entry of the same file always gets the same id in the same account, which is how a second
 * import of a file finds the entries the first one wrote, and two accounts importing one file never collide.
 */
export function importedEntryId(userId: string, format: ImportFormat, key: string): string {
  const bytes = createHash('sha256').update(`${userId}\0${format}\0${key}`).digest().subarray(0, 16);
  bytes[6] = 0x80 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Decodes a file's bytes as UTF-8 text, refusing anything else rather than guessing; a byte-order mark is dropped. */
export function fileText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableFile('The file is not UTF-8 text.');
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A moment written as ISO-8601 with a zone, in the form the journal stores (toISOString, which sorts as text), or
 * undefined. A moment already in that form comes back character for character.
 */
export function storedInstant(value: unknown): string | undefined {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
