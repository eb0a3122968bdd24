import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the input and read out with it. */
  hint?: ReactNode;
  /** Extra element ids that describe the input (a checklist, for example). */
  describedBy?: string;
}

export function TextField({ label, hint, describedBy, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const description = [hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field-input" aria-describedby={description} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
