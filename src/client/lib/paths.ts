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
  /** What the journal shows its writer about itself (docs/product.md, "Insights"). */
  insights: '/insights',
  about: '/about',
  contact: '/about#contact',
} as const;

/**
 * The pages for visitors, which a device signed in here leaves for the journal: the routes wrap them in GuestOnly
 * (features/auth/components/RouteGuards.tsx), app-start.tsx does not hydrate their ready-made markup there, and
 * layout.css keeps that markup hidden meanwhile (its `[data-signed-in]` selectors name these two addresses).
 */
export const guestPages: ReadonlySet<string> = new Set([paths.home, paths.login]);

export type LoginMode = 'login' | 'signup' | 'reset';

export function loginPath(mode: LoginMode = 'login'): string {
  return mode === 'login' ? paths.login : `${paths.login}?mode=${mode}`;
}

/** The journal with the welcome of the first sign-in open again (About links to it). */
export const welcomeAgainPath = `${paths.journal}?welcome=again`;

/** The journal opened on one local calendar day (YYYY-MM-DD). */
export function journalDayPath(dayKey: string): string {
  return `${paths.journal}?date=${dayKey}`;
}

/** The journal filtered by a tag (docs/product.md §5), /journal?tag=family. */
export function journalTagPath(tag: string): string {
  return `${paths.journal}?${new URLSearchParams({ tag })}`;
}

/** Insights for one year, or for the whole journal. */
export function insightsPath(year?: number): string {
  return year === undefined ? paths.insights : `${paths.insights}?year=${year}`;
}

/** A search of the gratitude answers for one word (docs/product.md §17), as Insights and the monthly look back link it. */
export function gratitudeWordSearchPath(word: string): string {
  return `${paths.journal}?${new URLSearchParams({ q: word, prompt: 'gratitude' })}`;
}
