import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** Where a page of entries read newest first ended: its last entry's local day, date and id. */
export interface NewestFirstCursor {
  localDay: number;
  date: string;
  id: string;
}

/**
 * The rows after `after` in the order (local day, date, id), newest first, for a table whose rows carry an entry's
 * local_day and date and its id in `idColumn`. The three alternatives follow an index on (user, local day, date, id)
 * read backwards, so neither database sorts to find the next page.
 */
export function olderThan(after: NewestFirstCursor, idColumn: 'id' | 'entry_id'): RawBuilder<SqlBool> {
  const id = sql.ref(idColumn);
  return sql<SqlBool>`(local_day < ${after.localDay}
    or (local_day = ${after.localDay} and date < ${after.date})
    or (local_day = ${after.localDay} and date = ${after.date} and ${id} < ${after.id}))`;
}
