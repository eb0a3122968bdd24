import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { createTransport } from './mail/transport';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('files the server creates are readable by its user only', () => {
  let root: string;
  let umask: number;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'journal-modes-'));
    // The most permissive umask: the modes must not depend on it.
    umask = process.umask(0);
  });
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates the data folder, the SQLite database and its -wal and -shm files privately', async () => {
    const dataDir = join(root, 'fresh', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'auth-secret'))).toBe(0o600);
    if (config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    const file = config.database.path;
    for (let round = 0; round < 2; round += 1) {
      const database = await openDatabase(config.database);
      try {
        await database.write((trx) => trx.deleteFrom('session').execute());
        for (const path of [file, `${file}-wal`, `${file}-shm`]) expect([path, modeOf(path)]).toEqual([path, 0o600]);
      } finally {
        await database.close();
      }
    }
  });

  it('creates missing folders on the way to DATABASE_URL privately', async () => {
    const dbDir = join(root, 'db', 'nested');
    const config = loadConfig({
      DATA_DIR: join(root, 'unused'),
      AUTH_SECRET: SECRET,
      DATABASE_URL: join(dbDir, 'j.db'),
    });
    const database = await openDatabase(config.database);
    await database.close();
    expect(modeOf(join(root, 'db'))).toBe(0o700);
    expect(modeOf(dbDir)).toBe(0o700);
    expect(modeOf(join(dbDir, 'j.db'))).toBe(0o600);
  });

  it('keeps the permissions an operator gave a folder that exists already', async () => {
    const dataDir = join(root, 'operator');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o750);
    const config = loadConfig({ DATA_DIR: dataDir });
    const database = await openDatabase(config.database);
    await database.close();
    expect(modeOf(dataDir)).toBe(0o750);
    expect(modeOf(join(dataDir, 'journal.db'))).toBe(0o600);
  });

  it('creates the mail outbox folder privately', async () => {
    const dataDir = join(root, 'mail', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    const transport = createTransport(config.mail);
    try {
      await transport.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    } finally {
      transport.close();
    }
    expect(modeOf(join(root, 'mail'))).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(config.mail.outboxDir)).toBe(0o700);
  });
});
