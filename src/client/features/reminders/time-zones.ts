/** The browser's own time zone, the one offered until the person picks another. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zones to choose from: the browser's list, with UTC (which some browsers leave out) and the zone already chosen,
 * should the browser not list it under that name (an older name of the same zone, say).
 */
export function timeZoneChoices(chosen: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', chosen])].sort((a, b) => a.localeCompare(b));
}

/** "Monday, March 16 at 8:00 AM" in the zone, for the next reminder. */
export function describeMoment(iso: string, timeZone: string): string {
  try {
    const moment = new Date(iso);
    const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(moment);
    const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(moment);
    return `${day} at ${time}`;
  } catch {
    return new Date(iso).toLocaleString();
  }
}

/** The time now in the zone, "2:05 PM", so that a person can check they picked the right one. */
export function timeNowIn(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date());
  } catch {
    return null;
  }
}
