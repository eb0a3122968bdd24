import type { ColumnType, Generated } from 'kysely';

/**
 * better-auth's four tables keep its own column names (camelCase); the product's tables use snake_case.
 * Timestamps of our own tables are ISO-8601 strings, which sort correctly as text on both databases.
 */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
type AuthBoolean = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface ProfileTable {
  uid: string;
  email: string;
  display_name: string;
  created_at: string;
  show_memory_section: number;
  /** 1 when the writer writes and edits past days (docs/product.md §5); 0 by default. */
  past_days: Generated<number>;
  /** 1 when the calendars show each day's first photo as its tile (docs/product.md §16); 0 by default. */
  calendar_photos: Generated<number>;
  theme: string | null;
  /** When the welcome after the first sign-in was finished or skipped (migration 020); null until then. */
  welcome_seen_at: string | null;
  /** The writer's prompts (migration 022): JSON of a PromptChoice (src/shared/prompts.ts); null for the app's own. */
  prompts: string | null;
  entry_count: Generated<number>;
  /** Goes up with every change to the user's entries (see journal/read-cache.ts). */
  journal_version: Generated<number>;
  /**
   * The run of consecutive days with an entry that ends on the user's newest day: first and last day numbers,
   * null without entries. The streak is read from it (journal/repository.ts).
   */
  run_first: number | null;
  run_last: number | null;
  /** When the operator disabled the account (admin/cli.ts); null while it may sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The month (year * 12 + month) whose monthly look back the writer dismissed (migration 025); null if none. */
  month_look_back_dismissed: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface EmailActionTable {
  code_hash: string;
  kind: 'verifyEmail' | 'resetPassword';
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginAttemptTable {
  email: string;
  window_started_at: string;
  attempts: number;
}

/** Wrong passwords given by a signed-in person (Delete Account, Change Password), per account (auth/repository.ts). */
export interface PasswordCheckTable {
  user_id: string;
  window_started_at: string;
  attempts: number;
}

/** The cooldown of emails asked for by address (auth/repository.ts, claimSend); `key` is a keyed hash. */
export interface EmailThrottleTable {
  key: string;
  last_sent_at: string;
  blocked_until: string | null;
}

/** An invite code for SIGNUPS=invite: only its SHA-256 is kept (auth/invites.ts). */
export interface InviteTable {
  code_hash: string;
  uses_left: number;
  created_at: string;
  expires_at: string;
}

export interface JournalEntryTable {
  id: string;
  user_id: string;
  date: string;
  local_day: number;
  /** Minutes east of UTC on the writer's clock when they wrote it; null for entries written before it was kept. */
  utc_offset: number | null;
  /** 1 when only the entry's day is known (an imported date without a time); null otherwise. */
  time_unknown: number | null;
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
  updated_at: string;
  /** The writer's day when the entry was written, if after its own day (past days, docs/product.md §5); else null. */
  added_day: number | null;
  /** The writer's day when the entry was last edited, if after its own day; else null. */
  edited_day: number | null;
  /** How the day felt, 1 (Rough) to 5 (Great), when the writer chose one (migration 021); else null. */
  mood: number | null;
  /**
   * The answers of an entry written with the writer's own prompts (migration 022, decision 033): JSON, a list of
   * {prompt, answer}, each prompt's wording as it was when written. Null for an entry of the app's own prompts.
   */
  prompt_answers: string | null;
  /** The entry's tags, folded, separated by spaces, in the entry's order (migration 023); null for none. */
  tags: string | null;
}

/** One tag of one entry, with the entry's day and time, for a writer's entries with a tag, newest first. */
export interface EntryTagTable {
  entry_id: string;
  user_id: string;
  tag: string;
  local_day: number;
  date: string;
}

export interface JournalDayTable {
  user_id: string;
  day: number;
  entries: number;
  /** The moods of the day's entries that have one, added up, and how many they are (migration 029). */
  mood_sum: Generated<number>;
  mood_count: Generated<number>;
}

/** Entries per month (monthIndexOfDay), so that the month's and the year's counts read at most 12 rows. */
export interface JournalMonthTable {
  user_id: string;
  month: number;
  entries: number;
}

/**
 * The entries whose gratitude answer holds each word, per writer and period (insights/word-counts.ts, migration 026):
 * the period is the whole journal (0), a year (the year) or a month (YYYYMM). Kept by every write of an entry's texts.
 */
export interface JournalWordTable {
  user_id: string;
  period: number;
  word: string;
  entries: number;
}

/** The words of the four answers of a writer's entries in all, per period (as journal_word's). */
export interface JournalWordTotalTable {
  user_id: string;
  period: number;
  words: number;
}

/**
 * The entries written at each hour of the writer's clock (-1: time not known), per writer and period (the whole
 * journal, 0, or a year), as insights/hours.ts keeps them (migration 029).
 */
export interface JournalHourTable {
  user_id: string;
  period: number;
  hour: number;
  entries: number;
}

export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  /**
   * An email with a link is queued as a template and the address only: it is written, link and all, when it is
   * sent (mail/queue.ts), so no usable link is ever at rest. Null for an email queued whole.
   */
  template: MailTemplate | null;
  /** The unique part of the email's Message-ID, the same on every try; null for a row queued before it was kept. */
  message_id: string | null;
  /** When the send in progress was handed to the transport; null when none is, or the last one failed. */
  sending_at: string | null;
  /** Sends handed to the transport whose outcome was never recorded (the process died): one more try after the first. */
  interrupted_sends: Generated<number>;
}

export type MailTemplate = 'verifyEmail' | 'resetPassword' | 'reminder' | 'monthlyLookBack';

/**
 * The newest period of scheduled backups a process has claimed (backup/scheduler.ts): one row, name 'scheduled';
 * slot_start is the period's start, claimed_at when it was claimed.
 */
export interface BackupScheduleTable {
  name: string;
  slot_start: string;
  claimed_at: string | null;
}

/**
 * A person's reminder emails (reminders/, migration 010). Times are the person's own: `minute_of_day` in
 * `time_zone` on the `weekdays` (bit n for day n, Sunday = 0); `next_due_at` is the next such moment in UTC (ISO),
 * null while reminders are off; `last_sent_local_date` the person's day (YYYY-MM-DD) the last one was sent for.
 */
export interface ReminderTable {
  user_id: string;
  enabled: number;
  minute_of_day: number;
  weekdays: number;
  time_zone: string;
  next_due_at: string | null;
  last_sent_local_date: string | null;
  /** Part of the unsubscribe link's keyed hash (reminders/unsubscribe-token.ts); replaced when reminders go on. */
  unsubscribe_nonce: string;
  updated_at: string;
  /** 1 when the reminder goes by email too; 0 when only to the person's devices (migration 019). */
  email: Generated<number>;
  /**
   * The monthly look-back email (migration 027): 1 when asked for; the next first of a month it is due (UTC, ISO),
   * null while it or reminders are off; the month (year * 12 + month index) the last one was queued for.
   */
  monthly_email: Generated<number>;
  monthly_due_at: string | null;
  monthly_sent_for: number | null;
}

/**
 * Full-text search (search/, migration 011). Each writer's number, which keeps their entries apart in the index; and
 * on SQLite the index's row id of each entry (the FTS5 table search_text holds only words, under these row ids), on
 * PostgreSQL each entry's tsvector. All three are written by triggers on journal_entry, never by the app.
 */
export interface SearchOwnerTable {
  user_id: string;
  owner: number;
}

export interface SearchDocTable {
  doc: number;
  entry_id: string;
}

export interface SearchEntryTable {
  entry_id: string;
  vector: string;
}

/**
 * The settings of the server that started last on this database (migration 016), for `npm run admin`: one row, id 1.
 * `app_url` is the address its links use; `app_url_set` 1 when APP_URL gave it, 0 when it is http://localhost:PORT.
 */
export interface ServerSettingsTable {
  id: number;
  app_url: string;
  app_url_set: number;
  signups: string;
  started_at: string;
}

/** The server's VAPID key pair (migration 019), base64url as web-push takes them: one row, id 1. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A device that takes reminder notifications (migration 019, reminders/push.ts). */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: string;
}

