import type { Kysely } from 'kysely';
import { dayKeyToNumber } from '../../../shared/dates';
import type { DatabaseHandle } from '../../db/connect';
import type { Database } from '../../db/schema';
import { WordChanges } from '../../insights/word-counts';
import { entryOwners, insertEntry } from '../repository';
import type { ImportSummary } from '../../../shared/import';
import { writtenTexts } from '../../../shared/prompts';
import { entryTags } from '../../../shared/tags';
import type { ImportFormat } from './candidates';
import type { CsvMappingQuery } from './csv';
import type { Planned } from './read-file';
import type { ImportReaders } from './readers';
import type { PhotoService } from '../../photos/service';
import { isZip } from './dayone';

/** Refusals listed in an answer; the count says how many there were in all. */
export const MAX_LISTED_REFUSALS = 500;

/**
 * Entries written per transaction. SQLite's driver is synchronous, so a transaction holds every other request for as
 * long as it takes, its commit's disk sync included: 10 kept that to a few milliseconds, for an import about a third
 * slower than with 50 (bench/RESULTS.md, "Import"); 5, with the pauses of WRITE_SHARE, halved each hold again. With 2,
 * other people's day reads while an import writes have a p99 of 2.7 ms instead of 3.5 (1.1 to 1.2 ms without an
 * import), for an import of 10,000 entries in 7.0 s instead of 5.3 on a quiet server (docs/decisions/014).
 */
const CHUNK_SIZE = 2;

/**
 * The share of the server's thread an import's transactions may take while other requests want it. Between two
 * transactions the import used to wait one turn of the event loop only, so it held the thread about 90% of the time
 * while it wrote, and other people's day reads got the rest (p99 30 to 40 ms on a busy machine). When others are
 * there, it now waits twice as long as each transaction took, so they have two thirds of the thread whatever the size
 * of the file: their p99 fell to 5 to 9 ms (docs/decisions/014-importing-journals.md).
 * On PostgreSQL a transaction's time includes its round trips, during which the thread is free: the import is slower
 * there than it needs to be, never less kind.
 */
const WRITE_SHARE = 1 / 3;

/**
 * A turn of the event loop between two transactions that used more processor time than this served other requests (a
 * day read takes about 0.05 ms of the thread): the import then keeps to WRITE_SHARE. Less, and nobody is waiting: the
 * import writes on at full speed.
 */
const OTHERS_BUSY_MS = 0.25;

/**
 * Ids looked up per query when finding what a journal already holds, a turn of the event loop between two: each
 * query holds the thread, and 100 keep it well under a millisecond (500 held it 1 to 4 ms on a busy machine).
 */
const LOOKUP_SIZE = 100;


export type { ImportSummary };

export interface ImportOptions {
  dryRun: boolean;
  csvMapping: CsvMappingQuery;
  /** The largest file accepted, which the journals in a zip may unpack to. */
  maxFileBytes: number;
  /**
   * Told once the file is read and checked, with none written, then after each transaction of an import: entries
   * written so far, of how many.
   */
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


/** Lets the requests that arrived meanwhile run before going on. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Lets other requests have the thread for about `ms` milliseconds. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ImporterDeps {
  readers: ImportReaders;
  db: Kysely<Database>;
  write: DatabaseHandle['write'];
  now: () => Date;
  /** Brings the photos of a zip's entries in; without it, an import keeps text only. */
  photos?: PhotoService;
  /** The largest photo the server takes, as an upload: a photo of a zip larger than this is left out. */
  maxPhotoBytes?: number;
}

/** An entry the import wrote, and the paths of its photos in the zip. */
interface WrittenWithPhotos {
  id: string;
  photos: string[];
}

/** An imported entry's tags: its own and its answers' `#words`, as a write stores them; checked on reading the file. */
function importedTags({ tags, text, answers }: Planned['candidate']): string[] {
  const found = entryTags(tags ?? [], writtenTexts({ ...text, answers }));
  return found.ok ? found.tags : [];
}

