import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  /** Every message received so far, oldest first. */
  received: ParsedMail[];
  stop(): Promise<void>;
}

/** A real SMTP server in this process that keeps what it receives. */
export async function startSmtp(listenPort = 0): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
