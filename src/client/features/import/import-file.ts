import type { ImportFormat } from '../../../shared/import';

/** The formats the import reads, as the form offers them. */
export const IMPORT_FORMATS: readonly { value: ImportFormat; label: string }[] = [
  { value: 'ours', label: 'Gratitude Journal export (JSON or ZIP)' },
  { value: 'dayone', label: 'Day One (JSON or ZIP)' },
  { value: 'csv', label: 'CSV' },
];

/** The file picker's filter: what the three formats come as. */
export const IMPORT_ACCEPT = '.json,.zip,.csv';

const OUR_FORMAT_MARK = /"format"\s*:\s*"gratitude-journal"/;

/**
 * The likely kind of a chosen file, from its name and, for JSON, its first few kilobytes: this app's export says
 * `"format": "gratitude-journal"` near the top; any other JSON is taken for Day One's. A zip is this app's when its
 * name is the one the app's zip export gives (`gratitude-journal-…zip`), Day One's otherwise.
 */
export async function guessImportFormat(file: Blob & { name: string }): Promise<ImportFormat> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.zip')) return name.startsWith('gratitude-journal') ? 'ours' : 'dayone';
  try {
    const start = await file.slice(0, 8192).text();
    return OUR_FORMAT_MARK.test(start) ? 'ours' : 'dayone';
  } catch {
    return 'dayone';
  }
}
