import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from '../connect';
import { up as authAndProfile } from './001_auth_and_profile';
import { up as journal } from './002_journal';
import { up as journalVersion } from './003_journal_version';
import { up as statsCounts } from './004_stats_counts';
import { up as lowerCaseEntryIds } from './005_lower_case_entry_ids';
import { up as noLinksAtRest } from './006_no_links_at_rest';
import { up as entryUtcOffset } from './007_entry_utc_offset';
import { up as invitesAndDisabled } from './008_invites_and_disabled';
import { up as backupSchedule } from './009_backup_schedule';
import { up as reminders } from './010_reminders';
import { up as search } from './011_search';
import { up as gratitudeIndex } from './012_gratitude_index';
import { up as searchPageSize } from './013_search_page_size';
import { up as passwordChecks } from './014_password_checks';
import { up as mailSending } from './015_mail_sending';
import { up as serverSettings } from './016_server_settings';
import { up as entryTimeUnknown } from './017_entry_time_unknown';
import { up as pastDays } from './018_past_days';
import { up as pushNotifications } from './019_push_notifications';
import { up as welcomeSeen } from './020_welcome_seen';
import { up as entryMood } from './021_entry_mood';
import { up as ownPrompts } from './022_own_prompts';
import { up as entryTags } from './023_entry_tags';
import { up as photos } from './024_photos';
import { up as monthLookBack } from './025_month_look_back';
import { up as wordCounts } from './026_word_counts';
import { up as monthlyLookBackEmail } from './027_monthly_look_back_email';
import { up as calendarPhotos } from './028_calendar_photos';
import { up as insightFacts } from './029_insight_facts';

/** A migration's change, made on the database it runs on. */
type Up = (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;

/**
 * Migrations are code, so they ship inside the server and run at boot, in the order of their names. Each lives in
 * its own file with its own types for the tables it reads and writes, as they were when it was written, never the
 * app's schema of today. A database records the names of the migrations it has run: a name never changes.
 * Pending migrations run in one transaction with that record, on SQLite too (connect.ts), so one that fails
 * halfway leaves the database as it was.
 */
export const MIGRATIONS: Record<string, Up> = {
  '001_auth_and_profile': authAndProfile,
  '002_journal': journal,
  '003_journal_version': journalVersion,
  '004_stats_counts': statsCounts,
  '005_lower_case_entry_ids': lowerCaseEntryIds,
  '006_no_links_at_rest': noLinksAtRest,
  '007_entry_utc_offset': entryUtcOffset,
  '008_invites_and_disabled': invitesAndDisabled,
  '009_backup_schedule': backupSchedule,
  '010_reminders': reminders,
  '011_search': search,
  '012_gratitude_index': gratitudeIndex,
  '013_search_page_size': searchPageSize,
  '014_password_checks': passwordChecks,
  '015_mail_sending': mailSending,
  '016_server_settings': serverSettings,
  '017_entry_time_unknown': entryTimeUnknown,
  '018_past_days': pastDays,
  '019_push_notifications': pushNotifications,
  '020_welcome_seen': welcomeSeen,
  '021_entry_mood': entryMood,
  '022_own_prompts': ownPrompts,
  '023_entry_tags': entryTags,
  '024_photos': photos,
  '025_month_look_back': monthLookBack,
  '026_word_counts': wordCounts,
  '027_monthly_look_back_email': monthlyLookBackEmail,
  '028_calendar_photos': calendarPhotos,
  '029_insight_facts': insightFacts,
};

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    const migrations = Object.entries(MIGRATIONS).map(([name, up]): [string, Migration] => [
      name,
      { up: (db) => up(db, this.dialect) },
    ]);
    return Promise.resolve(Object.fromEntries(migrations));
  }
}

/**
 * Runs the migrations up to and including `last`, and no further: a database as that version of the app made it. A
 * restore compares a backup's schema with such a one (backup/schema-check.ts).
 */
export async function migrateUpTo(db: Kysely<unknown>, dialect: Dialect, last: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateTo(last);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see; name ours, so that two deployments in
  // two schemas of one PostgreSQL database never mistake each other's migrations for their own.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
