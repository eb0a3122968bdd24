/**
 * The four fields of an entry, their prompts and what makes an entry blank: plain values, with no schema library, so
 * the journal's screens can use them without loading the validation code (entry-schemas.ts re-exports them).
 */
export const ENTRY_FIELDS = ['gratitude', 'celebration', 'manifestation', 'memory'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

/** The prompt of each entry field, as the form labels it, the list shows it and an export heads it. */
export const PROMPTS: Record<EntryField, string> = {
  gratitude: 'I am grateful for...',
  celebration: 'I want to celebrate...',
  manifestation: 'I am manifesting...',
  memory: 'Today I want to capture these memories...',
};

/** Spaces, and the invisible characters that separate or join others without showing anything. */
const BLANK = /^[\s\u00AD\u180E\u200B-\u200D\u2060]*$/u;

export function isBlankEntry(entry: Partial<Record<EntryField, string>>): boolean {
  return ENTRY_FIELDS.every((field) => BLANK.test(entry[field] ?? ''));
}
