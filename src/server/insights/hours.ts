import type { Transaction } from 'kysely';
import { PreparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';
import { WHOLE_JOURNAL, yearPeriod } from './word-counts';

/**
 * The hours of the day a writer writes at, which Insights reads (decision 038, migration 029), kept in step with the
 * entries by every insert and delete in the write's own transaction: `journal_hour` holds, per writer, period and
 * hour of the writer's clock (0 to 23, or TIME_UNKNOWN for an entry whose time of day is not known), how many entries
 * were written then. A period is the whole journal (0) or a year (the year), as journal_word's: every entry counts in
 * two. An entry's date and offset never change after it is written, so an edit leaves the hours alone.
 */

/** The hour of an entry written on a day whose time is not known (an imported date alone). */
export const TIME_UNKNOWN = -1;

/** When an entry was written, as journal_entry holds it. */
export interface EntryTime {
  date: string;
  utc_offset: number | null;
  time_unknown: number | null;
}

/** The hour on the writer's clock an entry was written at (0 to 23), or TIME_UNKNOWN when its time is not known. */
export function hourWritten(entry: EntryTime): number {
  if (entry.time_unknown || entry.utc_offset === null) return TIME_UNKNOWN;
  const utc = Date.parse(entry.date);
  if (Number.isNaN(utc)) return TIME_UNKNOWN;
  const minutes = Math.floor(utc / 60_000) + entry.utc_offset;
  return Math.floor((((minutes % 1440) + 1440) % 1440) / 60);
}

/** The two periods an entry of `day` (a day number) counts its hour in: the whole journal and its year. */
export function hourPeriodsOfDay(day: number): [number, number] {
  return [WHOLE_JOURNAL, yearPeriod(new Date(day * 86_400_000).getUTCFullYear())];
}

type HourArgs = { userId: string; year: number; hour: number };

const addHour = new PreparedQuery<HourArgs, never>((db, arg) =>
  db
    .insertInto('journal_hour')
    .values([
      { user_id: arg('userId'), period: WHOLE_JOURNAL, hour: arg('hour'), entries: 1 },
      { user_id: arg('userId'), period: arg('year'), hour: arg('hour'), entries: 1 },
    ])
    .onConflict((oc) =>
      oc.columns(['user_id', 'period', 'hour']).doUpdateSet((eb) => ({ entries: eb('journal_hour.entries', '+', 1) })),
    ),
);

const removeHour = new PreparedQuery<HourArgs, never>((db, arg) =>
  db
    .updateTable('journal_hour')
    .set((eb) => ({ entries: eb('entries', '-', 1) }))
    .where('user_id', '=', arg('userId'))
    .where('period', 'in', [WHOLE_JOURNAL, arg('year')])
    .where('hour', '=', arg('hour')),
);

const dropEmptyHour = new PreparedQuery<HourArgs, never>((db, arg) =>
  db
    .deleteFrom('journal_hour')
    .where('user_id', '=', arg('userId'))
    .where('period', 'in', [WHOLE_JOURNAL, arg('year')])
    .where('hour', '=', arg('hour'))
    .where('entries', '<=', 0),
);

/** Counts an entry of the writer's in (1) or out (-1) of its periods' hours, in the write's transaction. */
export async function keepHour(
  trx: Transaction<Database>,
  userId: string,
  entry: EntryTime & { local_day: number },
  sign: 1 | -1,
): Promise<void> {
  const args = { userId, year: hourPeriodsOfDay(entry.local_day)[1], hour: hourWritten(entry) };
  if (sign === 1) {
    await addHour.run(trx, args);
  } else {
    await removeHour.run(trx, args);
    await dropEmptyHour.run(trx, args);
  }
}
