import type { Kysely } from 'kysely';

/*
 * What the migrations that fill a table from the entries already stored share (026, 029): the writers, each writer's
 * entries a batch at a time along the entries' (user, day) index, and rows written a batch at a time. They run it on
 * databases as those migrations found them, so it uses only journal_entry's user_id, local_day, date and id besides
 * the columns it is given.
 */

/** Entries read at a time, and rows written at a time. */
const READ_BATCH = 1000;
const WRITE_BATCH = 500;

/** An entry's place along the (user, day) index: local_day, then date, then id. */
export interface EntryPlace {
  id: string;
  date: string;
  local_day: number;
}

interface Entries {
  journal_entry: EntryPlace & { user_id: string } & Record<string, unknown>;
}

/** `userIds` when given, else every writer with an entry, in order. */
export async function writersOf(untyped: Kysely<unknown>, userIds?: readonly string[]): Promise<readonly string[]> {
  if (userIds) return userIds;
  const db = untyped as Kysely<Entries>;
  return (await db.selectFrom('journal_entry').select('user_id').distinct().orderBy('user_id').execute()).map((row) => row.user_id);
}

/** The writer's entries with `columns` (which include id, date and local_day), a batch at a time, in index order. */
export async function* entryBatches<Row extends EntryPlace>(
  untyped: Kysely<unknown>,
  userId: string,
  columns: readonly (keyof Row & string)[],
): AsyncGenerator<Row[]> {
  const db = untyped as Kysely<Entries>;
  let after: EntryPlace | undefined;
  for (;;) {
    const rows = (await db
      .selectFrom('journal_entry')
      .select(columns)
      .where('user_id', '=', userId)
      .$if(after !== undefined, (query) => {
        const last = after as EntryPlace;
        return query.where((eb) =>
          eb.or([
            eb('local_day', '>', last.local_day),
            eb.and([eb('local_day', '=', last.local_day), eb('date', '>', last.date)]),
            eb.and([eb('local_day', '=', last.local_day), eb('date', '=', last.date), eb('id', '>', last.id)]),
          ]),
        );
      })
      .orderBy('local_day')
      .orderBy('date')
      .orderBy('id')
      .limit(READ_BATCH)
      .execute()) as unknown as Row[];
    yield rows;
    if (rows.length < READ_BATCH) return;
    after = rows.at(-1);
  }
}

/** Writes the rows with `write`, a batch at a time. */
export async function inBatches<Row>(rows: readonly Row[], write: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += WRITE_BATCH) await write(rows.slice(at, at + WRITE_BATCH));
}
