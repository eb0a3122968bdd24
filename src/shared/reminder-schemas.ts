import { z } from 'zod';
import { REMINDER_MESSAGES } from './messages';

/**
 * The reminder settings of docs/product.md §14, as the API takes and gives them. Days are named, Sunday first
 * (JavaScript's getDay order); the server keeps them as a bit mask in that order.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time of day on a 24-hour clock, HH:MM, as an `<input type="time">` gives it. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * An IANA time zone's name as runtimes spell them ("America/New_York", "UTC", "Etc/GMT+5"). The shape only: whether
 * the zone exists is the server's runtime's to say (zoned-time.ts).
 */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** When nothing was saved yet: off, in the evening, every day. The zone comes from the browser. */
export const DEFAULT_REMINDER_TIME = '20:00';

export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    time: z.string().regex(TIME_OF_DAY, { error: REMINDER_MESSAGES.invalidTime }),
    days: z
      .array(z.enum(WEEKDAYS))
      .max(WEEKDAYS.length)
      .refine((days) => new Set(days).size === days.length, { error: REMINDER_MESSAGES.invalidDays }),
    timeZone: z.string().regex(TIME_ZONE_NAME, { error: REMINDER_MESSAGES.invalidTimeZone }),
    // Whether the reminder goes by email; left out, it stays as it was (by email, at first). Notifications go to
    // each device the person turned them on for (push-schemas.ts).
    email: z.boolean().optional(),
    // The email on the first of each month that says the month's look back is ready; left out, it stays as it was
    // (off, at first). It goes while reminders are on, whether or not the daily one goes by email.
    monthlyEmail: z.boolean().optional(),
  })
  .strict()
  .refine((settings) => !settings.enabled || settings.days.length > 0, {
    error: REMINDER_MESSAGES.noDays,
    path: ['days'],
  });

export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

/** GET and PUT /api/reminders answer this. */
export interface ReminderSettings {
  enabled: boolean;
  time: string;
  days: Weekday[];
  /** Null until the person saves settings: the screen then offers the browser's own zone. */
  timeZone: string | null;
  /** The moment (UTC, ISO) of the next reminder while they are on, null while off. */
  nextAt: string | null;
  /** Whether the reminder goes by email; the devices with notifications are listed apart (/api/reminders/devices). */
  email: boolean;
  /** Whether the monthly look-back email is asked for. */
  monthlyEmail: boolean;
  /** The moment (UTC, ISO) of the next monthly email while reminders and it are on, null otherwise. */
  monthlyAt: string | null;
}

export function daysToMask(days: readonly Weekday[]): number {
  return days.reduce((mask, day) => mask | (1 << WEEKDAYS.indexOf(day)), 0);
}

export function maskToDays(mask: number): Weekday[] {
  return WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0);
}

/** "20:30" as minutes after midnight, and back. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
