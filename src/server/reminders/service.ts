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
import { createPublicKey, randomBytes } from 'node:crypto';
import { PUSH_MESSAGES, REMINDER_MESSAGES } from '../../shared/messages';
import {
  MAX_PUSH_DEVICES,
  type PushDevice,
  type PushDeviceAdded,
  type PushDevices,
  type PushSubscriptionInput,
} from '../../shared/push-schemas';
import { quoteForDay } from '../../shared/quotes';
import { findUserByEmail, isAccountDisabled } from '../auth/repository';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { MailTemplate } from '../db/schema';
import { HttpError } from '../http/errors';
import { monthlyLookBackMail, reminderMail } from '../mail/templates';
import type { OutgoingMail } from '../mail/transport';
import { dailyQuotes } from './quotes';
import { monthDayRange } from '../../shared/dates';
import { MONTH_LOOK_BACK_DAYS } from '../../shared/insights';
import { dismissedMonth, writtenDays } from '../insights/repository';
import { PushKeys } from './push';
import { deviceName, isPushServiceEndpoint } from './push-services';
import {
  addPushSubscription,
  disableMonthlyEmail,
  disableReminder,
  findReminder,
  hasEntryOn,
  listPushSubscriptions,
  type PushSubscriptionRow,
  removePushSubscription,
  type ReminderRow,
  takeWriteLock,
  upsertReminder,
} from './repository';
import { newUnsubscribeNonce, tokenMatches, tokenUserId, type UnsubscribeKind, unsubscribeToken } from './unsubscribe-token';
import { localDateIn, monthIndexOfKey, nextMonthly, nextReminder, timeZoneName } from '../zoned-time';

export interface ReminderServiceDeps {
  config: Pick<Config, 'appUrl' | 'authSecret' | 'push'>;
  database: DatabaseHandle;
  now: () => Date;
  /** The server's VAPID keys; one of its own unless the app shares its one with the push worker. */
  pushKeys?: PushKeys;
}

function toDevice(row: PushSubscriptionRow): PushDevice {
  return { id: row.id, device: row.device, createdAt: row.created_at, endpoint: row.endpoint };
}

