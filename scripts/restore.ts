// `npm run restore -- <file>`: puts a backup made by npm run backup (or a scheduled one) in place of the SQLite
// database, with the same variables as the server (DATA_DIR or DATABASE_URL). It refuses while any process has the
// database open, and keeps the database it replaces beside it as journal.db.before-restore-YYYYMMDD-HHMMSS.
import { postgresCommands } from '../src/server/backup/postgres-dump';
import { restoreSqlite } from '../src/server/backup/restore';
import { BackupError, formatBytes } from '../src/server/backup/sqlite-backup';
import { ConfigError, loadConfig } from '../src/server/config';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.length !== 1 || !args[0]) fail('Usage: npm run restore -- <backup file>', 2);

let config;
try {
  // The same variables and rules as the server's; a stand-in secret keeps loadConfig from generating one.
  config = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || 'restore-tool-'.padEnd(32, '-') });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const { database } = config;
if (database.kind === 'postgres') {
  const { restore } = postgresCommands(database.url, args[0]);
  fail(
    [
      'This server keeps the journal in PostgreSQL (DATABASE_URL), and npm run restore restores SQLite files only.',
      'Restore a pg_dump archive with pg_restore, into a new, empty database, then point DATABASE_URL at it:',
      '',
      `  ${restore}`,
    ].join('\n'),
  );
}
if (database.path === ':memory:') fail('The database is in memory (DATABASE_URL=:memory:): there is no file to restore into.');

try {
  const restored = await restoreSqlite(args[0], database.path, new Date());
  const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  process.stdout.write(
    [
      `Restored ${database.path}`,
      `  from ${args[0]}: ${formatBytes(restored.bytes)}, ${plural(restored.entries, 'entry', 'entries')} of ${plural(restored.accounts, 'account', 'accounts')}; integrity check: ok`,
      restored.kept ? `  The database it replaced is kept as ${restored.kept}` : '  There was no database here before.',
      'Start the server again to use it.',
      '',
    ].join('\n'),
  );
} catch (error) {
  const message = error instanceof BackupError ? error.message : `The restore failed: ${error instanceof Error ? error.message : String(error)}`;
  fail(`${message}\nNothing was restored; the database is as it was.`);
}
