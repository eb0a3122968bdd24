/**
 * Wall-clock time in IANA time zones, with the runtime's own zone data (Intl.DateTimeFormat): when "20:00 on
 * 2026-03-08 in America/New_York" happens, and which calendar day a moment is in a zone. A reminder is kept as a
 * time of day in the person's zone, never as a UTC time, so it stays at 20:00 on their clock across daylight-saving
 * changes (docs/decisions/019-reminders.md).
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Making a formatter costs far more than using one: one per zone, kept. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * Whether this runtime knows the zone. Names are case-insensitive to Intl, and some are links to others ("Asia/
 * Calcutta", "US/Eastern"): all of those work.
 */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in the zone at a moment, as the UTC moment with the same fields (whole seconds). */
function wallClock(timeZone: string, at: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
}

/** The zone's offset from UTC at a moment, in milliseconds east. */
function offsetAt(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(timeZone, whole) - whole;
}

/**
 * The calendar day and the offset from UTC (minutes east) of a moment in a time zone, as its clocks showed them;
 * undefined for a zone this runtime does not know (an imported entry's zone, say).
 */
export function inTimeZone(moment: Date, timeZone: string): { localDate: string; utcOffset: number } | undefined {
  if (!isKnownTimeZone(timeZone)) return undefined;
  return {
    localDate: localDateIn(timeZone, moment),
    utcOffset: Math.round(offsetAt(timeZone, moment.getTime()) / MS_PER_MINUTE),
  };
}

/** The calendar day (YYYY-MM-DD) a moment falls on in the zone. */
export function localDateIn(timeZone: string, at: Date): string {
  return new Date(wallClock(timeZone, at.getTime())).toISOString().slice(0, 10);
}

/**
 * The moment the zone's clocks show `minuteOfDay` on `dayKey`. Around a change of offset a wall time can happen
 * twice or not at all: when the clocks go back, the first of the two (the earlier offset's); when they go forward,
 * a time in the skipped hour is moved forward by the jump (02:30 in New York on the day of the spring change is
 * 03:30 EDT), so the reminder comes a little late that one day rather than not at all.
 */
export function zonedMoment(timeZone: string, dayKey: string, minuteOfDay: number): Date {
  const wall = Date.parse(`${dayKey}T00:00:00.000Z`) + minuteOfDay * MS_PER_MINUTE;
  // Offsets change at most once in a day or so: the one before and the one after cover every case.
  const before = offsetAt(timeZone, wall - MS_PER_DAY);
  const after = offsetAt(timeZone, wall + MS_PER_DAY);
  const candidates = [wall - before, wall - after].filter((at) => offsetAt(timeZone, at) === wall - at);
  // None: the wall time was skipped; the earlier offset puts it after the jump.
  return new Date(candidates.length ? Math.min(...candidates) : wall - before);
}

/** The weekday of a YYYY-MM-DD day, 0 for Sunday. */
export function weekdayOf(dayKey: string): number {
  return new Date(`${dayKey}T00:00:00.000Z`).getUTCDay();
}

export function nextDayKey(dayKey: string): string {
  return new Date(Date.parse(`${dayKey}T00:00:00.000Z`) + MS_PER_DAY).toISOString().slice(0, 10);
}

export interface ReminderSchedule {
  timeZone: string;
  minuteOfDay: number;
  /** Bit n for weekday n, Sunday = 0. */
  weekdays: number;
}

/**
 * The first reminder after `after`, on a chosen weekday and on a day later than `sentThrough` (the last day a
 * reminder went out for, so that moving the time later in the day never sends a second one that day). Null when no
 * weekday is chosen.
 */
export function nextReminder(schedule: ReminderSchedule, after: Date, sentThrough: string | null): Date | null {
  if ((schedule.weekdays & 0x7f) === 0) return null;
  // From the day before `after` in the zone: a zone far behind may still be on it. Eight days reach every weekday.
  let day = localDateIn(schedule.timeZone, new Date(after.getTime() - MS_PER_DAY));
  for (let step = 0; step < 10; step += 1, day = nextDayKey(day)) {
    if ((schedule.weekdays & (1 << weekdayOf(day))) === 0) continue;
    if (sentThrough !== null && day <= sentThrough) continue;
    const at = zonedMoment(schedule.timeZone, day, schedule.minuteOfDay);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}
