import type { ReactNode } from 'react';

/** A decorative 24x24 line icon: hidden from screen readers, whose text says the same. */
export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
