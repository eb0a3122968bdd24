import type { Kysely } from 'kysely';
import { dayKeyToNumber } from '../../../shared/dates';
import { entryContentSchema } from '../../../shared/entry-schemas';
import { JOURNAL_MESSAGES } from '../../../shared/messages';
import type { DatabaseHandle } from '../../db/connect';
import type { Database } from '../../db/schema';
import { insertEntry } from '../repository';
import {
  type Candidate,
  type CsvMapping,
  type ImportFormat,
  importedEntryId,
  type ParsedFile,
  type Refusal,
} from './candidates';
import { type CsvMappingQuery, parseCsv } from './csv';
import { parseDayOne } from './dayone';
import { parseOurs } from './ours';

/** Refusals listed in an answer; the count says how many there were in all. */
export const MAX_LISTED_REFUSALS = 500;

/** Entries written per transaction: short enough that other people's writes never wait long behind an import. */
const CHUNK_SIZE = 250;

/** Ids looked up per query when finding what a journal already holds. */
const LOOKUP_SIZE = 500;

const MS_PER_DAY = 86_400_000;
const FIRST_DAY = dayKeyToNumber('1900-01-01');

export interface ImportSummary {
  format: ImportFormat;
  dryRun: boolean;
  /** Entries found in the file, refused ones included. */
  total: number;
  /** Entries to write (a preview) or written (an import). */
  toImport: number;
  alreadyInJournal: number;
  refused: Refusal[];
  refusedCount: number;
  firstDate: string | null;
  lastDate: string | null;
  notes: string[];
  csv?: { columns: string[]; mapping: CsvMapping };
  /** How many entries this import wrote; absent in a preview. */
  imported?: number;
}

export interface ImportOptions {
  dryRun: boolean;
  csvMapping: CsvMappingQuery;
  /** How much a zip may unpack to. */
  maxUnpackedBytes: number;
  /** Told after each transaction of an import: entries written so far, of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** An import that stopped part way: the entries of `imported` are in the journal, the rest are not. */
export class ImportInterrupted extends Error {
  override name = 'ImportInterrupted';
  constructor(
    readonly imported: number,
    readonly toImport: number,
    options: { cause: unknown },
  ) {
    super(`Import stopped after ${imported} of ${toImport} entries`, options);
  }
}

interface Planned {
  candidate: Candidate;
  localDay: number;
  /** The ids the entry may have, in order of preference: its own id (our export), then the one made for it. */
  ids: string[];
}

export interface ImporterDeps {
  db: Kysely<Database>;
  write: DatabaseHandle['write'];
  now: () => Date;
}

/**
 * Brings a file's entries into a journal under the same rules as writing (docs/product.md, "Your data"): each field's
 * limit and content rules, a day no later than the writer's tomorrow, and nothing blank. What breaks a rule is
 * listed with its reason and left out; what the journal already holds (the same file imported before) is counted
 * and left out. The entries are written oldest first in short transactions; an import that stops part way says how
 * far it got, and importing the same file again brings in the rest (docs/decisions/014-importing-journals.md).
 */
export class JournalImporter {
  constructor(private readonly deps: ImporterDeps) {}

  async run(userId: string, format: ImportFormat, bytes: Uint8Array, options: ImportOptions): Promise<ImportSummary> {
    const parsed = this.parse(format, bytes, options);
    const refused = [...parsed.refused];
    const { planned, repeated } = this.check(userId, format, parsed.candidates, refused);
    const notes = [...parsed.notes];
    if (repeated > 0) {
      notes.push(`${repeated.toLocaleString('en-US')} ${repeated === 1 ? 'entry appears' : 'entries appear'} more than once in the file and ${repeated === 1 ? 'is' : 'are'} imported once.`);
    }
    const { fresh, already } = await this.withoutKnown(userId, planned);
    fresh.sort(
      (a, b) =>
        a.localDay - b.localDay || (a.candidate.date < b.candidate.date ? -1 : a.candidate.date > b.candidate.date ? 1 : 0),
    );
    const summary: ImportSummary = {
      format,
      dryRun: options.dryRun,
      total: parsed.candidates.length + parsed.refused.length,
      toImport: fresh.length,
      alreadyInJournal: already,
      refused: refused.slice(0, MAX_LISTED_REFUSALS),
      refusedCount: refused.length,
      firstDate: fresh[0]?.candidate.localDate ?? null,
      lastDate: fresh.at(-1)?.candidate.localDate ?? null,
      notes,
      ...(parsed.csv ? { csv: parsed.csv } : {}),
    };
    if (options.dryRun) return summary;
    const { imported, skipped } = await this.write(userId, fresh, options.onProgress);
    return { ...summary, toImport: imported, alreadyInJournal: already + skipped, imported };
  }

