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
  /**
   * The unique part of the Message-ID, the same on every try of one queued email (mail/queue.ts), so that a copy sent
   * again after a crash can be told for what it is; the transport adds the sender's domain.
   */
  messageId?: string;
}

/** The domain of the sender's address ("Journal <hello@example.com>": example.com), for Message-IDs. */
function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** What goes into the message itself. */
function content({ to, subject, text, html, headers, messageId }: OutgoingMail, from: string) {
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(headers ? { headers } : {}),
    ...(messageId ? { messageId: `<${messageId}@${senderDomain(from)}>` } : {}),
  };
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
      await transporter.sendMail(content(mail, from));
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
      const info = await builder.sendMail(content(mail, settings.from));
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
