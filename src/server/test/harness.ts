import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Agent as HttpsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createApp, type JournalApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { createTestDatabase, type DatabaseKind } from './databases';

export const STRONG_PASSWORD = 'Grateful#2026';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-03-15T12:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: URL;
}

export interface Harness {
  kind: DatabaseKind;
  /** The app's configuration, database settings included: a second app on the same database can be made from it. */
  config: Config;
  journal: JournalApp;
  database: DatabaseHandle;
  clock: TestClock;
  outboxDir: string;
  logLines: string[];
  agent(): Agent;
  /** Every email sent so far to this address, oldest first. */
  mailTo(address: string): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function createHarness(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  options: { pushAgent?: HttpsAgent } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
  const testDb = await createTestDatabase(kind, dir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  config.database = testDb.settings;
  const database = await openDatabase(config.database);
  const logLines: string[] = [];
  const logger = createLogger('debug', (line) => logLines.push(line));
  const clock = new TestClock();
  const journal = createApp({ config, database, logger, now: clock.now, pushAgent: options.pushAgent });
  const outboxDir = config.mail.outboxDir;

  return {
    kind,
    config,
    journal,
    database,
    clock,
    outboxDir,
    logLines,
    agent: () => new Agent(journal),
    async mailTo(address) {
      await journal.mailWorker.idle();
      const files = safeList(outboxDir).filter((name) => name.endsWith('.eml')).sort();
      const mails: ReceivedMail[] = [];
      for (const name of files) {
        const parsed = await simpleParser(readFileSync(join(outboxDir, name)));
        const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
        if (to !== address) continue;
        const text = parsed.text ?? '';
        const href = /https?:\/\/\S+/.exec(text)?.[0];
        if (!href) throw new Error(`mail to ${address} has no link`);
        mails.push({ to, subject: parsed.subject ?? '', text, html: parsed.html || '', link: new URL(href) });
      }
      return mails;
    },
    async close() {
      await journal.close();
      await database.close();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A browser-like client: keeps its cookies, sends JSON from the app's own origin. */
export class Agent {
  private cookies = new Map<string, string>();

  constructor(private readonly journal: JournalApp) {}

  /** The Cookie header this client sends, for requests made over a raw connection. */
  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { origin: 'http://localhost:3000', ...headers } };
    const sent = new Headers(init.headers);
    if (body !== undefined) {
      sent.set('content-type', sent.get('content-type') ?? 'application/json');
      // Text and bytes (a file to import) go as they are; anything else as JSON.
      if (typeof body === 'string') init.body = body;
      else if (body instanceof Uint8Array) init.body = new Blob([new Uint8Array(body)]);
      else init.body = JSON.stringify(body);
    }
    if (this.cookies.size > 0) sent.set('cookie', this.cookie);
    init.headers = sent;
    const response = await this.journal.app.request(path, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json: json as Record<string, unknown>, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
  patch(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', path, body, headers);
  }
  put(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

/** Signs up, follows the verification link from the outbox, and signs in. */
export async function signUpAndVerify(
  harness: Harness,
  options: { name?: string; email?: string; password?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const name = options.name ?? 'Test User';
  const agent = harness.agent();
  const signUp = await agent.post('/api/auth/sign-up', { name, email, password });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const [mail] = await harness.mailTo(email);
  const oobCode = mail?.link.searchParams.get('oobCode');
  if (!oobCode) throw new Error('no verification mail');
  const verified = await agent.post('/api/auth/verify-email', { oobCode });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  const signIn = await agent.post('/api/auth/sign-in', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  const user = signIn.json.user as { id: string };
  return { agent, email, password, name, userId: user.id };
}
