import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { dayKeySchema } from '../../../shared/entry-schemas';
import { CSV_FIELDS } from '../../../shared/import';
import { tagFromName } from '../../../shared/tags';
import {
  type Candidate,
  type CsvField,
  type CsvMapping,
  MAX_ENTRIES,
  type ParsedFile,
  type Refusal,
  storedInstant,
  tooManyEntries,
  UnreadableFile,
} from './candidates';

export { CSV_FIELDS };
const TEXT_FIELDS = ['gratitude', 'celebration', 'manifestation', 'memory'] as const;

/** How a column's title suggests a field, for the first preview of a file (the person can change it). */
const GUESSES: Record<CsvField, RegExp> = {
  date: /^(date|day|when|created|time|datetime|timestamp)\b/i,
  gratitude: /gratitude|grateful|thankful/i,
  celebration: /celebrat/i,
  manifestation: /manifest/i,
  memory: /memor|note|text|entry|body|content/i,
  tags: /^(tags?|labels?|keywords?|hashtags?)$/i,
};

/**
 * The tags of a CSV cell: names separated by commas or semicolons (or by spaces when there are none), each with or
 * without its `#`, made tags' names as Day One's are.
 */
function tagsOfCell(cell: string): string[] {
  const names = /[,;]/.test(cell) ? cell.split(/[,;]/) : cell.split(/\s+/);
  const tags = names.flatMap((name) => tagFromName(name.trim().replace(/^#+/, '')) ?? []);
  return [...new Set(tags)];
}

/** A date alone, or a date and a time with or without a zone. */
const DAY_THEN_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A CSV cell's date as the entry's day, its moment and its offset. A day alone is dated at noon of that day, so that
 * it sorts among the day's entries, and marked as having no time of day; a time without a zone is kept as the
 * writer's clock showed it, with no offset known.
 */
function dateOfCell(
  cell: string,
): { localDate: string; date: string; utcOffset: number | null; timeUnknown?: boolean } | undefined {
  const match = DAY_THEN_TIME.exec(cell.trim());
  if (!match) return undefined;
  const [, day = '', time, zone] = match;
  if (!dayKeySchema.safeParse(day).success) return undefined;
  if (!time) return { localDate: day, date: `${day}T12:00:00.000Z`, utcOffset: null, timeUnknown: true };
  if (!zone) {
    const date = storedInstant(`${day}T${time}Z`);
    return date ? { localDate: day, date, utcOffset: null } : undefined;
  }
  const date = storedInstant(`${day}T${time}${zone}`);
  if (!date) return undefined;
  const sign = zone === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const utcOffset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  return { localDate: day, date, utcOffset: utcOffset || 0 };
}

/**
 * Cells a CSV file may hold, rows times columns, its header included: 40 a row for a file of MAX_ENTRIES rows. The
 * parser makes a string of every cell: 50 MB of commas on one row took 2.1 GB.
 */
const MAX_CELLS = MAX_ENTRIES * 40;

/**
 * Counts a CSV file's rows and cells on its bytes before the parser builds any of them, and refuses a file past
 * MAX_ENTRIES rows or MAX_CELLS cells as soon as it counts one too many. A quote starts or ends quoted text, where
 * commas and line breaks are the text's own; a blank line is no row (the parser skips it). In UTF-8 the bytes of
 * quotes, commas and line breaks are never part of another character.
 */
function checkSize(text: Uint8Array): void {
  let rows = 0;
  let cells = 0;
  let inQuotes = false;
  let rowHasText = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text[at];
    if (code === 0x22) inQuotes = !inQuotes;
    else if (!inQuotes && (code === 0x0a || (code === 0x0d && text[at + 1] !== 0x0a))) {
      if (rowHasText && (rows += 1) > MAX_ENTRIES + 1) throw tooManyEntries();
      rowHasText = false;
      continue;
    } else if (!inQuotes && code === 0x2c) cells += 1;
    if (code !== 0x0d) rowHasText = true;
    if (cells > MAX_CELLS) {
      throw new UnreadableFile(
        `The file has more than ${MAX_CELLS.toLocaleString('en-US')} cells: leave out the columns that are not imported, or split it into smaller files.`,
      );
    }
  }
}

/**
 * Why the parser gave up on a file, in words, with the row it gave up on: its codes and messages ("Invalid Closing
 * Quote: got \"b\" at line 2…") mean nothing to the person, and repeat the file's bytes as they are.
 */
function csvProblem(error: CsvError): string {
  // The records read before the one that failed count the header: the row that failed has that number.
  const records = typeof error.records === 'number' ? error.records : undefined;
  const where = records === undefined ? 'A row' : records === 0 ? 'The header row' : `Row ${records.toLocaleString('en-US')}`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${where} has a quote that is never closed.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `${where} has text right after a closing quote. Inside quoted text, a quote is written twice ("").`;
    case 'INVALID_OPENING_QUOTE':
      return `${where} has a quote inside a field that does not begin with one. Put the field in quotes and write the quote twice ("").`;
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return `${where} has a different number of columns from the header row.`;
    default:
      return 'The file could not be read as CSV. Save it from your spreadsheet as CSV and try again.';
  }
}

/**
 * Checks that a CSV file is text, left as bytes for the parser, which makes strings of the cells alone (a string of
 * the whole file was one more copy of it). A NUL byte near its start is no text at all (a spreadsheet's .xlsx, a zip,
 * a picture), and text that is not UTF-8 was saved in another encoding: each is named, with what to do instead.
 */
function checkText(bytes: Uint8Array): void {
  if (bytes.subarray(0, 8192).includes(0)) {
    throw new UnreadableFile(
      'The file is not a CSV file: it holds binary data, as a spreadsheet (.xlsx), a zip or a picture does. Save it from your spreadsheet as CSV and try again.',
    );
  }
  if (!isUtf8(bytes)) {
    throw new UnreadableFile('The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and try again.');
  }
}

/** A cell as a refusal shows it: control characters (a NUL, say) left out, and no longer than 40 characters. */
function shownCell(cell: string): string {
  // eslint-disable-next-line no-control-regex
  return cell.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 40);
}

