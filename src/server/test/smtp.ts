import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  /** Every message received so far, oldest first. */
  received: ParsedMail[];
  /** Messages whose data has arrived, accepted or still held (see `hold`). */
  arrived: number;
  /** Holds the answer to the next message's data, as a slow server does, until `release`; later ones go through. */
  hold(): void;
  /** Answers the message held. */
  release(): void;
  stop(): Promise<void>;
}

/** A real SMTP server in this process that keeps what it receives. */
export async function startSmtp(listenPort = 0): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let held: Promise<void> | undefined;
  let open = (): void => undefined;
  const smtp = {
    port: 0,
    received,
    arrived: 0,
    hold() {
      held = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          smtp.arrived += 1;
          const gate = held;
          held = undefined;
          await gate;
          // Received once the server has said so: a message whose answer never went out was not accepted.
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  smtp.port = (server.server.address() as AddressInfo).port;
  return smtp;
}
