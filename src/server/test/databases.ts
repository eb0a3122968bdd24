import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config';

/**
 * Every database test runs on both databases. PostgreSQL is the real server CI points us at
 * (TEST_POSTGRES_URL, default the local one); each test file gets a schema of its own, dropped at the end.
 */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface TestDatabase {
  settings: Config['database'];
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind, sqliteDir: string): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    return { settings: { kind: 'sqlite', path: `${sqliteDir}/journal.db` }, drop: () => Promise.resolve() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    settings: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}
