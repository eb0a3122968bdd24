// `npm run admin -- <command>`: the operator's commands for the accounts of this server (docs/product.md §12). It
// reads the same variables as the server (readSettings) and opens the same database, so run it with the server's
// settings; the address in its links and the sign-up mode it checks are those the running server recorded in the
// database as it started (repository.ts), as the shell it runs in may not have the server's. A command that refuses
// writes nothing. There is no web admin panel, and no command shows anything a person wrote.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { emailSchema } from '../../shared/auth-schemas';
import { ConfigError, type Config, existingLocalSecret, readSettings, type Settings } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { AccountAdmin, AccountSummary } from './accounts';
import type { RecordedServer } from './repository';

// Light: the database drivers and the account code load only once the command line has been checked, so help
// and mistakes answer at once.
import { DEFAULT_INVITE_DAYS, DEFAULT_INVITE_USES } from '../auth/invites';

const MAX_INVITE_USES = 1000;
const MAX_INVITE_DAYS = 365;

const HELP = `Gratitude Journal administration. Run it with the server's settings (environment variables): where its
database is (DATA_DIR or DATABASE_URL), AUTH_SECRET and the mail settings. The address in its links and the sign-up
mode are those of the server that started last on that database.

Usage: npm run admin -- <command> [arguments]

Commands:
  users                         List the accounts: email, created, verified, disabled, last sign-in, entries, photos
  invite [--uses N] [--days D]  Create an invite code (${DEFAULT_INVITE_USES} use, ${DEFAULT_INVITE_DAYS} days unless given) and print its sign-up link
  disable EMAIL                 Refuse the account's sign-ins and end its sessions now; its journal is kept
  enable EMAIL                  Let a disabled account sign in again
  delete EMAIL                  Delete the account and its whole journal, for good
  verify EMAIL                  Mark the account's email address as verified
  resend EMAIL                  Send the account a new verification email
  help                          Show this help

No command shows what anybody wrote: there is no way to read a journal but to sign in as its writer.`;

/** A mistake in the command line: the message, then the help. Exit status 2. */
class UsageError extends Error {
  override name = 'UsageError';
}

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** 'YYYY-MM-DD HH:MM' in UTC, or a dash. */
function formatTime(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')}` : '-';
}

/** The counts, right-aligned from here on. */
const ENTRIES_COLUMN = 5;

