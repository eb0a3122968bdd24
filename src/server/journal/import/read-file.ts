import { dayKeyToNumber } from '../../../shared/dates';
import { entryContentSchema } from '../../../shared/entry-schemas';
import { JOURNAL_MESSAGES } from '../../../shared/messages';
import {
  type Candidate,
  type CsvMapping,
  type ImportFormat,
  importedEntryId,
  type ParsedFile,
  type Refusal,
} from './candidates';
import { type CsvMappingQuery, parseCsv } from './csv';
import { filesInZip, isZip, parseDayOne } from './dayone';
import { parseOurs } from './ours';

const MS_PER_DAY = 86_400_000;
const FIRST_DAY = dayKeyToNumber('1900-01-01');

/** An entry of the file that keeps the journal's rules, with its day and the ids it may have. */
export interface Planned {
  /** Without its key, which named it in the file (for a CSV row, all of its text once more): its ids replace it. */
  candidate: Omit<Candidate, 'key' | 'ownId'>;
  localDay: number;
  /** The ids the entry may have, in order of preference: its own id (our export), then the one made for it. */
  ids: string[];
}

/**
 * A file read and checked: what may be imported (oldest first), what is refused and why, and what the person should
 * know.
 */
export interface CheckedFile {
  /** Entries found in the file, refused ones included. */
  total: number;
  planned: Planned[];
  refused: Refusal[];
  notes: string[];
  csv?: { columns: string[]; mapping: CsvMapping };
  /** The files of the planned entries' photos (`Candidate.photos`), by their paths in the zip, when asked for. */
  photos?: Map<string, Buffer>;
}

export interface ReadOptions {
  csvMapping: CsvMappingQuery;
  /** The largest file accepted, which the journals in a zip may unpack to. */
  maxFileBytes: number;
  /** The server's time, which decides the latest day an entry may have (the writer's tomorrow). */
  now: number;
  /**
   * Whether the entries' texts go back to the server's thread: an import writes them, a preview only counts them, and
   * copied across for nothing they were half of a preview's memory.
   */
  withText: boolean;
  /**
   * The largest photo file taken (as an upload), when the entries' photo files are wanted from a zip: each is unpacked
   * here, off the server's thread, and they go back with the entries. A preview wants none.
   */
  maxPhotoBytes?: number;
}

function parse(format: ImportFormat, bytes: Uint8Array, options: ReadOptions): ParsedFile {
  switch (format) {
    case 'ours':
      return parseOurs(bytes, options.maxFileBytes);
    case 'dayone':
      return parseDayOne(bytes, options.maxFileBytes);
    case 'csv':
      return parseCsv(bytes, options.csvMapping);
  }
}

/**
 * Reads a file as its format and applies the journal's rules to each entry (docs/product.md §13): each field's limit
 * and content rules, not blank, a day from 1900 to the writer's tomorrow. An entry that repeats one before it in the
 * file is kept once. It touches no database and no shared state, so it can run on a worker thread (service.ts).
 */
export function readImportFile(
  userId: string,
  format: ImportFormat,
  bytes: Uint8Array,
  options: ReadOptions,
): CheckedFile {
  const parsed = parse(format, bytes, options);
  const refused = [...parsed.refused];
  const tomorrow = Math.floor(options.now / MS_PER_DAY) + 1;
  const seen = new Set<string>();
  const planned: Planned[] = [];
  let repeated = 0;
  for (const candidate of parsed.candidates) {
    const refuse = (reason: string) =>
      refused.push({ date: candidate.localDate, row: candidate.row, message: `Entry of ${candidate.localDate}: ${reason}` });
    const localDay = dayKeyToNumber(candidate.localDate);
    if (localDay > tomorrow) {
      refuse('its date is in the future');
      continue;
    }
    if (localDay < FIRST_DAY) {
      refuse('its date is before 1900');
      continue;
    }
    const content = entryContentSchema.safeParse({
      ...candidate.text,
      ...(candidate.answers === undefined ? {} : { answers: candidate.answers }),
      tags: candidate.tags,
    });
    if (!content.success) {
      const message = content.error.issues[0]?.message ?? JOURNAL_MESSAGES.invalidEntryData;
      refuse(message === JOURNAL_MESSAGES.emptyEntry ? 'it has no text' : message);
      continue;
    }
    if (seen.has(candidate.key)) {
      repeated += 1;
      continue;
    }
    seen.add(candidate.key);
    const made = importedEntryId(userId, format, candidate.key);
    const { key: _key, ownId, ...entry } = candidate;
    planned.push({ candidate: entry, localDay, ids: ownId && ownId !== made ? [ownId, made] : [made] });
  }
  // Oldest first, the order they are written in.
  planned.sort(
    (a, b) =>
      a.localDay - b.localDay || (a.candidate.date < b.candidate.date ? -1 : a.candidate.date > b.candidate.date ? 1 : 0),
  );
  const notes = [...parsed.notes];
  if (repeated > 0) {
    notes.push(
      `${repeated.toLocaleString('en-US')} ${repeated === 1 ? 'entry appears' : 'entries appear'} more than once in the file and ${repeated === 1 ? 'is' : 'are'} imported once.`,
    );
  }
  return {
    total: parsed.candidates.length + parsed.refused.length,
    planned,
    refused,
    notes,
    ...(parsed.csv ? { csv: parsed.csv } : {}),
    ...(options.maxPhotoBytes !== undefined ? { photos: photoFiles(bytes, planned, options.maxFileBytes, options.maxPhotoBytes) } : {}),
  };
}

/**
 * The planned entries' photo files from the zip, each unpacked whole: together no larger than the file limit, each no
 * larger than `maxPhotoBytes`, counted as they unpack (filesInZip). A file missing, too large or damaged is not there.
 */
function photoFiles(bytes: Uint8Array, planned: readonly Planned[], maxFileBytes: number, maxPhotoBytes: number) {
  const wanted = new Set(planned.flatMap((entry) => entry.candidate.photos ?? []));
  if (wanted.size === 0 || !isZip(bytes)) return new Map<string, Buffer>();
  return filesInZip(bytes, wanted, { totalBytes: maxFileBytes, eachBytes: maxPhotoBytes });
}
