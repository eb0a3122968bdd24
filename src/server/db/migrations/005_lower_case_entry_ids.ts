import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Entry ids are UUIDs, the same in any letter case, and the server now keeps them in lower case
  // (journal/routes.ts). An id stored in other letters before (only a hand-made request could send one) is
  // lowered too, unless its lower-case form is, in any case, another entry's id: that one stays as it is. The
  // subquery runs only for ids not in lower case, usually none.
  await sql`
    update journal_entry set id = lower(id)
    where id <> lower(id)
      and not exists (
        select 1 from journal_entry other where other.id <> journal_entry.id and lower(other.id) = lower(journal_entry.id)
      )
  `.execute(db);
}