/**
 * Brings a file's entries into a journal under the same rules as writing (docs/product.md §13, read-file.ts). What
 * breaks a rule is listed with its reason and left out; what the journal already holds (the same file imported
 * before) is counted and left out. The entries are written oldest first in short transactions; an import that stops part way says how
 * far it got, and importing the same file again brings in the rest (docs/decisions/024).
 */
export class JournalImporter {
  constructor(private readonly deps: ImporterDeps) {}

  async run(userId: string, format: ImportFormat, bytes: Uint8Array, options: ImportOptions): Promise<ImportSummary> {
    // On a worker thread: parsing a file of many megabytes takes a second or more, which on the thread that serves
    // requests would hold up everybody's. The worker takes the file's memory for its own; from a zip, it unpacks the
    // entries' photo files there too, and they come back with the entries.
    const withPhotos = !options.dryRun && this.deps.photos !== undefined && isZip(bytes);
    const file = await this.deps.readers.read(userId, format, bytes, {
      csvMapping: options.csvMapping,
      maxFileBytes: options.maxFileBytes,
      now: this.deps.now().getTime(),
      withText: !options.dryRun,
      ...(withPhotos ? { maxPhotoBytes: this.deps.maxPhotoBytes ?? options.maxFileBytes } : {}),
    });
    const { planned, refused, notes } = file;
    // Oldest first, as the worker sorted them.
    const { fresh, already } = await this.withoutKnown(userId, planned);
    const summary: ImportSummary = {
      format,
      dryRun: options.dryRun,
      total: file.total,
      toImport: fresh.length,
      alreadyInJournal: already,
      refused: refused.slice(0, MAX_LISTED_REFUSALS),
      refusedCount: refused.length,
      firstDate: fresh[0]?.candidate.localDate ?? null,
      lastDate: fresh.at(-1)?.candidate.localDate ?? null,
      notes,
      ...(file.csv ? { csv: file.csv } : {}),
    };
    if (options.dryRun) return summary;
    const written = await this.write(userId, fresh, options.onProgress);
    const { imported, skipped } = written;
    const photoNotes = file.photos && written.withPhotos.length > 0 ? await this.bringPhotos(userId, file.photos, written.withPhotos) : [];
    return { ...summary, notes: [...summary.notes, ...photoNotes], toImport: imported, alreadyInJournal: already + skipped, imported };
  }

  /**
   * The photos of the entries written, unpacked from the zip by the reader (within the file limit together, each
   * within the upload limit: ReadOptions.maxPhotoBytes), decoded and kept as uploads are (PhotoService.importInto).
   * Notes say how many came in and, for those left out, why.
   */
  private async bringPhotos(userId: string, files: Map<string, Buffer>, written: WrittenWithPhotos[]): Promise<string[]> {
    const { photos } = this.deps;
    if (!photos) return [];
    // A file's bytes move to the decoder at its last use (a photo may be named twice); what is not used goes with the map.
    const uses = new Map<string, number>();
    for (const path of written.flatMap((entry) => entry.photos)) uses.set(path, (uses.get(path) ?? 0) + 1);
    const use = (path: string) => {
      const left = (uses.get(path) ?? 0) - 1;
      uses.set(path, left);
      if (left > 0) return files.has(path) ? Buffer.from(files.get(path) ?? []) : undefined;
      const file = files.get(path);
      files.delete(path);
      return file;
    };
    let kept = 0;
    const problems = new Map<string, number>();
    for (const entry of written) {
      const result = await photos.importInto(userId, entry.id, entry.photos.map(use));
      kept += result.kept;
      for (const problem of result.problems) problems.set(problem, (problems.get(problem) ?? 0) + 1);
      await nextTurn();
    }
    const notes = [`${kept.toLocaleString('en-US')} ${kept === 1 ? 'photo' : 'photos'} imported.`];
    for (const [problem, count] of problems) {
      notes.push(`${count.toLocaleString('en-US')} ${count === 1 ? 'photo was' : 'photos were'} left out: ${problem}`);
    }
    return notes;
  }

