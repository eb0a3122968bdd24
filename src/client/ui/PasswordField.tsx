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

/** A required password field of the sign-in, sign-up, reset and settings forms. */
export function PasswordField({ label, purpose, value, onChange, name, minLength, describedBy }: PasswordFieldProps) {
  const autoComplete = purpose === 'current' ? 'current-password' : 'new-password';
  return (
    <TextField
      label={label}
      type="password"
      name={name ?? autoComplete}
      autoComplete={autoComplete}
      required
      minLength={minLength}
      describedBy={describedBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
