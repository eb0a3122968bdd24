import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { dayNumberToKey } from '../../shared/dates';
import { ENTRY_FIELDS, type JournalEntry, PROMPTS } from '../../shared/entry-schemas';
import { MOOD_WORDS } from '../../shared/mood';
import type { ExportFormat } from '../../shared/query-schemas';
import type { Database } from '../db/schema';
import { readRendition } from '../photos/repository';
import { findProfile } from '../profile/repository';
import { entriesOldestFirst, type DayRange } from './repository';

/** What the JSON export calls itself, and the version of its shape; the importer checks both. */
export const EXPORT_FORMAT_NAME = 'gratitude-journal';
export const EXPORT_VERSION = 1;

/** Entries read per query: the export holds at most this many in memory, however long the journal. */
const BATCH_SIZE = 500;

/** The local days an export covers, both included; a missing end leaves that side open. */
export type ExportRange = DayRange;

const dayKeyOrNull = (day: number | undefined) => (day === undefined ? null : dayNumberToKey(day));

async function* jsonExport(
  db: Kysely<Database>,
  userId: string,
  range: ExportRange,
  now: Date,
): AsyncGenerator<string> {
  const profile = await findProfile(db, userId);
  const head = {
    format: EXPORT_FORMAT_NAME,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    // The days asked for (null: no bound on that side), so that a part of the journal never passes for all of it.
    range: { from: dayKeyOrNull(range.firstDay), to: dayKeyOrNull(range.lastDay) },
    profile: profile
      ? {
          displayName: profile.displayName,
          showMemorySection: profile.showMemorySection,
          theme: profile.theme,
          prompts: profile.prompts,
        }
      : null,
  };
  // The head, then the entries one by one, then the closing brackets: one JSON document, written as it is read.
  yield `${JSON.stringify(head).slice(0, -1)},"entries":[`;
  let first = true;
  for await (const { userId: _owner, ...entry } of entriesOldestFirst(db, userId, range, BATCH_SIZE)) {
    // The entry as the API gives it, less the owner's id, which means nothing outside this server.
    yield `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
    first = false;
  }
  yield '\n]}\n';
}

const DAY_HEADING = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A person's text as Markdown that shows it as written: each line break stays a line break. */
function asWritten(text: string): string {
  return text.trim().replace(/\r\n?/g, '\n').replace(/\n/g, '  \n');
}

/** The days an export covers, in words: '', ', from 2026-03-01 to 2026-03-31', ', up to 2026-03-31'. */
function rangeInWords({ firstDay, lastDay }: ExportRange): string {
  const from = dayKeyOrNull(firstDay);
  const to = dayKeyOrNull(lastDay);
  if (from && to) return from === to ? `, the entries of ${from}` : `, the entries from ${from} to ${to}`;
  if (from) return `, the entries from ${from} on`;
  if (to) return `, the entries up to ${to}`;
  return '';
}

/** Where a photo is in the zip export, beside journal.json and journal.md. */
export const photoFileInZip = (id: string) => `photos/${id}.webp`;

/** Markdown's own marks in a word shown in italics, escaped: a tag may hold `_`. */
function escapeMarks(text: string): string {
  return text.replace(/[\\*_`[\]]/g, (mark) => `\\${mark}`);
}

/**
 * What the app shows above an entry's answers, in one line: how the day felt, its tags, and the day it was added or
 * last edited when that was after its own day. Empty when there is none of these.
 */
function aboutTheEntry(entry: JournalEntry): string {
  const parts: string[] = [];
  if (entry.mood) parts.push(`Felt ${MOOD_WORDS[entry.mood]}`);
  if (entry.tags?.length) parts.push(entry.tags.map((tag) => `#${escapeMarks(tag)}`).join(' '));
  if (entry.addedOn) parts.push(`Added on ${entry.addedOn}`);
  else if (entry.editedOn) parts.push(`Edited on ${entry.editedOn}`);
  return parts.join(' · ');
}

async function* markdownExport(
  db: Kysely<Database>,
  userId: string,
  range: ExportRange,
  now: Date,
  withPhotos = false,
): AsyncGenerator<string> {
  yield `# Gratitude Journal\n\nExported on ${now.toISOString().slice(0, 10)}${rangeInWords(range)}.\n`;
  let day: string | undefined;
  for await (const entry of entriesOldestFirst(db, userId, range, BATCH_SIZE)) {
    if (entry.localDate !== day) {
      day = entry.localDate;
      yield `\n## ${DAY_HEADING.format(new Date(`${day}T00:00:00Z`))}\n`;
    } else {
      yield '\n---\n';
    }
    const about = aboutTheEntry(entry);
    if (about) yield `\n*${about}*\n`;
    // Unanswered prompts are left out, as the app leaves them out of a written page. An entry of the writer's own
    // prompts is headed by each prompt's wording as it was written.
    for (const { prompt, answer } of entry.answers ?? []) {
      if (answer.trim() === '') continue;
      yield `\n**${prompt}**\n\n${asWritten(answer)}\n`;
    }
    for (const field of ENTRY_FIELDS) {
      if (entry[field].trim() === '') continue;
      yield `\n**${PROMPTS[field]}**\n\n${asWritten(entry[field])}\n`;
    }
    // In the zip, the photos are beside the document, and it shows them.
    if (withPhotos && entry.photos) {
      yield `\n${entry.photos.map((photo, index) => `![Photo ${index + 1}](${photoFileInZip(photo.id)})`).join('\n')}\n`;
    }
  }
}

/**
 * The zip export: every photo of the range's entries (full size, as kept), then journal.json (what an import reads
 * back) and journal.md (its images pointing at the photos). Produced as it is read: one photo, or one batch of
 * entries, at a time. Photos are stored as they are (WebP compresses no further); the two documents are deflated.
 */
async function* zipExport(db: Kysely<Database>, userId: string, range: ExportRange, now: Date): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (ready.length > 0) {
      const chunk = ready.shift();
      if (chunk) yield chunk;
    }
  }
  for await (const entry of entriesOldestFirst(db, userId, range, BATCH_SIZE)) {
    for (const photo of entry.photos ?? []) {
      const data = await readRendition(db, userId, photo.id, 'full');
      if (!data) continue;
      const file = new ZipPassThrough(photoFileInZip(photo.id));
      zip.add(file);
      file.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), true);
      yield* drain();
    }
  }
  const encoder = new TextEncoder();
  for (const [name, text] of [
    ['journal.json', jsonExport(db, userId, range, now)],
    ['journal.md', markdownExport(db, userId, range, now, true)],
  ] as const) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    for await (const piece of text) {
      file.push(encoder.encode(piece));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * The user's journal, or the days of it in `range`, as a stream of UTF-8 text, produced as the reader takes it: the
 * server holds one batch of entries at a time, and the download starts before the last entry is read.
 */
export function exportJournal(
  db: Kysely<Database>,
  userId: string,
  format: ExportFormat,
  range: ExportRange,
  now: Date,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* asBytes(text: AsyncGenerator<string>): AsyncGenerator<Uint8Array> {
    for await (const piece of text) yield encoder.encode(piece);
  }
  const chunks =
    format === 'zip'
      ? zipExport(db, userId, range, now)
      : asBytes(format === 'json' ? jsonExport(db, userId, range, now) : markdownExport(db, userId, range, now));
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

const EXTENSIONS: Record<ExportFormat, string> = { json: 'json', markdown: 'md', zip: 'zip' };

/** The download's file name: the app's name and the day, e.g. gratitude-journal-2026-11-24.json. */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `gratitude-journal-${now.toISOString().slice(0, 10)}.${EXTENSIONS[format]}`;
}
