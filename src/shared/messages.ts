import { MAX_DISPLAY_NAME_LENGTH } from './limits';

/**
 * The message catalogue of docs/product.md §8. Every user-facing error or notice comes from here,
 * so the server's JSON errors and the screens say exactly the same words.
 */
export const AUTH_MESSAGES = {
  'invalid-email': 'Please enter a valid email address',
  // Settings asks for the current password of a signed-in user: saying it is wrong gives nothing away.
  'wrong-current-password': 'Your current password is incorrect',
  'invalid-credential': 'Invalid email or password',
  'email-already-in-use': 'An account already exists with this email. Please sign in instead.',
  'weak-password': 'Password should be at least 8 characters long',
  'too-many-requests': 'Too many attempts. Please try again in a few minutes.',
  'network-request-failed': 'Network error. Please check your internet connection and try again.',
  'email-not-verified': 'Please verify your email before signing in.',
  'too-many-login-attempts': 'Too many login attempts. Please try again later.',
  // The operator disabled the account (npm run admin -- disable); said only once the password was right.
  'account-disabled': 'This account has been disabled. Please contact support.',
  // SIGNUPS=closed, and SIGNUPS=invite without a usable code: one message for a wrong, expired or used code alike.
  'signups-closed': 'Sign-ups are closed. Please contact support.',
  'invite-required': 'Please enter the invite code you were sent.',
  'invalid-invite': 'This invite code cannot be used. Please check it, or ask for a new one.',
  'no-user': 'No user logged in',
  'missing-fields': 'Please fill in all required fields',
  'password-requirements': 'Please meet all password requirements',
  'invalid-action-code': 'Invalid action link',
  'expired-verify-code':
    'This verification link has expired or is invalid. Please request a new verification email.',
  'expired-reset-code':
    'This password reset link has expired or is invalid. Please request a new password reset email.',
  'reset-failed': 'Failed to reset password. Please try again.',
  'passwords-do-not-match': 'Passwords do not match',
  'reset-password-too-short': 'Password must be at least 8 characters long',
  'invalid-display-name': 'Display name cannot be empty',
  // Not in docs/product.md §8: for names refused by the server (sign-up), which would otherwise be told 'cannot be empty'.
  'display-name-too-long': `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
  'display-name-characters': 'Display name cannot contain control characters',
  'unexpected-service': 'An unexpected error occurred. Please try again.',
  unexpected: 'An unexpected error occurred',
} as const;

export type AuthErrorCode = keyof typeof AUTH_MESSAGES;

export const NOTICES = {
  resetEmailSent: 'Password reset email sent. Please check your inbox.',
  accountCreated: 'Account created! Please check your email to verify your account.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  verificationFailed: 'Failed to send verification email. Please try again.',
  emailVerified: 'Email verified successfully! Please sign in to continue.',
  // A verification link opened again, or an older one after a newer was used: the address is verified all the same.
  emailAlreadyVerified: 'This email address is already verified. Please sign in to continue.',
  passwordReset: 'Password reset successful! Please sign in with your new password.',
} as const;

/**
 * What a sign-in refused for too many attempts adds to SPEC's words ('too-many-login-attempts'): when the person may
 * try again, by the server's count, and the way in that does not wait (a reset clears the count).
 */
export const LOGIN_LIMIT_MESSAGES = {
  tryAgainAt: (time: string) => `You can try again at ${time}.`,
  resetLink: 'Reset your password',
} as const;

export const VERIFY_GATE_MESSAGES = {
  tooManyRequests: 'Too many attempts. Please wait a few minutes before trying again.',
  failed: 'Failed to send verification email. Please try again later.',
} as const;

export const JOURNAL_MESSAGES = {
  loadFailedPreconditionToast: 'Setting up the database. Please try again in a moment.',
  loadFailedPreconditionInline: 'Database is being configured. Please try again.',
  loadPermissionToast: 'You do not have permission to access these entries',
  loadPermissionInline: 'Access denied. Please check your permissions.',
  loadFailedToast: 'Failed to load journal entries',
  loadFailedInline: 'Failed to load journal entries. Please try again.',
  saveFailed: 'Failed to save journal entry. Please try again.',
  deleted: 'Entry deleted successfully',
  deleteFailed: 'Failed to delete entry',
  updated: 'Entry updated successfully',
  updateFailed: 'Failed to update entry',
  emptyTitle: 'Empty Journal Entry',
  emptyBody: "You haven't entered anything into your journal entry.",
  discardQuestion: 'Are you sure you want to discard your journal entry?',
  discardChangesQuestion: 'Are you sure you want to discard the changes to your journal entry?',
  invalidEntryData: 'Invalid entry data',
  invalidContent: 'Invalid content detected',
  entryNotFound: 'Entry not found',
  editTodayOnly: 'Only entries written today can be edited',
  pastDayOff:
    'Only today can get a new entry. To write for an earlier day, turn on “Write and edit past days” in Settings.',
  futureDay: 'An entry can be written for today or an earlier day, never for a day after today.',
  dayOutOfRange: 'day must be a date from 1900 on',
  dayInvalid: 'day must be a date, written YYYY-MM-DD',
  emptyEntry: "You haven't entered anything into your journal entry.",
  answersKeepTheirPrompts: 'answers: an edit keeps the prompts the entry was written with, in the same wording and order',
} as const;

/** Offline use (docs/decisions/007-offline-writes.md): what the screens say meanwhile. */
export const OFFLINE_MESSAGES = {
  offline: 'Offline',
  offlineDetail: ' — changes will sync',
  online: 'Online',
  connecting: 'Connecting…',
  waitingToSync: 'Waiting to sync',
  // Said when a write is queued: offline, or after a server error (docs/decisions/007), so it names neither.
  savedOnDevice: 'Saved on this device. It will sync as soon as the server can be reached.',
  deletedOnDevice: 'Deleted on this device. It will sync as soon as the server can be reached.',
  /** Once changes that waited have reached the server: '2 entries synced', '1 deletion synced'; null for none. */
  synced: (entries: number, deletions: number): string | null => {
    const parts = [
      entries > 0 ? `${entries} ${entries === 1 ? 'entry' : 'entries'}` : '',
      deletions > 0 ? `${deletions} ${deletions === 1 ? 'deletion' : 'deletions'}` : '',
    ].filter(Boolean);
    return parts.length === 0 ? null : `${parts.join(' and ')} synced`;
  },
} as const;

export const SETTINGS_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  profileFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  preferencesUpdated: 'Preferences updated successfully',
  preferencesFailed: 'Failed to update preferences',
  promptsUpdated: 'Your prompts are saved',
  promptsFailed: 'Failed to save your prompts',
} as const;

/** Reminder emails (docs/product.md §14): Settings' Reminders section, the API's refusals and the unsubscribe page. */
export const REMINDER_MESSAGES = {
  saved: 'Reminder settings saved',
  saveFailed: 'Failed to save reminder settings',
  loadFailed: 'Unable to load your reminder settings',
  invalid: 'Invalid reminder settings',
  invalidTime: 'Please enter a time of day',
  invalidDays: 'Please pick each day at most once',
  noDays: 'Please pick at least one day for your reminders',
  invalidTimeZone: 'Unknown time zone',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid. You can turn reminders off in Settings.',
  unsubscribed: 'You will get no more reminder emails.',
  unsubscribedMonthly: 'You will get no more monthly look back emails.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

/** Notifications on the writer's devices (docs/product.md §14): the refusals of /api/reminders/devices. */
export const PUSH_MESSAGES = {
  invalid: 'Invalid push subscription',
  missingEndpoint: 'The subscription has no endpoint',
  endpointTooLong: 'The subscription’s endpoint is too long',
  endpointNotAllowed: 'The subscription’s endpoint must be an https: address of a browser’s push service',
  missingKeys: 'The subscription has no keys (p256dh and auth)',
  invalidP256dh: 'The subscription’s p256dh key must be a P-256 public key (65 bytes, base64url)',
  invalidAuth: 'The subscription’s auth key must be 16 bytes, base64url',
  unavailable: 'This server does not send notifications; reminders come by email',
  notFound: 'No such device',
} as const;

/**
 * The journal's reads (docs/product.md §7, §16): the refusals of the query strings of GET /api/entries, /api/days and
 * /api/export (src/shared/query-schemas.ts).
 */
export const JOURNAL_QUERY_MESSAGES = {
  invalidDay: 'Invalid day',
  invalidMonth: 'Invalid month',
  invalidPageSize: 'Invalid page size',
  dayOrMonth: 'Give a day (YYYY-MM-DD) or a month (YYYY-MM)',
  yearOrMonth: 'Give a year (YYYY) or a month (YYYY-MM)',
  yearTwice: 'Give the year only once',
  monthTwice: 'Give the month only once',
  yearFormat: 'The year must be written as four digits, YYYY',
  monthFormat: 'The month must be written as YYYY-MM',
  yearOutOfRange: (first: number, last: number) => `Give a year from ${first} to ${last}`,
  invalidFormat: 'Give a format: json, markdown or zip',
  fromTwice: 'The first day (from) can be given only once',
  toTwice: 'The last day (to) can be given only once',
  invalidFrom: 'The first day (from) must be a calendar day written as YYYY-MM-DD',
  invalidTo: 'The last day (to) must be a calendar day written as YYYY-MM-DD',
  fromAfterTo: 'The first day (from) must not be after the last day (to)',
  invalidSince: 'The version the device copied at (since) must be written in digits',
} as const;

/** Looking back (docs/product.md §15): the refusals of GET /api/look-back and GET /api/jar. */
export const LOOK_BACK_MESSAGES = {
  todayMissing: "Give today's date as YYYY-MM-DD (today=)",
  todayTwice: "Give today's date only once",
  todayInvalid: "Today's date must be a calendar day written as YYYY-MM-DD",
  notInvalid: 'The entry to leave out (not=) must be an entry id, given once',
  unknownParameter: 'Only today= (and, for the jar, not=) can be given',
  lookBackWithDayOnly: "lookBack=1 goes with today's day list only: day=YYYY-MM-DD, and nothing else",
} as const;

/** Search (docs/product.md §17): the refusals of GET /api/search and what the search screen says. */
export const SEARCH_MESSAGES = {
  empty: 'Type a word to search for.',
  tooLong: 'Searches are limited to 200 characters.',
  tooManyTerms: 'Search for at most 10 words at a time.',
  invalidPrompt: 'Choose a prompt: gratitude, celebration, manifestation, memory, or answers (your own prompts).',
  invalidOrder: 'Choose an order: newest or best.',
  invalidWording: 'wording names one of your own prompts, 1 to 200 characters, and goes with prompt=answers',
  invalidFrom: 'The first day (from) must be a calendar day written as YYYY-MM-DD',
  invalidTo: 'The last day (to) must be a calendar day written as YYYY-MM-DD',
  fromAfterTo: 'The first day (from) must not be after the last day (to)',
  invalidCursor: 'Invalid page cursor',
  repeated: (name: string) => `Give ${name} only once`,
  failed: 'Search failed. Please try again.',
  offline: "You're offline: these results come only from the entries saved on this device.",
} as const;

export const STATS_MESSAGES = {
  loadFailed: 'Failed to load stats',
  detailedFailed: 'Failed to load detailed stats',
  unavailable: 'Unable to load statistics',
} as const;

/** The fallback quote of docs/product.md §3. */
export const FALLBACK_QUOTE = {
  quote: 'Keep your face always toward the sunshine, and shadows will fall behind you.',
  author: 'Walt Whitman',
} as const;

/**
 * Signing out while journal changes still wait to be sent (docs/decisions/007-offline-writes.md): they stay in this
 * device's outbox for the same user, so the words say so and offer to wait for them.
 */
export const SIGN_OUT_MESSAGES = {
  title: 'Sign out with changes waiting to sync?',
  unsent: (count: number): string =>
    count === 1
      ? '1 change is still waiting to sync. It stays on this device and is sent the next time you sign in here.'
      : `${count} changes are still waiting to sync. They stay on this device and are sent the next time you sign in here.`,
  waitingForConnection: 'Waiting for the connection. You will be signed out as soon as your changes are sent.',
  sending: 'Sending your changes. You will be signed out as soon as they are sent.',
  cancel: 'Cancel',
  signOutAnyway: 'Sign out anyway',
  signOutOnceSent: 'Sign out once sent',
} as const;
