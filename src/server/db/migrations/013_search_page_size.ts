import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect';

/**
 * SQLite's search index (migration 011) in pages of 2,000 bytes instead of FTS5's 4,050. FTS5 tidies its index as it
 * is written: for every 64 pages a write adds, the transaction that adds them also merges 64 pages per level of the
 * index, and with large pages that step held the server's thread for 10 to 25 ms while an import wrote (POSTs of
 * other users waited behind it: p99 5.4 to 33 ms). Pages half the size make each step half the work, for the same
 * work in all; pages of 1,000 bytes made one round of imports in four slower for day reads (docs/decisions/014).
 * Pages written before keep their size until they are merged. PostgreSQL's index has no such steps.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`insert into search_text (search_text, rank) values ('pgsz', 2000)`.execute(db);
}
