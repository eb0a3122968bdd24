import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';

/** PostgreSQL's custom-format archives (pg_dump --format=custom) start with these bytes. */
const CUSTOM_FORMAT_MAGIC = 'PGDMP';

/**
 * The connection URL without its password, safe to print, log or pass on a command line. Its parameters are written
 * out again with %20 for a space: the server's driver reads a `+` in them as a space, PostgreSQL's own tools do not.
 */
export function urlWithoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  const query = [...parsed.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  parsed.search = query;
  return parsed.toString();
}

/** The password in the URL, decoded, if it has one; it goes to pg_dump through PGPASSWORD, never its arguments. */
function passwordOf(url: string): string | undefined {
  const { password } = new URL(url);
  return password ? decodeURIComponent(password) : undefined;
}

/** Quotes a word for a POSIX shell, so that a printed command can be pasted as it is. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The commands an operator runs to back up and restore a PostgreSQL journal, for `url` and `file`. */
export function postgresCommands(url: string, file: string): { dump: string; restore: string } {
  const target = shellQuote(urlWithoutPassword(url));
  return {
    dump: `pg_dump --format=custom --file=${shellQuote(file)} ${target}`,
    restore: `pg_restore --no-owner --dbname=${target} ${shellQuote(file)}`,
  };
}

/** Whether `command` (pg_dump) can be run: it is on the PATH and answers --version. */
export function commandAvailable(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { timeout: 10_000 }, (error) => resolve(!error));
  });
}

/**
 * Runs pg_dump in custom format into `file` (which must exist already, so that it keeps the mode it was made with).
 * With `schema`, only that schema: the one this deployment's tables live in, when it is not PostgreSQL's default
 * `public`, so that two deployments in one database each back up their own. Rejects with pg_dump's first lines of
 * error output when it fails or when `signal` stops it.
 */
export function runPgDump(options: {
  command: string;
  url: string;
  file: string;
  schema: string | undefined;
  signal: AbortSignal;
}): Promise<void> {
  const password = passwordOf(options.url);
  const args = ['--format=custom', '--no-password', `--file=${options.file}`];
  if (options.schema) args.push(`--schema="${options.schema.replace(/"/g, '""')}"`);
  args.push(urlWithoutPassword(options.url));
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, args, {
      env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
      signal: options.signal,
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 2000) errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        const said = errors.trim().split('\n').slice(0, 3).join(' ').slice(0, 300);
        reject(new Error(`pg_dump ${signal ? `was stopped (${signal})` : `exited with ${code}`}${said ? `: ${said}` : ''}`));
      }
    });
  });
}

/** Whether `file` starts as a custom-format PostgreSQL archive does. */
export function isCustomFormatArchive(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(CUSTOM_FORMAT_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString('latin1') === CUSTOM_FORMAT_MAGIC;
  } finally {
    closeSync(fd);
  }
}