  private parse(format: ImportFormat, bytes: Uint8Array, options: ImportOptions): ParsedFile {
    switch (format) {
      case 'ours':
        return parseOurs(bytes);
      case 'dayone':
        return parseDayOne(bytes, options.maxUnpackedBytes);
      case 'csv':
        return parseCsv(bytes, options.csvMapping);
    }
  }

  /**
   * The entries that keep the journal's rules, once each, and how many repeat one before them; the others are added
   * to `refused`.
   */
  private check(
    userId: string,
    format: ImportFormat,
    candidates: Candidate[],
    refused: Refusal[],
  ): { planned: Planned[]; repeated: number } {
    const tomorrow = Math.floor(this.deps.now().getTime() / MS_PER_DAY) + 1;
    const seen = new Set<string>();
    const planned: Planned[] = [];
    let repeated = 0;
    for (const candidate of candidates) {
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
      const content = entryContentSchema.safeParse(candidate.text);
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
      planned.push({ candidate, localDay, ids: candidate.ownId && candidate.ownId !== made ? [candidate.ownId, made] : [made] });
    }
    return { planned, repeated };
  }

  /**
   * Leaves out the entries the journal already holds under one of their ids, and picks each other entry's id: its
   * own when no one has it, otherwise the one made for it.
   */
  private async withoutKnown(userId: string, planned: Planned[]): Promise<{ fresh: Planned[]; already: number }> {
    const owners = new Map<string, string>();
    const ids = planned.flatMap((entry) => entry.ids);
    for (let at = 0; at < ids.length; at += LOOKUP_SIZE) {
      const rows = await this.deps.db
        .selectFrom('journal_entry')
        .select(['id', 'user_id'])
        .where('id', 'in', ids.slice(at, at + LOOKUP_SIZE))
        .execute();
      for (const row of rows) owners.set(row.id, row.user_id);
    }
    const fresh: Planned[] = [];
    let already = 0;
    for (const entry of planned) {
      if (entry.ids.some((id) => owners.get(id) === userId)) {
        already += 1;
        continue;
      }
      const free = entry.ids.filter((id) => !owners.has(id));
      fresh.push({ ...entry, ids: free.length ? free : entry.ids.slice(-1) });
    }
    return { fresh, already };
  }

  /**
   * Writes the entries a transaction at a time, letting other requests through between them. An entry whose id was
   * taken since the lookup (the same file imported twice at once) is skipped: the other import wrote it.
   */
  private async write(
    userId: string,
    entries: Planned[],
    onProgress: ((done: number, total: number) => void) | undefined,
  ): Promise<{ imported: number; skipped: number }> {
    let imported = 0;
    let skipped = 0;
    for (let at = 0; at < entries.length; at += CHUNK_SIZE) {
      const chunk = entries.slice(at, at + CHUNK_SIZE);
      try {
        const written = await this.deps.write(async (trx) => {
          let count = 0;
          for (const { candidate, localDay, ids } of chunk) {
            const stored = await insertEntry(trx, {
              id: ids[0] ?? '',
              userId,
              localDay,
              date: candidate.date,
              updatedAt: candidate.updatedAt,
              utcOffset: candidate.utcOffset,
              ...candidate.text,
            });
            if (stored) count += 1;
          }
          return count;
        });
        imported += written;
        skipped += chunk.length - written;
      } catch (cause) {
        throw new ImportInterrupted(imported, entries.length, { cause });
      }
      onProgress?.(imported + skipped, entries.length);
      // Other requests are served between two transactions, whatever the size of the file.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { imported, skipped };
  }
}
