/**
 * Wall-clock time in IANA time zones, with the runtime's own zone data (Intl.DateTimeFormat): when "20:00 on
 * 2026-03-08 in America/New_York" happens, and which calendar day a moment is in a zone. A reminder is kept as a
 * time of day in the person's zone, never as a UTC time, so it stays at 20:00 on their clock across daylight-saving
 * changes (docs/decisions/019-reminders.md).
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** One formatter per zone the runtime knows, under the runtime's own name for it ("Asia/Calcutta", "UTC"). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Spellings already looked up, lower-cased (Intl ignores the case of a zone's name), and the zone each names. Only
 * spellings of zones the runtime knows are kept, and never more than this many: however many ways a zone is spelt
 * ("Europe/Berlin", "EUROPE/berlin", ...), it costs one formatter, and a flood of new spellings costs nothing kept.
 */
const MAX_SPELLINGS = 2_000;
const zoneBySpelling = new Map<string, string>();

/** Lower case for A-Z only: Intl compares zone names so, and full Unicode lower-casing would make "K" (Kelvin) a "k". */
function spellingKey(timeZone: string): string {
  return timeZone.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function newFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/**
 * The runtime's name for the zone a spelling names, or undefined for a zone it does not know. Making a formatter is
 * the only way to ask Intl, and costs far more than using one (some 28 kB each): a new spelling's formatter is kept
 * only when it is the first of its zone, and dropped otherwise.
 */
function zoneOf(timeZone: string): string | undefined {
  const key = spellingKey(timeZone);
  const known = zoneBySpelling.get(key);
  if (known !== undefined) return known;
  let format: Intl.DateTimeFormat;
  try {
    format = newFormatter(timeZone);
  } catch {
    return undefined;
  }
  const zone = format.resolvedOptions().timeZone;
  if (!formatters.has(zone)) formatters.set(zone, format);
  if (zoneBySpelling.size >= MAX_SPELLINGS) {
    const oldest = zoneBySpelling.keys().next();
    if (!oldest.done) zoneBySpelling.delete(oldest.value);
  }
  zoneBySpelling.set(key, zone);
  return zone;
}

/** The formatter of the zone a spelling names; throws a RangeError for a zone the runtime does not know, as Intl does. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  const zone = zoneOf(timeZone);
  const format = zone === undefined ? undefined : formatters.get(zone);
  if (!format) throw new RangeError(`Invalid time zone: ${timeZone}`);
  return format;
}

/**
 * Whether this runtime knows the zone. Names are case-insensitive to Intl, and some are links to others ("Asia/
 * Calcutta", "US/Eastern"): all of those work.
 */
export function isKnownTimeZone(timeZone: string): boolean {
  return zoneOf(timeZone) !== undefined;
}

/**
 * The name to keep for a zone the runtime knows, undefined for one it does not: the runtime's own spelling when the
 * name differs from it only in case ("europe/berlin" is kept as "Europe/Berlin"), and the name as given when it is
 * another name of the zone ("Asia/Kolkata", which this runtime calls "Asia/Calcutta"; "US/Eastern"), so that the
 * person finds the zone they chose under the name they chose it by.
 */
export function timeZoneName(timeZone: string): string | undefined {
  const zone = zoneOf(timeZone);
  if (zone === undefined) return undefined;
  return spellingKey(zone) === spellingKey(timeZone) ? zone : timeZone;
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

/** The month index (year * 12 + month, January 0) of a YYYY-MM-DD or YYYY-MM key. */
export function monthIndexOfKey(key: string): number {
  return Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;
}

/** The first day (YYYY-MM-01) of a month index. */
function firstDayOfMonth(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The next monthly look-back email after `after`: the first of a month at the reminder's time in its zone, for a
 * look-back month (the month before that first) later than `sentFor`, so that saving the settings again on the
 * first never brings a second one for the same month. `lookBack` is that month's index.
 */
export function nextMonthly(
  schedule: Pick<ReminderSchedule, 'timeZone' | 'minuteOfDay'>,
  after: Date,
  sentFor: number | null,
): { at: Date; lookBack: number } {
  // From the month of the day before `after` in the zone (a zone far behind may still be on the last of a month),
  // and never a first whose month before already had its email.
  const from = monthIndexOfKey(localDateIn(schedule.timeZone, new Date(after.getTime() - MS_PER_DAY)));
  let month = sentFor === null ? from : Math.max(from, sentFor + 2);
  // Two firsts at most: the one of that month, when it is still to come, or the next.
  for (; ; month += 1) {
    const at = zonedMoment(schedule.timeZone, firstDayOfMonth(month), schedule.minuteOfDay);
    if (at.getTime() > after.getTime()) return { at, lookBack: month - 1 };
  }
}
