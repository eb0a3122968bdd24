import { useId, type Ref } from 'react';
import type { EntryField } from '../../../../../shared/entry-schemas';
import { MAX_FIELD_LENGTH } from '../../../../../shared/limits';
import { CharacterCount, countDescribes } from '../../../../ui/CharacterCount';
import { MANIFESTATION_HINT, PROMPTS, type EntryValues } from '../entry-content';

interface EntryTextAreaProps {
  field: EntryField;
  value: string;
  onChange: (field: EntryField, value: string) => void;
  readOnly: boolean;
  hint?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

function EntryTextArea({ field, value, onChange, readOnly, hint, textareaRef, autoFocus }: EntryTextAreaProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const description =
    [hint ? hintId : '', countDescribes(countId, value.length, MAX_FIELD_LENGTH) ?? ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field entry-field">
      <label className="entry-field-label" htmlFor={id}>
        {PROMPTS[field]}
      </label>
      {hint && (
        <p id={hintId} className="entry-field-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        ref={textareaRef}
        autoFocus={autoFocus}
        name={field}
        className="field-input entry-textarea"
        dir="auto"
        rows={3}
        value={value}
        readOnly={readOnly}
        aria-describedby={description}
        onChange={(event) => onChange(field, event.target.value)}
      />
      <CharacterCount id={countId} length={value.length} limit={MAX_FIELD_LENGTH} />
    </div>
  );
}

export interface EntryFieldsProps {
  values: EntryValues;
  onChange: (field: EntryField, value: string) => void;
  showMemory: boolean;
  /** While saving the text stays readable and focusable but cannot change under the request. */
  readOnly?: boolean;
  firstFieldRef?: Ref<HTMLTextAreaElement>;
  /** Puts the cursor in the first prompt when the fields appear. */
  autoFocus?: boolean;
}

/** The prompts of an entry as text areas: used to write a new entry and to edit one. */
export function EntryFields({
  values,
  onChange,
  showMemory,
  readOnly = false,
  firstFieldRef,
  autoFocus = false,
}: EntryFieldsProps) {
  const common = { onChange, readOnly };
  return (
    <>
      <EntryTextArea
        field="gratitude"
        value={values.gratitude}
        textareaRef={firstFieldRef}
        autoFocus={autoFocus}
        {...common}
      />
      <EntryTextArea field="celebration" value={values.celebration} {...common} />
      <EntryTextArea field="manifestation" value={values.manifestation} hint={MANIFESTATION_HINT} {...common} />
      {showMemory && <EntryTextArea field="memory" value={values.memory} {...common} />}
    </>
  );
}
