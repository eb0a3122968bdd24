import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows the button as busy and blocks repeat clicks while an action runs. */
  busy?: boolean;
  block?: boolean;
}

export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['btn', `btn-${variant}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, [block ? 'btn-block' : '', className].filter(Boolean).join(' '))}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
