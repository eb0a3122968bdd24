import type { EntryField } from './entry-schemas';

/** The kinds of file an import reads: this app's JSON export, Day One's export (JSON or zip), or a CSV file. */
export const IMPORT_FORMATS = ['ours', 'dayone', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a CSV column can become: the entry's day, one of its four answers, or its tags. */
export type CsvField = 'date' | EntryField | 'tags';
export const CSV_FIELDS: readonly CsvField[] = ['date', 'gratitude', 'celebration', 'manifestation', 'memory', 'tags'];

/** For each field, the title of the column it is read from (null: not imported). */
export type CsvMapping = Record<CsvField, string | null>;

/** An entry of a file that is not imported, and why, in words for the person importing. */
export interface ImportRefusal {
  date: string | null;
  row: number | null;
  message: string;
}

/** The answer of POST /api/import: a preview (nothing written) or what an import did (docs/product.md §7, §13). */
export interface ImportSummary {
  format: ImportFormat;
  dryRun: boolean;
  /** Entries found in the file, refused ones included. */
  total: number;
  /** Entries to write (a preview) or written (an import). */
  toImport: number;
  alreadyInJournal: number;
  /** The first refusals (at most 500); refusedCount counts them all. */
  refused: ImportRefusal[];
  refusedCount: number;
  firstDate: string | null;
  lastDate: string | null;
  notes: string[];
  csv?: { columns: string[]; mapping: CsvMapping };
  /** How many entries this import wrote; absent in a preview. */
  imported?: number;
}
