import { z } from 'zod';
import { dayKeySchema, moodSchema, utcOffsetSchema } from '../../../shared/entry-schemas';
import { photoIdSchema } from '../../../shared/photo-schemas';
import { MAX_PHOTOS_PER_ENTRY } from '../../../shared/photos';
import { MAX_TAGS } from '../../../shared/tags';
import { EXPORT_FORMAT_NAME, EXPORT_VERSION, photoFileInZip } from '../export';
import { isZip, jsonFilesInZip } from './dayone';
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

const headSchema = z.object({
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.number(),
  entries: z.array(z.unknown()),
});

const text = z.string();

/** One entry as the JSON export writes it (export.ts). Its text is checked later, by the journal's own rules. */
const entrySchema = z.object({
  id: z.string().max(64),
  date: z.string(),
  localDate: dayKeySchema,
  utcOffset: utcOffsetSchema.nullable().optional(),
  // Exports made before it existed leave it out: their entries' times are their own.
  timeUnknown: z.boolean().optional(),
  // An entry written or last edited after its own day (past days); left out by older exports and other entries.
  addedOn: dayKeySchema.optional(),
  editedOn: dayKeySchema.optional(),
  // How the day felt; left out by older exports and by entries without one.
  mood: moodSchema.optional(),
  // The entry's photos, by id; their files come with it only in the zip export.
  photos: z.array(z.object({ id: photoIdSchema })).max(MAX_PHOTOS_PER_ENTRY).optional(),
  // The answers to the writer's own prompts, each with its wording; left out by older exports and other entries.
  answers: z.array(z.object({ prompt: text, answer: text })).optional(),
  // Its tags, as the entry had them (checked with the text); left out by older exports and by entries without any.
  tags: z.array(z.string()).max(MAX_TAGS).optional(),
  gratitude: text,
  celebration: text,
  manifestation: text,
  memory: text,
  updatedAt: z.string(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The day an entry of the file gives, when it gives one, for a refusal to name. */
function dayOf(entry: unknown): string | null {
  const localDate = (entry as { localDate?: unknown } | null)?.localDate;
  return typeof localDate === 'string' && dayKeySchema.safeParse(localDate).success ? localDate : null;
}

/**
 * Our own JSON export, read back: every entry keeps its id (where it is free), its day, its offset, its times and its
 * four texts exactly, so an account restored from its export holds the same journal.
 */
export function parseOurs(bytes: Uint8Array, maxJournalBytes: number): ParsedFile {
  // The zip export: journal.json beside the photos, whose files the importer reads from the zip itself.
  const zipped = isZip(bytes);
  const json = zipped ? findJournal(jsonFilesInZip(bytes, maxJournalBytes)) : bytes;
  const document = parseJson(fileText(json));
  countEntries(document);
  const head = headSchema.safeParse(document);
  if (!head.success) throw new UnreadableFile('The file is not a Gratitude Journal export (JSON).');
  if (head.data.version > EXPORT_VERSION) {
    throw new UnreadableFile('The file comes from a newer version of Gratitude Journal. Update this server first.');
  }
  const candidates: Candidate[] = [];
  const refused: Refusal[] = [];
  head.data.entries.forEach((raw, index) => {
    const parsed = entrySchema.safeParse(raw);
    const date = parsed.success ? storedInstant(parsed.data.date) : undefined;
    const updatedAt = parsed.success ? storedInstant(parsed.data.updatedAt) : undefined;
    if (!parsed.success || !date || !updatedAt) {
      const day = dayOf(raw);
      const where = day ? `Entry of ${day}` : `Entry ${index + 1}`;
      refused.push({ date: day, row: null, message: `${where}: is not an entry this app can read` });
      return;
    }
    const entry = parsed.data;
    const id = entry.id.toLowerCase();
    candidates.push({
      key: id,
      ownId: UUID.test(id) ? id : undefined,
      localDate: entry.localDate,
      date,
      updatedAt,
      utcOffset: entry.utcOffset ?? null,
      timeUnknown: entry.timeUnknown,
      addedOn: entry.addedOn,
      editedOn: entry.editedOn,
      mood: entry.mood ?? undefined,
      photos: zipped && entry.photos?.length ? entry.photos.map((photo) => photoFileInZip(photo.id)) : undefined,
      answers: entry.answers,
      tags: entry.tags,
      text: {
        gratitude: entry.gratitude,
        celebration: entry.celebration,
        manifestation: entry.manifestation,
        memory: entry.memory,
      },
      row: null,
    });
  });
  const withPhotos = head.data.entries.filter((raw) => (raw as { photos?: unknown[] } | null)?.photos?.length).length;
  const notes =
    !zipped && withPhotos > 0
      ? [`${withPhotos.toLocaleString('en-US')} ${withPhotos === 1 ? 'entry has' : 'entries have'} photos, which only the zip export holds: they are not imported from this file.`]
      : [];
  return { candidates, refused, notes };
}

/** The zip export's journal.json: the one JSON file at its top that calls itself our export. */
function findJournal(documents: Uint8Array[]): Uint8Array {
  const start = `{"format":"${EXPORT_FORMAT_NAME}"`;
  const ours = documents.find((document) => Buffer.from(document.subarray(0, start.length)).toString('latin1') === start);
  if (!ours) throw new UnreadableFile('The zip file holds no Gratitude Journal export (journal.json).');
  return ours;
}
