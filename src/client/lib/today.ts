import { localDayKey } from '../../shared/dates';

/** Today's local calendar day as YYYY-MM-DD, read afresh on each call. */
export function todayKey(): string {
  return localDayKey(new Date());
}
