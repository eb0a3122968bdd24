import { inflateRawSync } from 'node:zlib';
import { type AsyncFlateStreamHandler, Unzip, type UnzipDecoder, type UnzipFile } from 'fflate';
import { z } from 'zod';
import type { EntryField } from '../../../shared/entry-schemas';
import type { EntryText } from '../repository';
import {
  type Candidate,
  countEntries,
  fileText,
  parseJson,
  type ParsedFile,
  type Refusal,
  storedInstant,
  UnreadableFile,
} from './candidates';
import { MAX_TAGS, tagFromName } from '../../../shared/tags';
import { inTimeZone } from '../../zoned-time';
import { MAX_PHOTOS_PER_ENTRY } from '../../../shared/photos';

/**
 * Day One's JSON export: `{ metadata, entries: [...] }`, one file per journal (Journal.json for the default one),
 * alone or in a zip with the photos. Only the fields read here matter; Day One writes many more.
 */
const entrySchema = z.object({
  uuid: z.string().min(1).max(64),
  creationDate: z.string(),
  modifiedDate: z.string().optional(),
  timeZone: z.string().max(64).optional(),
  text: z.string().optional(),
  tags: z.array(z.string()).optional(),
  location: z.object({ placeName: z.string().optional(), localityName: z.string().optional(), country: z.string().optional() }).optional(),
  photos: z.array(z.unknown()).optional(),
  videos: z.array(z.unknown()).optional(),
  audios: z.array(z.unknown()).optional(),
  pdfAttachments: z.array(z.unknown()).optional(),
});

const documentSchema = z.object({ entries: z.array(z.unknown()) });

/** A photo of a Day One entry, as far as finding its file goes: the zip holds it as photos/<md5>.<type>. */
const photoSchema = z.object({
  md5: z.string().regex(/^[0-9a-f]{32}$/i),
  type: z.string().regex(/^[a-z0-9]{1,5}$/i),
  orderInEntry: z.number().optional(),
});

/** The paths in the zip of an entry's photos, in their order, up to what an entry holds. */
function photoPaths(photos: readonly unknown[]): string[] {
  return photos
    .flatMap((raw) => {
      const photo = photoSchema.safeParse(raw);
      return photo.success ? [photo.data] : [];
    })
    .sort((a, b) => (a.orderInEntry ?? 0) - (b.orderInEntry ?? 0))
    .slice(0, MAX_PHOTOS_PER_ENTRY)
    .map((photo) => `photos/${photo.md5}.${photo.type}`);
}

type DayOneEntry = z.infer<typeof entrySchema>;

/** A zip's first four bytes. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Which prompt a heading of a Day One entry names, when it names one of ours (a template some people use). */
const PROMPT_HEADINGS: [EntryField, RegExp][] = [
  ['gratitude', /grateful|gratitude|thankful/i],
  ['celebration', /celebrat/i],
  ['manifestation', /manifest/i],
  ['memory', /memor/i],
];

/** A line that is a heading: Markdown `#`s, or a short line in bold, or a short line ending in ':' or '...'. */
function headingField(line: string): EntryField | undefined {
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > 80) return undefined;
  const heading =
    /^#{1,6}\s+(.*)$/.exec(trimmed)?.[1] ??
    /^\*\*(.+)\*\*:?$/.exec(trimmed)?.[1] ??
    (/(:|\.\.\.|…)$/.test(trimmed) ? trimmed : undefined);
  if (heading === undefined) return undefined;
  return PROMPT_HEADINGS.find(([, pattern]) => pattern.test(heading))?.[0];
}

/** Day One escapes Markdown's punctuation in its export ("Hello\!"); the text reads as written without them. */
function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!>|~<])/g, '$1');
}

/** Day One's references to its own photos and files, which mean nothing without them. */
const MOMENT_LINK = /!\[[^\]]*\]\(dayone-moment:[^)]*\)/g;

/**
 * An entry's Markdown on our four prompts. Text under a heading that names one of them (a template such as "I am
 * grateful for...") goes to that prompt; everything else, which is most of what people write in Day One, goes to the
 * memory, so nothing is lost: text before the first heading, and any Markdown heading of its own with the text
 * under it. A prompt named twice gets both parts.
 */