/** Column titles as the person will choose among them: blank ones are named by their place, repeats numbered. */
function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export const csvMappingQuerySchema = z.object({
  date: z.string().max(200).optional(),
  gratitude: z.string().max(200).optional(),
  celebration: z.string().max(200).optional(),
  manifestation: z.string().max(200).optional(),
  memory: z.string().max(200).optional(),
  tags: z.string().max(200).optional(),
});

export type CsvMappingQuery = z.infer<typeof csvMappingQuerySchema>;

/** The mapping to use: the person's choices where they made them ('' means "not imported"), guesses elsewhere. */
function chooseMapping(columns: string[], asked: CsvMappingQuery): CsvMapping {
  const mapping = {} as CsvMapping;
  const anyAsked = CSV_FIELDS.some((field) => asked[field] !== undefined);
  const used = new Set<string>();
  for (const field of CSV_FIELDS) {
    const choice = asked[field];
    if (choice !== undefined && choice !== '') {
      if (!columns.includes(choice)) throw new UnreadableFile(`The file has no column named “${choice}”.`);
      if (used.has(choice)) throw new UnreadableFile(`The column “${choice}” can fill one field only.`);
    }
    // Once the person has chosen, a field they left out is not imported; the first preview guesses them all.
    const guess = anyAsked ? undefined : columns.find((column) => !used.has(column) && GUESSES[field].test(column));
    const column = choice === undefined ? (guess ?? null) : choice === '' ? null : choice;
    if (column) used.add(column);
    mapping[field] = column;
  }
  return mapping;
}

/**
 * A CSV file with a header row: one entry per row, its day from the date column and its text from the columns the
 * mapping names. Columns mapped to nothing are not imported, and the preview says which.
 */
export function parseCsv(bytes: Uint8Array, asked: CsvMappingQuery): ParsedFile {
  checkText(bytes);
  checkSize(bytes);
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new UnreadableFile(
      error instanceof CsvError ? csvProblem(error) : 'The file could not be read as CSV. Save it from your spreadsheet as CSV and try again.',
    );
  }
  // Counted on the text already; a file whose rows end in a way the count did not see is caught here.
  if (records.length > MAX_ENTRIES + 1) throw tooManyEntries();
  const [header, ...rows] = records;
  if (!header) throw new UnreadableFile('The CSV file is empty: it needs a header row naming its columns.');
  const columns = columnNames(header);
  const mapping = chooseMapping(columns, asked);
  const notes: string[] = [];
  const ignored = columns.filter((column) => !Object.values(mapping).includes(column));
  if (ignored.length) notes.push(`Not imported: ${ignored.map((column) => `“${column}”`).join(', ')}.`);
  if (!mapping.date) {
    notes.push('Choose the column that holds each entry’s date.');
    return { candidates: [], refused: [], notes, csv: { columns, mapping } };
  }
  const at = (row: string[], column: string | null) => (column === null ? '' : (row[columns.indexOf(column)] ?? ''));
  const candidates: Candidate[] = [];
  const refused: Refusal[] = [];
  rows.forEach((row, index) => {
    const rowNumber = index + 1;
    const cell = at(row, mapping.date);
    const dated = dateOfCell(cell);
    if (!dated) {
      refused.push({
        date: null,
        row: rowNumber,
        message: `Row ${rowNumber}: “${shownCell(cell)}” is not a date like 2019-03-02`,
      });
      return;
    }
    const text = { gratitude: '', celebration: '', manifestation: '', memory: '' };
    for (const field of TEXT_FIELDS) text[field] = at(row, mapping[field]);
    const tags = tagsOfCell(at(row, mapping.tags));
    candidates.push({
      // The same row in the same file is the same entry; the mapping is part of what it says.
      key: JSON.stringify([dated.date, text.gratitude, text.celebration, text.manifestation, text.memory]),
      localDate: dated.localDate,
      date: dated.date,
      updatedAt: dated.date,
      utcOffset: dated.utcOffset,
      timeUnknown: dated.timeUnknown,
      ...(tags.length ? { tags } : {}),
      text,
      row: rowNumber,
    });
  });
  return { candidates, refused, notes, csv: { columns, mapping } };
}
