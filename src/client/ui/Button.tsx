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
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, [block ? 'btn-block' : '', className].filter(Boolean).join(' '))}
      // A busy button stays focusable: disabling it would drop keyboard focus to the page. It ignores clicks
      // instead, which also stops a busy submit button from submitting its form again.
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
