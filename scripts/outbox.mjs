// `npm run outbox [count]`: the newest emails in the outbox folder the server writes to (MAIL_OUTBOX_DIR, or
// DATA_DIR/outbox), newest last, each with its recipient, subject, time and link. The .eml files are
// quoted-printable, so a link read from them as text is cut into lines and has `=3D` for `=`; this prints it whole.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { ConfigError, loadConfig } from '../src/server/config.ts';

const count = Number(process.argv[2] ?? 5);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: npm run outbox [number of emails, 5 unless given]');
  process.exit(2);
}

let config;
try {
  // The same variables and rules as the server's. Reading mail needs no secret: a stand-in keeps loadConfig from
  // generating one into DATA_DIR (or from asking for it in production).
  config = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || 'outbox-reader-'.padEnd(32, '-') });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { outboxDir, smtpUrl } = config.mail;
if (smtpUrl) console.log('SMTP_URL is set: new emails go to the SMTP server, not to this folder.');

/** Only our own links: APP_URL's /verify-email, whatever else an email may mention. */
const linkPrefix = `${config.appUrl}/verify-email?`;

let files;
try {
  files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
} catch (error) {
  if (error?.code !== 'ENOENT') throw error;
  files = [];
}
if (files.length === 0) {
  console.log(`No emails in ${outboxDir}`);
  process.exit(0);
}

console.log(`The newest ${Math.min(count, files.length)} of ${files.length} emails in ${outboxDir}:\n`);
// The file names start with the time the email was written, so they sort oldest first.
for (const name of files.slice(-count)) {
  const mail = await simpleParser(await readFile(join(outboxDir, name)));
  const to = [mail.to ?? []].flat().map((address) => address.text).join(', ');
  const links = (mail.text ?? '').match(/https?:\/\/\S+/g)?.filter((link) => link.startsWith(linkPrefix)) ?? [];
  console.log(`${(mail.date ?? new Date(0)).toLocaleString()}  to ${to}`);
  console.log(`  ${mail.subject ?? '(no subject)'}`);
  for (const link of links) console.log(`  ${link}`);
  console.log('');
}