/** A reminder notification waiting to go to one device, for one day of the person's calendar (migration 019). */
export interface PushQueueTable {
  subscription_id: string;
  local_date: string;
  user_id: string;
  created_at: string;
  next_attempt_at: string;
  attempts: number;
  sending_at: string | null;
}

/**
 * A photo (migration 024): its owner, the entry it belongs to (null until an entry's save attaches it), its place
 * among the entry's photos, both renditions' sizes in pixels, and the bytes the quota counts.
 */
export interface PhotoTable {
  id: string;
  user_id: string;
  entry_id: string | null;
  position: Generated<number>;
  created_at: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  bytes: number;
  thumb: Uint8Array;
  full_size: Uint8Array;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profile: ProfileTable;
  email_action: EmailActionTable;
  login_attempt: LoginAttemptTable;
  password_check: PasswordCheckTable;
  email_throttle: EmailThrottleTable;
  invite: InviteTable;
  journal_entry: JournalEntryTable;
  entry_tag: EntryTagTable;
  journal_day: JournalDayTable;
  journal_month: JournalMonthTable;
  journal_word: JournalWordTable;
  journal_word_total: JournalWordTotalTable;
  journal_hour: JournalHourTable;
  mail_queue: MailQueueTable;
  backup_schedule: BackupScheduleTable;
  reminder: ReminderTable;
  search_owner: SearchOwnerTable;
  search_doc: SearchDocTable;
  search_entry: SearchEntryTable;
  server_settings: ServerSettingsTable;
  push_keys: PushKeysTable;
  push_subscription: PushSubscriptionTable;
  push_queue: PushQueueTable;
  photo: PhotoTable;
}