export function textOnPrompts(markdown: string): EntryText {
  const parts: Record<EntryField, string[]> = { gratitude: [], celebration: [], manifestation: [], memory: [] };
  let field: EntryField = 'memory';
  for (const line of markdown.split(/\r\n?|\n/)) {
    const named = headingField(line);
    if (named) {
      field = named;
      continue;
    }
    // A heading of the writer's own starts text that fits no prompt.
    if (/^\s*#{1,6}\s/.test(line)) field = 'memory';
    parts[field].push(line);
  }
  const joined = (lines: string[]) => lines.join('\n').trim();
  return {
    gratitude: joined(parts.gratitude),
    celebration: joined(parts.celebration),
    manifestation: joined(parts.manifestation),
    memory: joined(parts.memory),
  };
}

/** The place of an entry in words, from the parts Day One keeps. */
function placeOf(location: DayOneEntry['location']): string | undefined {
  if (!location) return undefined;
  const parts = [location.placeName, location.localityName, location.country].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length ? [...new Set(parts)].join(', ') : undefined;
}

const MB = 1024 * 1024;

/**
 * Hands a deflated file of a zip on as it is, compressed: it is unpacked once all of it is here (jsonFilesInZip), with
 * a limit on what it may unpack to. fflate's own inflater unpacked each piece it was given in one go, however much
 * that made: 1 MB of a zip bomb became 1 GiB in memory (3 GB resident, 18 s) before its size could be looked at.
 */
class KeepDeflated implements UnzipDecoder {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => undefined;
  // The zip's own bytes, as the request brought them: never a shared buffer.
  push(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, chunk, final);
  }
}

/**
 * The JSON files at the top of a zip, each read whole: together no larger unpacked than `journalBytes` (the largest
 * file the server takes, as if they had been sent on their own). A file whose header says it is larger is refused
 * before it is unpacked; any other is unpacked by zlib in pieces of 16 kB, counted as they come, and refused as soon
 * as they pass the limit (a zip bomb). Photos and other media are never unpacked.
 */
export function jsonFilesInZip(bytes: Uint8Array, journalBytes: number): Uint8Array[] {
  const files: Uint8Array[] = [];
  let kept = 0;
  let failure: Error | undefined;
  const tooLarge = () =>
    new UnreadableFile(`The journal in the zip file is larger than this server accepts (${Math.floor(journalBytes / MB)} MB).`);
  const damaged = () => new UnreadableFile('The zip file is damaged.');
  const unzip = new Unzip((file: UnzipFile) => {
    // Day One puts each journal's JSON at the top of the zip; photos and the like are in folders.
    if (failure || !/^[^/]+\.json$/i.test(file.name) || file.name.startsWith('__MACOSX')) return;
    if (file.compression !== 0 && file.compression !== KeepDeflated.compression) {
      failure = new UnreadableFile('The zip file is compressed in a way this server cannot read.');
      return;
    }
    if (file.originalSize !== undefined && kept + file.originalSize > journalBytes) {
      failure = tooLarge();
      return;
    }
    // Stored: the file itself, no larger than the zip. Deflated: compressed, no larger than the zip either.
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = damaged();
        return;
      }
      chunks.push(data);
      if (!final) return;
      const whole = Buffer.concat(chunks);
      chunks.length = 0;
      try {
        const unpacked =
          file.compression === 0 ? whole : inflateRawSync(whole, { maxOutputLength: Math.max(1, journalBytes - kept) });
        kept += unpacked.length;
        if (kept > journalBytes) throw new RangeError('too large');
        files.push(unpacked);
      } catch (cause) {
        const over = cause instanceof RangeError || (cause as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
        failure = over ? tooLarge() : damaged();
      }
    };
    file.start();
  });
  unzip.register(KeepDeflated);
  try {
    unzip.push(bytes, true);
  } catch {
    throw damaged();
  }
  if (failure) throw failure;
  if (files.length === 0) throw new UnreadableFile('The zip file holds no Day One journal (a .json file at its top).');
  return files;
}

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * A Day One export, as its JSON or the zip that holds it (every journal in the zip). Each entry's day and offset
 * are those of its own time zone; its text goes onto the prompts (textOnPrompts), with its place added to the memory
 * as a labelled line, and its tags are its tags. From the zip, its photos come with it; other media are not imported,
 * nor photos from the JSON alone, and the notes say how many.
 */
