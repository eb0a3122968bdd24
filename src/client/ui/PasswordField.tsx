import { useLayoutEffect, useRef, useState } from 'react';
import { Icon } from './Icon';
import { TextField } from './TextField';

interface PasswordFieldProps {
  label: string;
  /** A saved password to fill in, or a new one to choose: password managers act on the difference. */
  purpose: 'current' | 'new';
  value: string;
  onChange: (value: string) => void;
  /** The field's form name when it differs from its purpose's (`current-password`, `new-password`). */
  name?: string;
  minLength?: number;
  /** Ids of elements that describe the field (a checklist, for example). */
  describedBy?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon>
      <path
        d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 20L20 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </Icon>
  );
}

/**
 * A required password field of the sign-in, sign-up, reset and settings forms. Hidden as it is typed, with a button
 * to show it (a long password is easily mistyped on a phone). Pressing the button leaves the caret where it was: a
 * pointer press keeps the focus in the field, and the selection is put back after the field changes its type.
 */
export function PasswordField({ label, purpose, value, onChange, name, minLength, describedBy }: PasswordFieldProps) {
  const autoComplete = purpose === 'current' ? 'current-password' : 'new-password';
  const [shown, setShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const selection = useRef<{ start: number | null; end: number | null } | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const kept = selection.current;
    selection.current = null;
    if (input && kept && document.activeElement === input) input.setSelectionRange(kept.start, kept.end);
  }, [shown]);

  function toggle() {
    const input = inputRef.current;
    selection.current = input ? { start: input.selectionStart, end: input.selectionEnd } : null;
    setShown(!shown);
  }

  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      name={name ?? autoComplete}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      required
      minLength={minLength}
      describedBy={describedBy}
      value={value}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value)}
      trailing={
        <button
          type="button"
          className="field-reveal"
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          // A pointer press leaves the focus (and so the caret) in the field; the keyboard's stays on the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          <EyeIcon crossed={shown} />
        </button>
      }
    />
  );
}
