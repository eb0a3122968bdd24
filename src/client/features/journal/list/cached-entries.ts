import type { JournalEntry } from '../../../../shared/entry-schemas';

/** An entry as the server answers it, in a cached answer that may come from an older or newer app version. */
function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['id', 'localDate', 'date', 'updatedAt', 'gratitude', 'celebration', 'manifestation', 'memory'].every(
    (field) => typeof entry[field] === 'string',
  );
}

/** The entries of a cached answer: a day's page ({entries}) or a month's pages ({pages: [{entries}]}). */
export function entriesOf(data: unknown): JournalEntry[] {
  if (typeof data !== 'object' || data === null) return [];
  const answer = data as { entries?: unknown; pages?: unknown };
  if (Array.isArray(answer.entries)) return answer.entries.filter(isEntry);
  if (Array.isArray(answer.pages)) return answer.pages.flatMap(entriesOf);
  return [];
}
