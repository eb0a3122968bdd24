import { useId, type Ref } from 'react';
import { MAX_FIELD_LENGTH } from '../../../../../shared/limits';
import type { PromptAnswer } from '../../../../../shared/prompts';
import { CharacterCount, countDescribes } from '../../../../ui/CharacterCount';

interface AnswerAreaProps {
  answer: PromptAnswer;
  index: number;
  onChange: (index: number, value: string) => void;
  readOnly: boolean;
  textareaRef?: Ref<HTMLTextAreaElement> | undefined;
  autoFocus?: boolean | undefined;
}

function AnswerArea({ answer, index, onChange, readOnly, textareaRef, autoFocus }: AnswerAreaProps) {
  const id = useId();
  const countId = `${id}-count`;
  return (
    <div className="field entry-field">
      <label className="entry-field-label" htmlFor={id} dir="auto">
        {answer.prompt}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        autoFocus={autoFocus}
        name={`answer-${index}`}
        className="field-input entry-textarea"
        dir="auto"
        rows={3}
        value={answer.answer}
        readOnly={readOnly}
        aria-describedby={countDescribes(countId, answer.answer.length, MAX_FIELD_LENGTH)}
        onChange={(event) => onChange(index, event.target.value)}
      />
      <CharacterCount id={countId} length={answer.answer.length} limit={MAX_FIELD_LENGTH} />
    </div>
  );
}

export interface PromptAnswerFieldsProps {
  /** Each prompt's wording, as the entry asks it, with what is written so far. */
  answers: readonly PromptAnswer[];
  onChange: (index: number, value: string) => void;
  readOnly?: boolean;
  firstFieldRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

/** The writer's own prompts as text areas (docs/product.md §5): to write a new entry with them and to edit one. */
export function PromptAnswerFields({ answers, onChange, readOnly = false, firstFieldRef, autoFocus = false }: PromptAnswerFieldsProps) {
  return (
    <>
      {answers.map((answer, index) => (
        <AnswerArea
          key={index}
          answer={answer}
          index={index}
          onChange={onChange}
          readOnly={readOnly}
          textareaRef={index === 0 ? firstFieldRef : undefined}
          autoFocus={index === 0 && autoFocus}
        />
      ))}
    </>
  );
}

/** The answers with the one at `index` changed. */
export function withAnswer(answers: readonly PromptAnswer[], index: number, value: string): PromptAnswer[] {
  return answers.map((answer, at) => (at === index ? { ...answer, answer: value } : answer));
}
