import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // The writer's own prompts (docs/product.md §5, decision 033): the choice made in Settings, JSON, null for the
  // app's own set, as every writer has before choosing.
  await db.schema.alterTable('profile').addColumn('prompts', 'text').execute();
  // An entry written with the writer's own prompts keeps each prompt's wording with its answer, JSON; null for the
  // entries of the app's own prompts, every entry written before among them, whose four texts stay where they are.
  await db.schema.alterTable('journal_entry').addColumn('prompt_answers', 'text').execute();
  if (dialect === 'sqlite') await sqliteSearch(db);
  else await postgresSearch(db);
}

/*
 * The search index (migration 011) takes an entry's answers to its own prompts in the place of its memory: such an
 * entry's four texts are empty, and the index only narrows down the entries a search reads (src/shared/search.ts
 * matches each on its own texts). The triggers are made again to read them; no stored entry has answers yet.
 */

/** An entry's answers, one a line, as SQL over the new row; null for an entry of the app's own prompts. */
const SQLITE_ANSWERS = `(select group_concat(json_extract(value, '$.answer'), char(10)) from json_each(new.prompt_answers))`;
export const SQLITE_INDEXED_MEMORY = `coalesce(${SQLITE_ANSWERS}, new.memory)`;

// The layout of search_text's row ids, as migration 011 made it.
const OWNER_SPAN = 2 ** 41;
const DAY_SPAN = 2 ** 24;
const DAY_OFFSET = 65_536;
const LAST_DAY_SLOT = 131_071;
const FIRST_PLACE = 2 ** 23;

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  const newDayBase = `owner * ${OWNER_SPAN} + (${LAST_DAY_SLOT} - max(0, min(${LAST_DAY_SLOT}, new.local_day + ${DAY_OFFSET}))) * ${DAY_SPAN}`;
  await sql`drop trigger search_entry_insert`.execute(db);
  await sql`drop trigger search_entry_update`.execute(db);
  await sql
    .raw(
      `create trigger search_entry_insert after insert on journal_entry begin
        insert or ignore into search_owner (user_id, owner)
          values (new.user_id, (select coalesce(max(owner), 0) + 1 from search_owner));
        insert into search_doc (doc, entry_id)
          select coalesce((select min(doc) from search_doc where doc between base and base + ${DAY_SPAN - 1}), base + ${FIRST_PLACE}) - 1,
                 new.id
          from (select ${newDayBase} as base from search_owner where user_id = new.user_id);
        insert into search_text (rowid, gratitude, celebration, manifestation, memory)
          select doc, new.gratitude, new.celebration, new.manifestation, ${SQLITE_INDEXED_MEMORY} from search_doc where entry_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_entry_update after update of gratitude, celebration, manifestation, memory, prompt_answers on journal_entry begin
        delete from search_text where rowid = (select doc from search_doc where entry_id = old.id);
        insert into search_text (rowid, gratitude, celebration, manifestation, memory)
          select doc, new.gratitude, new.celebration, new.manifestation, ${SQLITE_INDEXED_MEMORY} from search_doc where entry_id = new.id;
      end`,
    )
    .execute(db);
}

/** What PostgreSQL's index takes for an entry's memory: its answers, one a line, when it has them. */
export const POSTGRES_INDEXED_MEMORY = 'coalesce(search_answers(new.prompt_answers), new.memory)';

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function search_answers(stored text) returns text language sql immutable parallel safe as $f$
         select string_agg(item ->> 'answer', E'\\n' order by n) from json_array_elements(stored::json) with ordinality as items (item, n)
       $f$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function search_entry_write() returns trigger language plpgsql as $f$
       declare
         owner_number bigint;
       begin
         select owner into owner_number from search_owner where user_id = new.user_id;
         if not found then
           insert into search_owner (user_id) values (new.user_id) on conflict (user_id) do nothing;
           select owner into owner_number from search_owner where user_id = new.user_id;
         end if;
         insert into search_entry (entry_id, vector)
           values (new.id, search_vector(owner_number || '_', new.gratitude, new.celebration, new.manifestation, ${POSTGRES_INDEXED_MEMORY}))
           on conflict (entry_id) do update set vector = excluded.vector;
         return null;
       end
       $f$`,
    )
    .execute(db);
  await sql`drop trigger search_entry_update on journal_entry`.execute(db);
  await sql`
    create trigger search_entry_update after update of gratitude, celebration, manifestation, memory, prompt_answers
    on journal_entry for each row execute function search_entry_write()`.execute(db);
}
