import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the server made for this email, if it has one: the development console prints it. Never stored. */
  link?: string;
  /** Extra header fields (a reminder's List-Unsubscribe and List-Unsubscribe-Post), over SMTP and in the outbox alike. */
  headers?: Record<string, string>;
}

/** What goes into the message itself. */
function content({ to, subject, text, html, headers }: OutgoingMail) {
  return { to, subject, text, html, ...(headers ? { headers } : {}) };
}

/** Where mail goes: a real SMTP server, or .eml files in the outbox folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

export function createTransport(settings: Config['mail']): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : outboxTransport(settings);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...content(mail) });
      return {};
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(settings: Config['mail']): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await builder.sendMail({ from: settings.from, ...content(mail) });
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('nodemailer did not build a message buffer');
      await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = join(settings.outboxDir, name);
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, message, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return { file };
    },
    close: () => builder.close(),
  };
}
