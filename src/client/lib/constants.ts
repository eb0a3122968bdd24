/**
 * The constants of docs/product.md §9 that only the client reads. Those the server or the shared schemas read too
 * are in src/shared/limits.ts.
 */
export const BREATHING_ROUNDS = 3;
export const BREATHING_PHASE_MS = 3000;
export const BREATHING_TICK_MS = 100;
export const BREATHING_FADE_MS = 1000;

export const EMAIL_ACTION_REDIRECT_MS = 2000;
export const ONLINE_TIMEOUT_MS = 10_000;

export const MINIMUM_AGE = 13;
export const ANCHOR_SCROLL_DELAY_MS = 100;
export const ACTIVE_SECTION_OFFSET_PX = 100;

export const STORAGE_KEYS = {
  theme: 'theme',
  userId: 'userId',
  installBannerDismissed: 'installBannerDismissed',
  /** A short hash of the announcement last dismissed (app/AnnouncementBanner.tsx): a new one shows again. */
  announcementDismissed: 'announcementDismissed',
  /** Today's unsaved entry (features/journal/writing/entry-draft.ts). */
  entryDraft: 'entryDraft',
  /**
   * The account whose welcome this device finished or skipped (app/WelcomeGate.tsx): it stays closed here even before
   * the server has heard, and the mark is sent again once the connection is back.
   */
  welcomeSeenHere: 'welcomeSeenHere',
} as const;