  /**
   * Leaves out the entries the journal already holds under one of their ids, and picks each other entry's id: its
   * own when no one has it, otherwise the one made for it.
   */
  private async withoutKnown(userId: string, planned: Planned[]): Promise<{ fresh: Planned[]; already: number }> {
    const owners = new Map<string, string>();
    const ids = planned.flatMap((entry) => entry.ids);
    for (let at = 0; at < ids.length; at += LOOKUP_SIZE) {
      const rows = await entryOwners(this.deps.db, ids.slice(at, at + LOOKUP_SIZE));
      for (const row of rows) owners.set(row.id, row.user_id);
      await nextTurn();
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
   * Writes the entries a transaction at a time, letting other requests have the thread between them (WRITE_SHARE).
   * An entry whose id was taken since the lookup (the same file imported twice at once) is skipped: the other import
   * wrote it.
   */
  private async write(
    userId: string,
    entries: Planned[],
    onProgress: ((done: number, total: number) => void) | undefined,
  ): Promise<{ imported: number; skipped: number; withPhotos: WrittenWithPhotos[] }> {
    let imported = 0;
    let skipped = 0;
    const withPhotos: WrittenWithPhotos[] = [];
    // The file is read: from now on the count is of entries written.
    onProgress?.(0, entries.length);
    // Time owed to other requests, in milliseconds: timers count whole milliseconds, so a pause waits until at least
    // one is owed, and what a pause overran is not taken back with a burst of transactions afterwards.
    let owed = 0;
    for (let at = 0; at < entries.length; at += CHUNK_SIZE) {
      const chunk = entries.slice(at, at + CHUNK_SIZE);
      // When the transaction began to run: on SQLite it may wait a turn or more to share its commit with other writes.
      let began: number | undefined;
      // Those of this chunk written with photos: kept once the transaction has committed, should it run again.
      let chunkPhotos: WrittenWithPhotos[] = [];
      try {
        const written = await this.deps.write(async (trx) => {
          began ??= performance.now();
          chunkPhotos = [];
          // The words of the chunk's entries, counted together and kept once, before the commit.
          const words = new WordChanges();
          let count = 0;
          for (const { candidate, localDay, ids } of chunk) {
            const stored = await insertEntry(
              trx,
              {
                id: ids[0] ?? '',
                userId,
                localDay,
                date: candidate.date,
                updatedAt: candidate.updatedAt,
                utcOffset: candidate.utcOffset,
                timeUnknown: candidate.timeUnknown,
                addedDay: candidate.addedOn === undefined ? null : dayKeyToNumber(candidate.addedOn),
                editedDay: candidate.editedOn === undefined ? null : dayKeyToNumber(candidate.editedOn),
                mood: candidate.mood ?? null,
                answers: candidate.answers ?? null,
                tags: importedTags(candidate),
                ...candidate.text,
              },
              words,
            );
            if (stored) count += 1;
            if (stored && candidate.photos?.length) chunkPhotos.push({ id: ids[0] ?? '', photos: candidate.photos });
          }
          await words.keep(trx, userId);
          return count;
        });
        imported += written;
        skipped += chunk.length - written;
        withPhotos.push(...chunkPhotos);
      } catch (cause) {
        throw new ImportInterrupted(imported, entries.length, { cause });
      }
      onProgress?.(imported + skipped, entries.length);
      if (at + CHUNK_SIZE >= entries.length) break;
      const held = performance.now() - (began ?? performance.now());
      // Other requests are served between two transactions, whatever the size of the file.
      const cpu = process.cpuUsage();
      await nextTurn();
      // Nobody else needed the thread during that turn: the import goes on at once, owing nothing, so an import on a
      // quiet server takes no longer than it must. The time counted is the processor's, not the clock's: on a busy
      // machine the kernel may take the core away during an empty turn, which would make it look full.
      const used = process.cpuUsage(cpu);
      if ((used.user + used.system) / 1000 < OTHERS_BUSY_MS) {
        owed = 0;
        continue;
      }
      // Others are there: they have the thread for twice as long as the transaction held it.
      owed += held * (1 / WRITE_SHARE - 1);
      if (owed < 1) continue;
      const pausing = performance.now();
      await pause(owed);
      owed = Math.max(0, owed - (performance.now() - pausing));
    }
    return { imported, skipped, withPhotos };
  }
}
