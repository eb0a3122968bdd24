import { ENTRY_FIELDS, PROMPTS, type EntryField } from '../../../../shared/entry-fields';
import type { PromptAnswer } from '../../../../shared/prompts';

/** One answer as an entry shows it: under its prompt's wording. */
export interface ShownAnswer {
  /** Unique within the entry, for React. */
  key: string;
  prompt: string;
  text: string;
  /** The field, for an entry of the app's own prompts. */
  field?: EntryField;
}

type ReadEntry = Record<EntryField, string> & { answers?: PromptAnswer[] | undefined };

/**
 * The answers an entry shows, in its own order, each under the wording it was written with (docs/product.md §5): the
 * app's own prompts for the four texts, or the writer's own prompts as they were then. A prompt left unanswered is not
 * shown, on screen or in print.
 */
export function shownAnswers(entry: ReadEntry, isBlank = (text: string) => text.trim() === ''): ShownAnswer[] {
  const own = ENTRY_FIELDS.filter((field) => !isBlank(entry[field])).map((field) => ({
    key: field,
    prompt: PROMPTS[field],
    text: entry[field],
    field,
  }));
  const answers = (entry.answers ?? []).flatMap(({ prompt, answer }, index) =>
    isBlank(answer) ? [] : [{ key: `answer-${index}`, prompt, text: answer }],
  );
  return [...own, ...answers];
}
