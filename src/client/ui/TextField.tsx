import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { CharacterCount, countDescribes } from './CharacterCount';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the input and read out with it. */
  hint?: ReactNode;
  /** Extra element ids that describe the input (a checklist, for example). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A control drawn inside the input's box, at its end (a password's Show button). */
  trailing?: ReactNode;
  /** Says how many characters are left once the value nears this limit (the display name's, say). */
  characterLimit?: number;
}

export function TextField({
  label,
  hint,
  describedBy,
  className,
  inputRef,
  trailing,
  characterLimit,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const length = typeof input.value === 'string' ? input.value.length : 0;
  const counted = characterLimit === undefined ? undefined : countDescribes(countId, length, characterLimit);
  const description = [hint ? hintId : '', describedBy ?? '', counted ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {trailing ? (
        <div className="field-control">
          <input ref={inputRef} id={id} className="field-input" aria-describedby={description} {...input} />
          {trailing}
        </div>
      ) : (
        <input ref={inputRef} id={id} className="field-input" aria-describedby={description} {...input} />
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {characterLimit !== undefined && <CharacterCount id={countId} length={length} limit={characterLimit} />}
    </div>
  );
}
