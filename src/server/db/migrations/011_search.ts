import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Full-text search (docs/product.md §17, docs/decisions/018-full-text-search.md): each database's own engine indexes
 * every entry's four texts, kept in step by triggers in the same transaction as every insert, edit and delete of an
 * entry (an import and an account's deletion are made of those), and filled here from the entries already stored.
 *
 * Both indexes keep each person's words apart from everyone else's, so that a search costs the same however many
 * other people write: on SQLite by giving each person's entries a range of the index's row ids of their own, on
 * PostgreSQL by beginning each word with a number of its writer's own.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sqliteSearch(db);
  else await postgresSearch(db);
}

/**
 * SQLite: an FTS5 table that holds no text of its own (content=''), only which of its row ids hold each word and
 * each word's first 2, 3, 4, 6 and 8 letters (prefix indexes, so that a begun word is one lookup, not a merge of
 * every word that begins so in everyone's journal). A row id is the writer's number (search_owner) times 2^41, plus
 * the day counted back from 2149 times 2^24, plus a place within the day that goes down as entries are added: so
 * one person's entries are one range of row ids, their newest day first, and a day is a range inside it.
 */
const OWNER_SPAN = 2 ** 41;
const DAY_SPAN = 2 ** 24;
/** Days are kept from 1790 to 2149 (day numbers -65,536 to 65,535); others share the first or the last day's range. */
const DAY_OFFSET = 65_536;
const LAST_DAY_SLOT = 131_071;
/** Where the first entry of a day goes; each new one goes just below the newest before it. */
const FIRST_PLACE = 2 ** 23;

