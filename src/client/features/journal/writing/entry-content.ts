import type { EntryField } from '../../../../shared/entry-fields';
import type { EntryContent, JournalEntry } from '../../../../shared/entry-schemas';
import type { Mood } from '../../../../shared/mood';
import { hasNoAnswer, type PromptAnswer } from '../../../../shared/prompts';
import { isBlankEntry } from '../../../../shared/entry-fields';
import { ApiError } from '../../../lib/api';
import { isWaitingPhoto } from '../photos/local-id';

export { PROMPTS } from '../../../../shared/entry-fields';

export const MANIFESTATION_HINT = 'Imagine you have already achieved your goals and write as if they are true.';

export type EntryValues = Record<EntryField, string>;

export const EMPTY_VALUES: EntryValues = { gratitude: '', celebration: '', manifestation: '', memory: '' };

export function valuesOf(entry: JournalEntry): EntryValues {
  return {
    gratitude: entry.gratitude,
    celebration: entry.celebration,
    manifestation: entry.manifestation,
    memory: entry.memory,
  };
}

/**
 * What is sent: the memory only while the memory section is on (docs/product.md §3), and the mood when one is given
 * (null clears an entry's mood; left out, a new entry has none and an edited one keeps its own), the chips and the
 * photos.
 */
export function contentOf(
  values: EntryValues,
  showMemory: boolean,
  mood?: Mood | null,
  tags?: string[],
  photos?: string[],
): EntryContent {
  const { gratitude, celebration, manifestation, memory } = values;
  const text = showMemory ? { gratitude, celebration, manifestation, memory } : { gratitude, celebration, manifestation };
  return { ...text, ...extras(mood, tags, photos) };
}

/** The mood, chips and photos' ids, each only when given (left out, an edited entry keeps its own). */
function extras(mood?: Mood | null, tags?: string[], photos?: string[]): Partial<EntryContent> {
  return {
    ...(mood === undefined ? {} : { mood }),
    ...(tags === undefined ? {} : { tags }),
    ...(photos === undefined ? {} : { photos }),
  };
}

/** The answers a form would save, for the `#words` they type (src/shared/tags.ts). */
export function answersOf(values: EntryValues, showMemory: boolean): string[] {
  return [values.gratitude, values.celebration, values.manifestation, showMemory ? values.memory : ''];
}

/**
 * What is sent for an entry of the writer's own prompts: each prompt's wording with its answer, the four texts empty,
 * and the mood, tags and photos as contentOf sends them.
 */
export function answersContent(
  answers: readonly PromptAnswer[],
  mood?: Mood | null,
  tags?: string[],
  photos?: string[],
): EntryContent {
  const text = { gratitude: '', celebration: '', manifestation: '', answers: answers.map(({ prompt, answer }) => ({ prompt, answer })) };
  return { ...text, ...extras(mood, tags, photos) };
}

/** Whether nothing is written: no text of the app's own prompts, or no answer to the writer's own. */
export function isBlankContent(content: EntryContent): boolean {
  return content.answers ? hasNoAnswer(content.answers) : isBlankEntry(content);
}

let contentCheck: Promise<typeof import('./entry-check')> | undefined;

/**
 * Loads the check of an entry's content (the schema the server also uses, with its validation library): asked for
 * when a form to write or edit opens, not with the journal, which opens without it.
 */
export function loadContentCheck(): Promise<typeof import('./entry-check')> {
  contentCheck ??= import('./entry-check');
  return contentCheck;
}

/**
 * Why the content cannot be saved, in the words of the schema the server also uses; null when it can. Photos added
 * offline are named on this device only until the outbox uploads them, so the check counts them without their names.
 */
export async function contentProblem(content: EntryContent): Promise<string | null> {
  const photos = content.photos?.map((id, index) => (isWaitingPhoto(id) ? standIn(index) : id));
  return (await loadContentCheck()).contentProblem(photos ? { ...content, photos } : content);
}

/** A well-formed photo id of its own for each waiting photo, for the check alone: none is ever sent. */
const standIn = (index: number) => `waiting${String(index).padStart(15, '0')}`;

/** The journal's rules about which day may be written to (docs/product.md §5), whose refusals say why. */
const DAY_RULES: readonly string[] = ['today-only', 'edit-today-only'];

/**
 * A refused save says why (400, with the validation message; 403 for a day the writer may not write to, with the
 * rule); any other failure gets the general words.
 */
export function saveFailureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.status === 400 || (error.status === 403 && DAY_RULES.includes(error.code)) ? error.message : fallback;
}
