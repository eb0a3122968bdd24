import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { MIGRATIONS } from '../db/migrations';
import { POSTGRES_INDEXED_MEMORY, SQLITE_INDEXED_MEMORY } from '../db/migrations/022_own_prompts';
import type { Database } from '../db/schema';

/**
 * What takes back each migration from 006 on, by its name, newest first: for a test that starts from a database (or
 * a backup) written before a migration. A new migration adds its row here.
 */
const UNDO: Record<string, (db: Kysely<Database>) => Promise<void>> = {
  '029_insight_facts': async (db) => {
    await sql`drop table journal_hour`.execute(db);
    await sql`alter table journal_day drop column mood_count`.execute(db);
    await sql`alter table journal_day drop column mood_sum`.execute(db);
  },
  '028_calendar_photos': async (db) => {
    await sql`alter table profile drop column calendar_photos`.execute(db);
  },
  '027_monthly_look_back_email': async (db) => {
    await sql`drop index reminder_monthly_due_idx`.execute(db);
    await sql`alter table reminder drop column monthly_sent_for`.execute(db);
    await sql`alter table reminder drop column monthly_due_at`.execute(db);
    await sql`alter table reminder drop column monthly_email`.execute(db);
  },
  '026_word_counts': async (db) => {
    await sql`drop table journal_word_total`.execute(db);
    await sql`drop table journal_word`.execute(db);
  },
  '025_month_look_back': async (db) => {
    await sql`alter table profile drop column month_look_back_dismissed`.execute(db);
  },
  '024_photos': async (db) => {
    await sql`drop table photo`.execute(db);
  },
  '023_entry_tags': async (db) => {
    await sql`drop table entry_tag`.execute(db);
    await sql`alter table journal_entry drop column tags`.execute(db);
  },
  '022_own_prompts': async (db) => {
    // The search triggers as migration 011 made them, then the columns.
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      const { rows } = await sql<{ name: string; sql: string }>`
        select name, sql from sqlite_schema where type = 'trigger' and sql like '%prompt_answers%'`.execute(db);
      for (const trigger of rows) {
        await sql.raw(`drop trigger ${trigger.name}`).execute(db);
        await sql.raw(trigger.sql.replace(SQLITE_INDEXED_MEMORY, 'new.memory').replace(', prompt_answers on', ' on')).execute(db);
      }
    } else {
      const { rows } = await sql<{ definition: string }>`
        select pg_get_functiondef('search_entry_write'::regproc) as definition`.execute(db);
      await sql.raw(rows[0]?.definition.replace(POSTGRES_INDEXED_MEMORY, 'new.memory') ?? '').execute(db);
      await sql`drop trigger search_entry_update on journal_entry`.execute(db);
      await sql`
        create trigger search_entry_update after update of gratitude, celebration, manifestation, memory on journal_entry
        for each row execute function search_entry_write()`.execute(db);
      await sql`drop function search_answers`.execute(db);
    }
    await sql`alter table journal_entry drop column prompt_answers`.execute(db);
    await sql`alter table profile drop column prompts`.execute(db);
  },
  '021_entry_mood': async (db) => {
    await sql`alter table journal_entry drop column mood`.execute(db);
  },
  '020_welcome_seen': async (db) => {
    await sql`alter table profile drop column welcome_seen_at`.execute(db);
  },
  '019_push_notifications': async (db) => {
    await sql`drop table push_queue`.execute(db);
    await sql`drop table push_subscription`.execute(db);
    await sql`drop table push_keys`.execute(db);
    await sql`alter table reminder drop column email`.execute(db);
  },
  '018_past_days': async (db) => {
    await sql`alter table journal_entry drop column edited_day`.execute(db);
    await sql`alter table journal_entry drop column added_day`.execute(db);
    await sql`alter table profile drop column past_days`.execute(db);
  },
  '017_entry_time_unknown': async (db) => {
    await sql`alter table journal_entry drop column time_unknown`.execute(db);
  },
  '016_server_settings': async (db) => {
    await sql`drop table server_settings`.execute(db);
  },
  '015_mail_sending': async (db) => {
    for (const column of ['message_id', 'sending_at', 'interrupted_sends']) {
      await sql.raw(`alter table mail_queue drop column ${column}`).execute(db);
    }
  },
  '014_password_checks': async (db) => {
    await sql`drop table password_check`.execute(db);
  },
  '013_search_page_size': async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`insert into search_text (search_text, rank) values ('pgsz', 4050)`.execute(db);
    }
  },
  '012_gratitude_index': async (db) => {
    await sql`drop index journal_entry_gratitude_idx`.execute(db);
  },
  '011_search': async (db) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      for (const trigger of ['search_entry_insert', 'search_entry_update', 'search_entry_delete']) {
        await sql.raw(`drop trigger ${trigger}`).execute(db);
      }
      await sql`drop table search_text`.execute(db);
      await sql`drop table search_doc`.execute(db);
    } else {
      await sql`drop trigger search_entry_insert on journal_entry`.execute(db);
      await sql`drop trigger search_entry_update on journal_entry`.execute(db);
      await sql`drop function search_entry_write`.execute(db);
      await sql`drop table search_entry`.execute(db);
      await sql`drop function search_vector`.execute(db);
      await sql`drop function search_fold`.execute(db);
    }
    await sql`drop table search_owner`.execute(db);
  },
  '010_reminders': async (db) => {
    await sql`drop table reminder`.execute(db);
  },
  '009_backup_schedule': async (db) => {
    await sql`drop table backup_schedule`.execute(db);
  },
  '008_invites_and_disabled': async (db) => {
    await sql`alter table profile drop column disabled_at`.execute(db);
    await sql`drop table invite`.execute(db);
  },
  '007_entry_utc_offset': async (db) => {
    await sql`alter table journal_entry drop column utc_offset`.execute(db);
  },
  '006_no_links_at_rest': async (db) => {
    await sql`drop index email_action_expires_idx`.execute(db);
    await sql`drop index login_attempt_window_idx`.execute(db);
    await sql`alter table mail_queue drop column template`.execute(db);
    await sql`drop table email_throttle`.execute(db);
    await sql`create table resend_throttle (user_id text primary key, last_sent_at text not null, blocked_until text)`.execute(db);
  },
};

/** Takes back migration `oldest` and every one after it, newest first, with the record that each has run. */
export async function undoMigrations(db: Kysely<Database>, oldest: string): Promise<void> {
  const names = Object.keys(MIGRATIONS);
  if (!names.includes(oldest)) throw new Error(`There is no migration ${oldest}`);
  for (const name of names.slice(names.indexOf(oldest)).reverse()) {
    const undo = UNDO[name];
    if (!undo) throw new Error(`Nothing takes back migration ${name}: add it to UNDO`);
    await undo(db);
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
  }
}
