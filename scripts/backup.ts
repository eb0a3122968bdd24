// `npm run backup -- <file>`: an online backup of the SQLite database, consistent as of one moment, taken while the
// server runs, with the same variables as the server (DATA_DIR or DATABASE_URL). Given a folder, the file in it is
// named journal-YYYYMMDD-HHMMSS.db (UTC). The file is readable by its owner only, and checked before it is reported.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { postgresCommands } from '../src/server/backup/postgres-dump';
import { backupStem } from '../src/server/backup/scheduler';
import { backupSqliteFile, formatBytes } from '../src/server/backup/sqlite-backup';
import { ConfigError, loadConfig } from '../src/server/config';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.length !== 1 || !args[0]) {
  fail('Usage: npm run backup -- <file>     (or a folder, to name the file journal-YYYYMMDD-HHMMSS.db in it)', 2);
}

let config;
try {
  // The same variables and rules as the server's. A backup needs no secret: a stand-in keeps loadConfig from
  // generating one into DATA_DIR (or from asking for it in production).
  config = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || 'backup-tool-'.padEnd(32, '-') });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const { database } = config;
if (database.kind === 'postgres') {
  const file = args[0].endsWith('.dump') ? args[0] : `${args[0].replace(/\.db$/, '')}.dump`;
  const { dump, restore } = postgresCommands(database.url, file);
  fail(
    [
      'This server keeps the journal in PostgreSQL (DATABASE_URL), and npm run backup copies SQLite files only.',
      "Back PostgreSQL up with its own tool, pg_dump, while the servers run:",
      '',
      `  ${dump}`,
      '',
      'It asks for the password, or reads it from PGPASSWORD or ~/.pgpass. To restore, into a new, empty database:',
      '',
      `  ${restore}`,
    ].join('\n'),
  );
}
if (database.path === ':memory:') fail('The database is in memory (DATABASE_URL=:memory:): there is no file to back up.');

const live = database.path;
if (!existsSync(live)) {
  fail(`There is no database at ${live}. Run the backup with the same DATA_DIR (or DATABASE_URL) as the server.`);
}
let target = resolve(args[0]);
if (existsSync(target) && statSync(target).isDirectory()) target = join(target, `${backupStem(new Date())}.db`);
if (!existsSync(dirname(target))) fail(`The folder ${dirname(target)} does not exist.`);
if ([live, `${live}-wal`, `${live}-shm`, `${live}-journal`].includes(target)) {
  fail(`${target} is the database's own file; name another file for the backup.`);
}
if (existsSync(target) && !statSync(target).isFile()) fail(`${target} exists and is not a file.`);
const replacing = existsSync(target);

const started = performance.now();
try {
  const facts = await backupSqliteFile(live, target);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  process.stdout.write(
    [
      `Backed up ${live}`,
      `  to ${target}${replacing ? ' (it replaces the file that was there)' : ''}`,
      `  ${formatBytes(facts.bytes)}, ${plural(facts.entries, 'entry', 'entries')} of ${plural(facts.accounts, 'account', 'accounts')}; integrity check: ok; ${seconds} s`,
      '',
    ].join('\n'),
  );
} catch (error) {
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
