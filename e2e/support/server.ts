import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Waits for an email to this address (the nth, counting from 1) and returns its link. */
  waitForMail(to: string, options?: { nth?: number; subject?: RegExp }): Promise<{ subject: string; link: string }>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the child process answers `url` with a 2xx, for up to 30 s; fails if it exits first. */
export async function waitUntilAnswering(child: ChildProcess, url: string, output: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the real server (built client, SQLite in a fresh folder unless one is given, mail to the outbox) as a
 * child process, at `url` (http://localhost:PORT). A variable given as undefined is left unset: `APP_URL: undefined`
 * starts it as `npm start` does.
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'journal-e2e-'));
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await waitUntilAnswering(child, `${url}/healthz`, () => output);

  const outbox = env.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox');
  return {
    url,
    dataDir,
    child,
    output: () => output,
    async waitForMail(to, options = {}) {
      const nth = options.nth ?? 1;
      const until = Date.now() + 15_000;
      for (;;) {
        const found: { subject: string; link: string }[] = [];
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort();
        } catch {
          files = [];
        }
        for (const file of files) {
          const mail = await simpleParser(readFileSync(join(outbox, file)));
          const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (recipient !== to) continue;
          if (options.subject && !options.subject.test(mail.subject ?? '')) continue;
          const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
          if (link) found.push({ subject: mail.subject ?? '', link });
        }
        const match = found[nth - 1];
        if (match) return match;
        if (Date.now() > until) throw new Error(`no mail #${nth} to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