export function parseDayOne(bytes: Uint8Array, maxJournalBytes: number): ParsedFile {
  const zipped = isZip(bytes);
  const documents = zipped ? jsonFilesInZip(bytes, maxJournalBytes) : [bytes];
  const candidates: Candidate[] = [];
  const refused: Refusal[] = [];
  let media = 0;
  let unknownZones = 0;
  let counted = 0;
  for (const document of documents) {
    const parsed = parseJson(fileText(document));
    counted = countEntries(parsed, counted);
    const entries = documentSchema.safeParse(parsed);
    if (!entries.success) throw new UnreadableFile('The file is not a Day One export: it has no list of entries.');
    entries.data.entries.forEach((raw, index) => {
      const entry = entrySchema.safeParse(raw);
      const created = entry.success ? storedInstant(entry.data.creationDate) : undefined;
      if (!entry.success || !created) {
        refused.push({ date: null, row: null, message: `Entry ${index + 1}: has no creation date this app can read` });
        return;
      }
      const { data } = entry;
      const moment = new Date(created);
      let zoned = data.timeZone ? inTimeZone(moment, data.timeZone) : undefined;
      if (!zoned) {
        unknownZones += 1;
        zoned = { localDate: created.slice(0, 10), utcOffset: 0 };
      }
      // In a zip, the photos come with their entry (the importer reads their files); the rest of the media does not.
      const photos = zipped ? photoPaths(data.photos ?? []) : [];
      media +=
        (data.photos?.length ?? 0) -
        photos.length +
        (data.videos?.length ?? 0) +
        (data.audios?.length ?? 0) +
        (data.pdfAttachments?.length ?? 0);
      const text = textOnPrompts(unescapeMarkdown((data.text ?? '').replace(MOMENT_LINK, '')));
      const place = placeOf(data.location);
      if (place) text.memory = [text.memory, `Place: ${place}`].filter(Boolean).join('\n\n');
      // Day One's tags are the entry's tags, each made a tag's name (spaces become -).
      const tags = [...new Set((data.tags ?? []).flatMap((name) => tagFromName(name) ?? []))].slice(0, MAX_TAGS);
      candidates.push({
        key: data.uuid.toLowerCase(),
        localDate: zoned.localDate,
        date: created,
        updatedAt: storedInstant(data.modifiedDate) ?? created,
        utcOffset: zoned.utcOffset,
        ...(tags.length ? { tags } : {}),
        text,
        ...(photos.length > 0 ? { photos } : {}),
        row: null,
      });
    });
  }
  const notes: string[] = [];
  if (media > 0) {
    notes.push(
      zipped
        ? `${media.toLocaleString('en-US')} ${media === 1 ? 'video, sound or other file is' : 'videos, sounds and other files are'} not imported: the journal keeps text and photos only.`
        : `${media.toLocaleString('en-US')} ${media === 1 ? 'photo or file is' : 'photos and files are'} not imported: the journal keeps text only, and photos come with Day One's zip export.`,
    );
  }
  if (unknownZones > 0) {
    notes.push(`${unknownZones.toLocaleString('en-US')} ${unknownZones === 1 ? 'entry has' : 'entries have'} no time zone this server knows, and ${unknownZones === 1 ? 'is' : 'are'} dated in UTC.`);
  }
  return { candidates, refused, notes };
}

/**
 * The files of a zip named in `wanted` (an imported journal's photos), each unpacked whole: together no larger than
 * `totalBytes`, each no larger than `eachBytes`, counted as they unpack as for the journals (a zip bomb stops at the
 * limit). A file missing, too large or damaged is left out; the caller says which photos it could not bring in.
 */
export function filesInZip(
  bytes: Uint8Array,
  wanted: ReadonlySet<string>,
  { totalBytes, eachBytes }: { totalBytes: number; eachBytes: number },
): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let kept = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    if (!wanted.has(file.name) || files.has(file.name)) return;
    if (file.compression !== 0 && file.compression !== KeepDeflated.compression) return;
    if (file.originalSize !== undefined && (file.originalSize > eachBytes || kept + file.originalSize > totalBytes)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (error) return;
      chunks.push(data);
      if (!final) return;
      const whole = Buffer.concat(chunks);
      chunks.length = 0;
      try {
        const room = Math.min(eachBytes, totalBytes - kept);
        const unpacked = file.compression === 0 ? whole : inflateRawSync(whole, { maxOutputLength: Math.max(1, room) });
        if (unpacked.length > room) return;
        kept += unpacked.length;
        files.set(file.name, unpacked);
      } catch {
        // Too large or damaged: left out.
      }
    };
    file.start();
  });
  unzip.register(KeepDeflated);
  try {
    unzip.push(bytes, true);
  } catch {
    // A damaged zip: the files read before the damage are kept.
  }
  return files;
}