/** Whether a base64url P-256 public key is a point on the curve, as the browser's p256dh is. */
function isP256Point(key: string): boolean {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: bytes.subarray(1, 33).toString('base64url'), y: bytes.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Where a reminder's links go: the app's own pages, and the one-click address mail programs POST to. */
export const REMINDER_PATHS = {
  /** Opens today's entry form (the journal's writing step), after signing in if need be. */
  write: '/journal/new',
  unsubscribePage: '/reminders/unsubscribe',
  oneClick: '/api/reminders/unsubscribe',
  /** Today's list, where the monthly look back shows on the first days of a month. */
  journal: '/journal',
} as const;

/** The English name of a month index (year * 12 + month), as the look back names it: "October". */
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** The templates this service writes: the daily reminder and the monthly look-back email. */
export type ReminderTemplate = Extract<MailTemplate, 'reminder' | 'monthlyLookBack'>;

export function isReminderTemplate(template: MailTemplate): template is ReminderTemplate {
  return template === 'reminder' || template === 'monthlyLookBack';
}

function toSettings(row: ReminderRow | undefined): ReminderSettings {
  if (!row) {
    return {
      enabled: false,
      time: DEFAULT_REMINDER_TIME,
      days: [...WEEKDAYS],
      timeZone: null,
      nextAt: null,
      email: true,
      monthlyEmail: false,
      monthlyAt: null,
    };
  }
  return {
    enabled: Boolean(row.enabled),
    time: minutesToTime(row.minute_of_day),
    days: maskToDays(row.weekdays),
    timeZone: row.time_zone,
    nextAt: row.enabled ? row.next_due_at : null,
    email: Boolean(row.email),
    monthlyEmail: Boolean(row.monthly_email),
    monthlyAt: row.enabled && row.monthly_email ? row.monthly_due_at : null,
  };
}

/** The reminder rules of docs/product.md §14 that answer people: settings, unsubscribing, and the email itself. */
export class ReminderService {
  private readonly pushKeys: PushKeys;

  constructor(private readonly deps: ReminderServiceDeps) {
    this.pushKeys = deps.pushKeys ?? new PushKeys(deps);
  }

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
      const monthlyEmail = input.monthlyEmail ?? Boolean(before?.monthly_email);
      // The monthly email goes on the first of each month while reminders are on; the month it was last queued for
      // is kept, so that saving again on a first never brings a second that month.
      const monthlySentFor = before?.monthly_sent_for ?? null;
      const monthlyNext = input.enabled && monthlyEmail ? nextMonthly(schedule, now, monthlySentFor).at : null;
      // Turning reminders or the monthly email on voids the unsubscribe links of earlier emails (decision 019).
      const wasOn = before !== undefined && (before.enabled || !input.enabled);
      const monthlyWasOn =
        before !== undefined && ((before.enabled && before.monthly_email) || !(input.enabled && monthlyEmail));
      const row: ReminderRow = {
        user_id: userId,
        enabled: input.enabled ? 1 : 0,
        minute_of_day: schedule.minuteOfDay,
        weekdays: schedule.weekdays,
        time_zone: schedule.timeZone,
        next_due_at: next ? next.toISOString() : null,
        last_sent_local_date: lastSent,
        unsubscribe_nonce: before && wasOn && monthlyWasOn ? before.unsubscribe_nonce : newUnsubscribeNonce(),
        updated_at: now.toISOString(),
        email: input.email === undefined ? (before?.email ?? 1) : input.email ? 1 : 0,
        monthly_email: monthlyEmail ? 1 : 0,
        monthly_due_at: monthlyNext ? monthlyNext.toISOString() : null,
        monthly_sent_for: monthlySentFor,
      };
      await upsertReminder(trx, row);
      return row;
    });
    return toSettings(saved);
  }

  /** The person's devices with notifications, and what a page needs to add one (the server's public key). */
  async devices(userId: string): Promise<PushDevices> {
    const { config, database } = this.deps;
    const available = config.push.subject !== undefined;
    const rows = await listPushSubscriptions(database.db, userId);
    return {
      available,
      publicKey: available ? (await this.pushKeys.get()).publicKey : null,
      devices: rows.map(toDevice),
    };
  }

  /**
   * Adds a device with notifications for the person: a subscription on a push service's host (push-services.ts)
   * with a real P-256 key. Past MAX_PUSH_DEVICES, the oldest gives way, and the answer names it.
   */
  async addDevice(userId: string, input: PushSubscriptionInput, userAgent: string | undefined): Promise<PushDeviceAdded> {
    const { config, database } = this.deps;
    if (config.push.subject === undefined) throw new HttpError(409, 'push-unavailable', PUSH_MESSAGES.unavailable);
    if (!isPushServiceEndpoint(input.endpoint, config.push.extraHosts)) {
      throw new HttpError(400, 'invalid-subscription', PUSH_MESSAGES.endpointNotAllowed);
    }
    if (!isP256Point(input.keys.p256dh)) throw new HttpError(400, 'invalid-subscription', PUSH_MESSAGES.invalidP256dh);
    const row: PushSubscriptionRow = {
      id: randomBytes(12).toString('base64url'),
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device: deviceName(userAgent),
      created_at: this.deps.now().toISOString(),
    };
    const replaced = await database.write((trx) => addPushSubscription(trx, row, MAX_PUSH_DEVICES));
    const oldest = replaced[0];
    return { device: toDevice(row), replaced: oldest ? toDevice(oldest) : null };
  }

  /** Removes one of the person's own devices, by its id or its endpoint; a 404 for any other. */
  async removeDevice(userId: string, by: { id: string } | { endpoint: string }): Promise<void> {
    const removed = await this.deps.database.write((trx) => removePushSubscription(trx, userId, by));
    if (!removed) throw new HttpError(404, 'not-found', PUSH_MESSAGES.notFound);
  }

  /**
   * Turns off the reminders of the person the token was made for (the one-click POST and the page's button).
   * False for a token this server did not make, or one made before reminders were last turned on; nothing changes
   * then, for anyone.
   */
  async unsubscribe(token: string, kind: UnsubscribeKind = 'reminders'): Promise<boolean> {
    const userId = tokenUserId(token);
    if (!userId) return false;
    const { database, config } = this.deps;
    const row = await findReminder(database.db, database.dialect, userId);
    if (!row || !tokenMatches(config.authSecret, token, userId, row.unsubscribe_nonce, kind)) return false;
    const disable = kind === 'monthly' ? disableMonthlyEmail : disableReminder;
    return database.write((trx) => disable(trx, userId, row.unsubscribe_nonce, this.deps.now()));
  }

  /**
   * Writes a queued reminder just before it is sent, with its unsubscribe link (never stored). Null when there is
   * nothing to send any more: no such account, a disabled or unverified one, reminders turned off since, the day it
   * was for already over in the person's zone (a mail server down since then; a newer reminder, if any, is the one
   * that goes), or today's entry written meanwhile.
   */
  async composeMail(template: ReminderTemplate, recipient: string, now: Date, queuedAt: Date): Promise<OutgoingMail | null> {
    if (template === 'monthlyLookBack') return this.composeMonthlyMail(recipient, now);
    const { database, config } = this.deps;
    const user = await findUserByEmail(database.db, recipient);
    if (!user?.emailVerified || (await isAccountDisabled(database.db, user.id))) return null;
    const row = await findReminder(database.db, database.dialect, user.id);
    const day = row?.last_sent_local_date;
    if (!row?.enabled || !row.email || !day) return null;
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

  /**
   * Writes a queued monthly look-back email just before it is sent: the month's name and its counts (entries, days
   * written, the longest run of days), a link to today's list where the look back shows, and a link that turns this
   * email off. Never a word the writer typed. Null when there is nothing to send any more: no such account, a
   * disabled or unverified one, reminders or the email turned off since, the look back's days over on the person's
   * clock (a mail server down since), the look back dismissed already, or no entry left in the month.
   */
  private async composeMonthlyMail(recipient: string, now: Date): Promise<OutgoingMail | null> {
    const { database, config } = this.deps;
    const user = await findUserByEmail(database.db, recipient);
    if (!user?.emailVerified || (await isAccountDisabled(database.db, user.id))) return null;
    const row = await findReminder(database.db, database.dialect, user.id);
    const month = row?.monthly_sent_for;
    if (!row?.enabled || !row.monthly_email || month === null || month === undefined) return null;
    const today = localDateIn(row.time_zone, now);
    if (monthIndexOfKey(today) !== month + 1 || Number(today.slice(8, 10)) > MONTH_LOOK_BACK_DAYS) return null;
    if ((await dismissedMonth(database.db, user.id)) === month) return null;
    const key = `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
    const { first, last } = monthDayRange(key);
    const days = await writtenDays(database.db, user.id, { firstDay: first, lastDay: last });
    if (days.length === 0) return null;
    let longest = 0;
    let run = 0;
    days.forEach((day, index) => {
      run = index > 0 && day.day === (days[index - 1]?.day ?? 0) + 1 ? run + 1 : 1;
      longest = Math.max(longest, run);
    });
    const token = encodeURIComponent(unsubscribeToken(config.authSecret, user.id, row.unsubscribe_nonce, 'monthly'));
    return monthlyLookBackMail(
      user.email,
      {
        monthName: MONTH_NAMES[month % 12] ?? key,
        entries: days.reduce((sum, day) => sum + day.entries, 0),
        daysWritten: days.length,
        longestStreak: longest,
      },
      {
        lookBack: `${config.appUrl}${REMINDER_PATHS.journal}`,
        unsubscribePage: `${config.appUrl}${REMINDER_PATHS.unsubscribePage}?token=${token}&email=monthly`,
        oneClick: `${config.appUrl}${REMINDER_PATHS.oneClick}?token=${token}&email=monthly`,
      },
    );
  }
}