/** SQL for the start of the row ids of an entry's day, from the writer's number and the entry's local day. */
const dayBase = (owner: string, localDay: string) =>
  `${owner} * ${OWNER_SPAN} + (${LAST_DAY_SLOT} - max(0, min(${LAST_DAY_SLOT}, ${localDay} + ${DAY_OFFSET}))) * ${DAY_SPAN}`;

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_owner')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('owner', 'integer', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('search_doc')
    .addColumn('doc', 'integer', (c) => c.primaryKey())
    .addColumn('entry_id', 'text', (c) => c.notNull().unique())
    .execute();
  // Words are runs of letters, digits and marks in any script (categories), folded to lower case and, on Latin
  // letters, without accents (remove_diacritics). detail=none keeps no positions: a phrase is checked on the
  // entry's text (src/shared/search.ts), which every match is anyway, for its highlights.
  await sql`
    create virtual table search_text using fts5(
      gratitude, celebration, manifestation, memory,
      content='', contentless_delete=1, detail=none, prefix='2 3 4 6 8',
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
    )`.execute(db);

  const newDayBase = dayBase('owner', 'new.local_day');
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
          select doc, new.gratitude, new.celebration, new.manifestation, new.memory from search_doc where entry_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_entry_update after update of gratitude, celebration, manifestation, memory on journal_entry begin
        delete from search_text where rowid = (select doc from search_doc where entry_id = old.id);
        insert into search_text (rowid, gratitude, celebration, manifestation, memory)
          select doc, new.gratitude, new.celebration, new.manifestation, new.memory from search_doc where entry_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_entry_delete after delete on journal_entry begin
        delete from search_text where rowid = (select doc from search_doc where entry_id = old.id);
        delete from search_doc where entry_id = old.id;
      end`,
    )
    .execute(db);

  // The entries already stored: numbers for their writers, row ids newest first within each day, then the words.
  await sql`
    insert into search_owner (user_id, owner)
    select user_id, row_number() over (order by user_id) from (select distinct user_id from journal_entry)`.execute(db);
  await sql
    .raw(
      `insert into search_doc (doc, entry_id)
       select ${dayBase('o.owner', 'e.local_day')} + ${FIRST_PLACE}
                + row_number() over (partition by e.user_id, e.local_day order by e.date desc, e.id desc) - 1,
              e.id
       from journal_entry e join search_owner o on o.user_id = e.user_id`,
    )
    .execute(db);
  await sql`
    insert into search_text (rowid, gratitude, celebration, manifestation, memory)
    select d.doc, e.gratitude, e.celebration, e.manifestation, e.memory
    from search_doc d join journal_entry e on e.id = d.entry_id
    order by d.doc`.execute(db);
}

/**
 * The characters of a word, as src/shared/search.ts defines them (letters, digits, marks and private-use characters,
 * without the variation selectors and the keycap mark of emoji), as a regular-expression class for PostgreSQL, made
 * from this runtime's Unicode data. PostgreSQL's own [[:alnum:]] follows the database's locale: under the C locale it
 * knows no letter beyond ASCII.
 */
function wordCharacterClass(): string {
  const word = /(?![\uFE00-\uFE0F\u20E3\u{E0100}-\u{E01EF}])[\p{L}\p{N}\p{M}\p{Co}]/u;
  const escape = (code: number) =>
    code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  const ranges: string[] = [];
  let start = -1;
  for (let code = 0; code <= 0x110000; code += 1) {
    const isWord = code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && word.test(String.fromCodePoint(code));
    if (isWord && start === -1) start = code;
    if (!isWord && start !== -1) {
      ranges.push(start === code - 1 ? escape(start) : `${escape(start)}-${escape(code - 1)}`);
      start = -1;
    }
  }
  return ranges.join('');
}

/**
 * PostgreSQL: a tsvector per entry (search_entry) in a GIN index. Its words are the entry's words, folded as
 * src/shared/search.ts folds them (with the database's own normalize() and, where the server has ICU, Unicode's
 * lower case) and each begun with the writer's number, "42_grateful": a begun word ('42_grat':*) then reads only
 * that person's words. Weights A to D say which prompt a word is under; positions are counted per prompt, 4,096
 * apart, so that a phrase never runs from one prompt into the next. Nothing here needs an extension.
 */
async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  const { rows: setting } = await sql<{ utf8: boolean; icu: boolean }>`
    select current_setting('server_encoding') = 'UTF8' as utf8,
           exists (select 1 from pg_collation where collname = 'und-x-icu') as icu`.execute(db);
  const utf8 = setting[0]?.utf8 ?? false;
  const icu = setting[0]?.icu ?? false;
  // Without UTF-8 there is nothing beyond ASCII to fold or to tell apart; without ICU, lower() follows the locale.
  const lowered = icu ? `lower(folded collate "und-x-icu")` : 'lower(folded)';
  const fold = utf8
    ? `select translate(${lowered}, 'ς', 'σ')
       from (select normalize(regexp_replace(normalize(body, NFD), '([A-Za-z])[\\u0300-\\u036f]+', '\\1', 'g'), NFC) as folded) as f`
    : 'select lower(body)';
  const separators = utf8 ? `[^${wordCharacterClass()}]+` : '[^[:alnum:]]+';

  await db.schema
    .createTable('search_owner')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('owner', 'bigint', (c) => c.notNull().unique().generatedByDefaultAsIdentity())
    .execute();
  await db.schema
    .createTable('search_entry')
    .addColumn('entry_id', 'text', (c) => c.primaryKey().references('journal_entry.id').onDelete('cascade'))
    .addColumn('vector', sql`tsvector`, (c) => c.notNull())
    .execute();
  // fastupdate=off: a search reads the index alone, not also a list of recent writes of everyone's.
  await sql`create index search_entry_vector_idx on search_entry using gin (vector) with (fastupdate = off)`.execute(db);

  await sql.raw(`create function search_fold(body text) returns text language sql stable parallel safe as $f$ ${fold} $f$`).execute(db);
  await sql
    .raw(
      `create function search_vector(owner_key text, gratitude text, celebration text, manifestation text, memory text)
       returns tsvector language sql stable parallel safe as $f$
         select coalesce(
           string_agg('''' || owner_key || left(word, 250) || ''':' || (field * 4096 + least(n, 4095)) || weight, ' ')::tsvector,
           ''::tsvector)
         from (values (0, 'A', gratitude), (1, 'B', celebration), (2, 'C', manifestation), (3, 'D', memory)) as fields (field, weight, body),
              regexp_split_to_table(search_fold(body), '${separators}') with ordinality as words (word, n)
         where word <> ''
       $f$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function search_entry_write() returns trigger language plpgsql as $f$
       declare
         owner_number bigint;
       begin
         select owner into owner_number from search_owner where user_id = new.user_id;
         if not found then
           insert into search_owner (user_id) values (new.user_id) on conflict (user_id) do nothing;
           select owner into owner_number from search_owner where user_id = new.user_id;
         end if;
         insert into search_entry (entry_id, vector)
           values (new.id, search_vector(owner_number || '_', new.gratitude, new.celebration, new.manifestation, new.memory))
           on conflict (entry_id) do update set vector = excluded.vector;
         return null;
       end
       $f$`,
    )
    .execute(db);
  await sql`create trigger search_entry_insert after insert on journal_entry for each row execute function search_entry_write()`.execute(db);
  await sql`
    create trigger search_entry_update after update of gratitude, celebration, manifestation, memory on journal_entry
    for each row execute function search_entry_write()`.execute(db);

  // The entries already stored. Deletes need no trigger: search_entry's rows go with their entry (on delete cascade).
  await sql`insert into search_owner (user_id) select distinct user_id from journal_entry order by user_id`.execute(db);
  await sql`
    insert into search_entry (entry_id, vector)
    select e.id, search_vector(o.owner || '_', e.gratitude, e.celebration, e.manifestation, e.memory)
    from journal_entry e join search_owner o on o.user_id = e.user_id`.execute(db);
}
