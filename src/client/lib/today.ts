import { localDayKey } from '../../shared/dates';

/** Today's local calendar day as YYYY-MM-DD, read afresh on each call. */
export function todayKey(): string {
  return localDayKey(new Date());
}

/** The device's offset from UTC now, in minutes east (UTC+01:00 is 60), as the server keeps it with an entry. */
export function utcOffsetNow(): number {
  // getTimezoneOffset counts minutes west; `|| 0` turns UTC's -0 into 0.
  return -new Date().getTimezoneOffset() || 0;
}