function accountsTable(accounts: AccountSummary[]): string[] {
  const header = ['EMAIL', 'CREATED', 'VERIFIED', 'DISABLED', 'LAST SIGN-IN', 'ENTRIES', 'PHOTOS', 'PHOTO MB'];
  const rows = accounts.map((account) => [
    account.email,
    formatTime(account.createdAt),
    account.verified ? 'yes' : 'no',
    account.disabledAt ? formatTime(account.disabledAt) : 'no',
    formatTime(account.lastSignInAt),
    String(account.entries),
    String(account.photos),
    (account.photoBytes / (1024 * 1024)).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column >= ENTRIES_COLUMN ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The one EMAIL argument of a command, in the form accounts are stored in (trimmed, lower case). */
function emailArgument(command: string, args: string[]): string {
  const [email, ...rest] = args;
  if (email === undefined) throw new UsageError(`'${command}' needs an email address: npm run admin -- ${command} EMAIL`);
  if (rest.length > 0) throw new UsageError(`'${command}' takes one email address; also given: ${rest.join(' ')}`);
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new UsageError(`'${email}' is not an email address.`);
  return parsed.data;
}

/** A whole number from min to max, for the option `name`. */
function wholeNumber(name: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${name} needs a whole number, for example ${name} ${min === 1 ? 3 : min}.`);
  const number = Number(value);
  if (number < min || number > max) throw new UsageError(`${name} must be from ${min} to ${max}.`);
  return number;
}

function inviteOptions(args: string[]): { uses: number; days: number } {
  let uses = DEFAULT_INVITE_USES;
  let days = DEFAULT_INVITE_DAYS;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name !== '--uses' && name !== '--days') throw new UsageError(`Unknown option for 'invite': ${arg}. It takes --uses N and --days D.`);
    const value = inline ?? args[(index += 1)];
    if (name === '--uses') uses = wholeNumber('--uses', value, 1, MAX_INVITE_USES);
    else days = wholeNumber('--days', value, 1, MAX_INVITE_DAYS);
  }
  return { uses, days };
}

function noMoreArguments(command: string, args: string[]): void {
  if (args.length > 0) throw new UsageError(`'${command}' takes no arguments; given: ${args.join(' ')}`);
}

const COMMAND_NAMES = new Set(['users', 'invite', 'disable', 'enable', 'delete', 'verify', 'resend']);

/** A command line, checked before the database is opened. */
type Command =
  | { name: 'users' }
  | { name: 'invite'; uses: number; days: number }
  | { name: 'disable' | 'enable' | 'delete' | 'verify' | 'resend'; email: string };

function parseCommand(name: string, args: string[]): Command {
  switch (name) {
    case 'users':
      noMoreArguments(name, args);
      return { name };
    case 'invite':
      return { name, ...inviteOptions(args) };
    case 'disable':
    case 'enable':
    case 'delete':
    case 'verify':
    case 'resend':
      return { name, email: emailArgument(name, args) };
    default:
      throw new UsageError(`Unknown command '${name}'.`);
  }
}

/**
 * What the operator should know about an invite's link: whether the server asks for the code at all, whether the link
 * opens beyond the server's machine, and where the address comes from when it is not the server's own record.
 */
function inviteNotes(own: Config, server: RecordedServer | undefined): string[] {
  const notes: string[] = [];
  if (!server) {
    notes.push(
      "Note: no server has started on this database yet, so the link and the sign-up mode are this command's own settings (APP_URL, PORT, SIGNUPS), which may not be the server's.",
    );
  }
  const signups = server?.signups ?? own.signups;
  const mode = server ? `the server runs with SIGNUPS=${signups}` : `SIGNUPS is ${signups} here`;
  const change = server ? 'Set SIGNUPS=invite on the server, and start it again,' : 'Set SIGNUPS=invite on the server';
  if (signups === 'open') notes.push(`Note: ${mode}, so sign-up does not ask for a code. ${change} to require one.`);
  if (signups === 'closed') notes.push(`Note: ${mode}, so nobody can sign up, even with this code. ${change} to let its holders in.`);
  if (!(server ?? own).appUrlSet) {
    const unset = server ? 'the server has no APP_URL' : 'APP_URL is not set here';
    notes.push(`Note: ${unset}, so this link opens only on the server's own machine. Set APP_URL on the server to the address people open.`);
  }
  if (server && own.appUrlSet && own.appUrl !== server.appUrl) {
    notes.push(`Note: APP_URL here is ${own.appUrl}, but the server's address is ${server.appUrl}: the link is the server's.`);
  }
  return notes;
}

/**
 * Runs a checked command; resolves with the exit status. `config` is the one the commands act with (the server's
 * address and sign-up mode when it recorded them); `own` and `server` are what it was made of.
 */
async function runCommand(
  command: Command,
  { config, own, server }: { config: Config; own: Config; server: RecordedServer | undefined },
  admin: AccountAdmin,
  { out, err }: Output,
): Promise<number> {
  switch (command.name) {
    case 'users': {
      const accounts = await admin.listAccounts();
      if (accounts.length === 0) {
        out('No accounts yet.');
        return 0;
      }
      for (const line of accountsTable(accounts)) out(line);
      out('');
      out(`${accounts.length} ${accounts.length === 1 ? 'account' : 'accounts'}; times in UTC. Last sign-in comes from the sessions still kept (signing out ends one).`);
      return 0;
    }
    case 'invite': {
      const { uses, days } = command;
      const { code, link, expiresAt } = await admin.createInvite(uses, days);
      out(`Created an invite for ${uses} ${uses === 1 ? 'sign-up' : 'sign-ups'}, valid until ${formatTime(expiresAt)} UTC (${days} ${days === 1 ? 'day' : 'days'}).`);
      out(`Code: ${code}`);
      out(`Link: ${link}`);
      out('Only now is the code shown: the database keeps just its hash.');
      for (const note of inviteNotes(own, server)) out(note);
      return 0;
    }
    case 'disable': {
      const { email } = command;
      if (await admin.disable(email)) {
        out(`Disabled ${email}: signed out everywhere, and sign-in is refused until you run 'npm run admin -- enable ${email}'. Their journal is kept.`);
      } else {
        out(`${email} was already disabled. Nothing changed.`);
      }
      return 0;
    }
    case 'enable': {
      const { email } = command;
      if (await admin.enable(email)) out(`Enabled ${email}: they can sign in again.`);
      else out(`${email} is not disabled. Nothing changed.`);
      return 0;
    }
    case 'delete': {
      const { email } = command;
      const { entries } = await admin.remove(email);
      out(`Deleted ${email} and everything of theirs: ${entries} ${entries === 1 ? 'entry' : 'entries'}, the profile, sessions and queued emails. The address can sign up again as a new account.`);
      return 0;
    }
    case 'verify': {
      const { email } = command;
      if (await admin.verify(email)) out(`Verified the email address of ${email}: they can sign in now.`);
      else out(`${email} is already verified. Nothing changed.`);
      return 0;
    }
    case 'resend': {
      const { email } = command;
      const result = await admin.resendVerification(email);
      if (result.outcome === 'sent') {
        out(
          result.transport === 'smtp'
            ? `Sent a new verification email to ${email} through the SMTP server.`
            : `Sent a new verification email to ${email}: written to ${config.mail.outboxDir} (no SMTP_URL is set).`,
        );
      } else if (result.outcome === 'sending-elsewhere') {
        out(`Queued a new verification email to ${email}; a running server is sending it now.`);
      } else {
        err(`The verification email to ${email} could not be sent now (${result.error}). It stays queued, and the server retries it.`);
        return 1;
      }
      return 0;
    }
  }
}

/** Runs one command line; resolves with the exit status: 0 done, 1 refused or failed, 2 a mistake in the line. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, output: Output): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    output[name === undefined ? 'err' : 'out'](HELP);
    return name === undefined ? 2 : 0;
  }
  let command: Command;
  try {
    command = parseCommand(name, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(COMMAND_NAMES.has(name) ? `${error.message}\nSee: npm run admin -- help` : `${error.message}\n\n${HELP}`);
    return 2;
  }

  // Nothing is written until the settings are known to be the server's: no secret, no database, no folder.
  let settings: Settings;
  try {
    settings = readSettings(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return 1;
  }
  // A SQLite file that is not there means these are not the server's settings: say so, rather than start an empty one.
  if (settings.database.kind === 'sqlite' && settings.database.path !== ':memory:' && !existsSync(settings.database.path)) {
    output.err(`There is no database at ${settings.database.path}. Run this with the server's settings (DATA_DIR or DATABASE_URL).`);
    return 1;
  }
  // The server's secret: a new one made here would key what this command writes (a reminder's unsubscribe link, say)
  // differently from the server.
  const authSecret = settings.authSecret ?? existingLocalSecret(settings.dataDir);
  if (authSecret === undefined) {
    output.err(
      `AUTH_SECRET is not set, and ${settings.dataDir} holds no auth-secret file (a server started without AUTH_SECRET makes one there). Run this with the server's settings (its AUTH_SECRET, or its DATA_DIR).`,
    );
    return 1;
  }
  const own: Config = { ...settings, authSecret };

  const [{ openDatabase }, { AccountAdmin, AdminError }, { readServerSettings }] = await Promise.all([
    import('../db/connect'),
    import('./accounts'),
    import('./repository'),
  ]);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(own.database);
  } catch (error) {
    output.err(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const server = await readServerSettings(database.db);
    // Links (printed, and in the emails this command sends) go to the server's address.
    const config: Config = server
      ? { ...own, appUrl: server.appUrl, appUrlSet: server.appUrlSet, signups: server.signups }
      : own;
    return await runCommand(command, { config, own, server }, new AccountAdmin(config, database), output);
  } catch (error) {
    output.err(error instanceof AdminError ? error.message : `The command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdmin(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
