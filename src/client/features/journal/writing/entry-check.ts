import { entryContentSchema, type EntryContent } from '../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES } from '../../../../shared/messages';

/** Why the content cannot be saved, in the words of the schema the server also uses; null when it can. */
export function contentProblem(content: EntryContent): string | null {
  const parsed = entryContentSchema.safeParse(content);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? JOURNAL_MESSAGES.invalidEntryData;
}
