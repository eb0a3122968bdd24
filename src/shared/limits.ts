/**
 * The constants of docs/product.md §9 that the server or the shared schemas read. Those only the client reads are in
 * src/client/lib/constants.ts.
 */
export const MAX_FIELD_LENGTH = 10_000;
export const MONTH_PAGE_SIZE = 5;
/** The most entries one answer of the list API carries: a whole day's page, or the largest ?limit for a month. */
export const MAX_PAGE_SIZE = 100;

export const SIGNUP_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 8;
export const SETTINGS_PASSWORD_INPUT_MIN = 6;
/** Upper bound on any password we hash, so a huge body cannot make hashing expensive. */
export const PASSWORD_MAX = 128;

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const RESEND_COOLDOWN_S = 60;
export const RESEND_PENALTY_S = 300;

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a verification code is kept after it expires, so that its link opened again says "already verified". */
export const VERIFY_EMAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

export const MAX_DISPLAY_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
