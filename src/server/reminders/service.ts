import {
  DEFAULT_REMINDER_TIME,
  daysToMask,
  maskToDays,
  minutesToTime,
  type ReminderSettings,
  type ReminderSettingsInput,
  timeToMinutes,
  WEEKDAYS,
} from '../../shared/reminder-schemas';
import { REMINDER_MESSAGES } from '../../shared/messages';
import { quoteForDay } from '../../shared/quotes';
import { findUserByEmail, isAccountDisabled } from '../auth/repository';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { HttpError } from '../http/errors';
import { reminderMail } from '../mail/templates';
import type { OutgoingMail } from '../mail/transport';
import { dailyQuotes } from './quotes';
import { disableReminder, findReminder, hasEntryOn, type ReminderRow, takeWriteLock, upsertReminder } from './repository';
import { newUnsubscribeNonce, tokenMatches, tokenUserId, unsubscribeToken } from './unsubscribe-token';
import { localDateIn, nextReminder, timeZoneName } from '../zoned-time';

export interface ReminderServiceDeps {
  config: Pick<Config, 'appUrl' | 'authSecret'>;
  database: DatabaseHandle;
  now: () => Date;
}

/** Where a reminder's links go: the app's own pages, and the one-click address mail programs POST to. */
export const REMINDER_PATHS = {
  /** Opens today's entry form (the journal's writing step), after signing in if need be. */
  write: '/journal/new',
  unsubscribePage: '/reminders/unsubscribe',
  oneClick: '/api/reminders/unsubscribe',
} as const;

function toSettings(row: ReminderRow | undefined): ReminderSettings {
  if (!row) {
    return { enabled: false, time: DEFAULT_REMINDER_TIME, days: [...WEEKDAYS], timeZone: null, nextAt: null };
  }
  return {
    enabled: Boolean(row.enabled),
    time: minutesToTime(row.minute_of_day),
    days: maskToDays(row.weekdays),
    timeZone: row.time_zone,
    nextAt: row.enabled ? row.next_due_at : null,
  };
}

/** The reminder rules of docs/product.md §14 that answer people: settings, unsubscribing, and the email itself. */
export class ReminderService {
  constructor(private readonly deps: ReminderServiceDeps) {}

  async settings(userId: string): Promise<ReminderSettings> {
    const { database } = this.deps;
    return toSettings(await findReminder(database.db, database.dialect, userId));
  }

  /**
   * Saves the person's settings and works out when the next reminder is due. Turning reminders on (again) gives
   * them a new unsubscribe nonce, which voids the links of every email sent before. The day a reminder last went out
   * for is kept, so that moving the time later in the day never sends a second one that day.
   */
  async save(userId: string, input: ReminderSettingsInput): Promise<ReminderSettings> {
    // Kept under one spelling, whatever the case it came in: the same zone, the same row text.
    const timeZone = timeZoneName(input.timeZone);
    if (timeZone === undefined) throw new HttpError(400, 'invalid-time-zone', REMINDER_MESSAGES.invalidTimeZone);
    const { database } = this.deps;
    const now = this.deps.now();
    const saved = await database.write(async (trx) => {
      await takeWriteLock(trx, database.dialect);
      const before = await findReminder(trx, database.dialect, userId, { lock: true });
      const schedule = {
        timeZone,
        minuteOfDay: timeToMinutes(input.time),
        weekdays: daysToMask(input.days),
      };
      const lastSent = before?.last_sent_local_date ?? null;
      const next = input.enabled ? nextReminder(schedule, now, lastSent) : null;
      const row: ReminderRow = {
        user_id: userId,
        enabled: input.enabled ? 1 : 0,
        minute_of_day: schedule.minuteOfDay,
        weekdays: schedule.weekdays,
        time_zone: schedule.timeZone,
        next_due_at: next ? next.toISOString() : null,
        last_sent_local_date: lastSent,
        unsubscribe_nonce:
          before && (before.enabled || !input.enabled) ? before.unsubscribe_nonce : newUnsubscribeNonce(),
        updated_at: now.toISOString(),
      };
      await upsertReminder(trx, row);
      return row;
    });
    return toSettings(saved);
  }

  /**
   * Turns off the reminders of the person the token was made for (the one-click POST and the page's button).
   * False for a token this server did not make, or one made before reminders were last turned on; nothing changes
   * then, for anyone.
   */
  async unsubscribe(token: string): Promise<boolean> {
    const userId = tokenUserId(token);
    if (!userId) return false;
    const { database, config } = this.deps;
    const row = await findReminder(database.db, database.dialect, userId);
    if (!row || !tokenMatches(config.authSecret, token, userId, row.unsubscribe_nonce)) return false;
    return database.write((trx) => disableReminder(trx, userId, row.unsubscribe_nonce, this.deps.now()));
  }

  /**
   * Writes a queued reminder just before it is sent, with its unsubscribe link (never stored). Null when there is
   * nothing to send any more: no such account, a disabled or unverified one, reminders turned off since, the day it
   * was for already over in the person's zone (a mail server down since then; a newer reminder, if any, is the one
   * that goes), or today's entry written meanwhile.
   */
  async composeMail(recipient: string, now: Date, queuedAt: Date): Promise<OutgoingMail | null> {
    const { database, config } = this.deps;
    const user = await findUserByEmail(database.db, recipient);
    if (!user?.emailVerified || (await isAccountDisabled(database.db, user.id))) return null;
    const row = await findReminder(database.db, database.dialect, user.id);
    const day = row?.last_sent_local_date;
    if (!row?.enabled || !day) return null;
    if (localDateIn(row.time_zone, now) !== day || localDateIn(row.time_zone, queuedAt) !== day) return null;
    if (await hasEntryOn(database.db, user.id, day)) return null;
    const token = encodeURIComponent(unsubscribeToken(config.authSecret, user.id, row.unsubscribe_nonce));
    return reminderMail(
      user.email,
      {
        write: `${config.appUrl}${REMINDER_PATHS.write}`,
        unsubscribePage: `${config.appUrl}${REMINDER_PATHS.unsubscribePage}?token=${token}`,
        oneClick: `${config.appUrl}${REMINDER_PATHS.oneClick}?token=${token}`,
      },
      quoteForDay(dailyQuotes(), day),
    );
  }
}
