/** Every route of docs/product.md §2, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  verifyEmail: '/verify-email',
  settings: '/settings',
  journal: '/journal',
  /** Today's entry form, the link of a reminder email (docs/product.md §14). */
  writeToday: '/journal/new',
  /** Where a reminder email's unsubscribe link leads, signed in or not. */
  unsubscribe: '/reminders/unsubscribe',
  print: '/print',
  about: '/about',
  contact: '/about#contact',
} as const;

export type LoginMode = 'login' | 'signup' | 'reset';

export function loginPath(mode: LoginMode = 'login'): string {
  return mode === 'login' ? paths.login : `${paths.login}?mode=${mode}`;
}

/** The journal opened on one local calendar day (YYYY-MM-DD). */
export function journalDayPath(dayKey: string): string {
  return `${paths.journal}?date=${dayKey}`;
}
