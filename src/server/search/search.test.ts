import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayKeyToNumber } from '../../shared/dates';
import type { JournalEntry } from '../../shared/entry-schemas';
import { SEARCH_PAGE_SIZE, type SearchPage, type SearchResult } from '../../shared/search';
import { openDatabase } from '../db/connect';
import { MIGRATIONS } from '../db/migrations';
import type { Database } from '../db/schema';
import { insertEntry } from '../journal/repository';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify, STRONG_PASSWORD } from '../test/harness';
import { readSearchRequest } from './query';
import { SearchService } from './service';

const blank = { gratitude: '', celebration: '', manifestation: '' };
type Content = Partial<Record<'gratitude' | 'celebration' | 'manifestation' | 'memory', string>>;

describe.each(DATABASE_KINDS)('search over HTTP on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  /** A verified user with the memory section on, so that every prompt is kept. */
  async function writer() {
    const user = await signUpAndVerify(h);
    await user.agent.patch('/api/profile', { preferences: { showMemorySection: true } });
    return user;
  }

  /** Moves the server clock to noon UTC of a day and writes an entry on that local day. */
  async function writeOn(agent: Agent, day: string, content: Content, hour = 12): Promise<JournalEntry> {
    h.clock.set(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
    const res = await agent.post('/api/entries', { content: { ...blank, ...content }, localDate: day });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function search(agent: Agent, params: Record<string, string>): Promise<SearchPage> {
    const res = await agent.get(`/api/search?${new URLSearchParams(params)}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as SearchPage;
  }

  /** The ids a search finds, in its order, reading every page. */
  async function found(agent: Agent, params: Record<string, string>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchPage = await search(agent, cursor ? { ...params, cursor } : params);
      ids.push(...page.results.map((result) => result.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  describe('matching', () => {
    it('finds words in any order and any letter case, as the beginning of a word, with accents folded', async () => {
      const { agent } = await writer();
      const walk = await writeOn(agent, '2026-03-01', { gratitude: 'A long WALK by the river' });
      const cafe = await writeOn(agent, '2026-03-02', { celebration: 'Coffee at the Café Rouge with Zoë' });
      const grateful = await writeOn(agent, '2026-03-03', { manifestation: 'Feeling grateful, truly grateful' });
      for (const [q, ids] of [
        ['walk long', [walk.id]],
        ['RIVER a', [walk.id]],
        ['grat', [grateful.id]],
        ['rateful', []],
        ['cafe', [cafe.id]],
        ['CAFÉ zoe', [cafe.id]],
        ['café river', []],
      ] as const) {
        expect(await found(agent, { q }), q).toEqual(ids);
      }
    });

    it('finds a quoted phrase only as whole words one after the other, and while its quote is still open', async () => {
      const { agent } = await writer();
      const tea = await writeOn(agent, '2026-03-01', { gratitude: 'A warm cup of tea, then a walk' });
      const other = await writeOn(agent, '2026-03-02', { gratitude: 'A cup, then warm bread from the oven' });
      expect(await found(agent, { q: '"warm cup"' })).toEqual([tea.id]);
      expect(await found(agent, { q: '"cup warm"' })).toEqual([]);
      expect(await found(agent, { q: '"warm cu"' })).toEqual([]);
      expect(await found(agent, { q: '"warm cu' })).toEqual([tea.id]);
      expect(await found(agent, { q: '“cup of tea”' })).toEqual([tea.id]);
      expect(await found(agent, { q: 'warm cup' })).toEqual([other.id, tea.id]);
    });

    it('finds Hebrew, Arabic, Chinese inside a sentence, and emoji', async () => {
      const { agent } = await writer();
      const hebrew = await writeOn(agent, '2026-03-01', { gratitude: 'אמרתי שלום לשכנה החדשה' });
      const arabic = await writeOn(agent, '2026-03-02', { celebration: 'قلت مرحبا لجارتي' });
      const chinese = await writeOn(agent, '2026-03-03', { manifestation: '我今天很感恩家人的支持' });
      const emoji = await writeOn(agent, '2026-03-04', { memory: 'Birthday party🎉 with the astronaut 👩🏽‍🚀' });
      for (const [q, ids] of [
        ['שלום', [hebrew.id]],
        ['לשכ', [hebrew.id]],
        ['مرحبا', [arabic.id]],
        ['感恩', [chinese.id]],
        ['家人', [chinese.id]],
        ['支持', [chinese.id]],
        ['我今天很感恩家人的支持', [chinese.id]],
        ['🎉', [emoji.id]],
        ['👩🏽‍🚀', [emoji.id]],
        ['🎂', []],
        ['感谢', []],
      ] as const) {
        expect(await found(agent, { q }), q).toEqual(ids);
      }
    });

    it('answers each result with its day, the prompts it matched under and a snippet with the words marked', async () => {
      const { agent } = await writer();
      const long = `${'Morning pages. '.repeat(20)}Then tea with Ada, and more tea. ${'Evening notes. '.repeat(20)}`;
      const entry = await writeOn(agent, '2026-03-05', { gratitude: 'Tea in the garden', celebration: long }, 9);
      const [result] = (await search(agent, { q: 'tea' })).results as [SearchResult];
      expect(result).toMatchObject({
        id: entry.id,
        localDate: '2026-03-05',
        date: '2026-03-05T09:00:00.000Z',
        prompt: 'celebration',
        prompts: ['gratitude', 'celebration'],
      });
      expect(result.snippet.length).toBeLessThan(200);
      expect(result.snippet).toMatch(/^….*…$/);
      expect(result.highlights.map(([from, to]) => result.snippet.slice(from, to))).toEqual(['tea', 'tea']);
    });

    it('shows markup in an entry as the text it is, and marks only what matched', async () => {
      const { agent } = await writer();
      await writeOn(agent, '2026-03-01', { gratitude: '<b>bold</b> & <i>friends</i>' });
      const [result] = (await search(agent, { q: 'friends' })).results as [SearchResult];
      expect(result.snippet).toBe('<b>bold</b> & <i>friends</i>');
      expect(result.highlights).toEqual([[17, 24]]);
    });
  });

  describe('filters', () => {
    it('looks only under the prompt asked for', async () => {
      const { agent } = await writer();
      const asGratitude = await writeOn(agent, '2026-03-01', { gratitude: 'Rain on the roof' });
      const asMemory = await writeOn(agent, '2026-03-02', { gratitude: 'Sun', memory: 'Rain all day' });
      expect(await found(agent, { q: 'rain' })).toEqual([asMemory.id, asGratitude.id]);
      expect(await found(agent, { q: 'rain', prompt: 'gratitude' })).toEqual([asGratitude.id]);
      expect(await found(agent, { q: 'rain', prompt: 'memory' })).toEqual([asMemory.id]);
      expect(await found(agent, { q: 'rain', prompt: 'celebration' })).toEqual([]);
      // All the words under that prompt, a phrase too.
      expect(await found(agent, { q: 'rain sun', prompt: 'gratitude' })).toEqual([]);
      expect(await found(agent, { q: '"rain all"', prompt: 'memory' })).toEqual([asMemory.id]);
      // Text in a script without spaces, under a prompt.
      await writeOn(agent, '2026-03-03', { celebration: '雨の日' });
      expect(await found(agent, { q: '雨', prompt: 'celebration' })).toHaveLength(1);
      expect(await found(agent, { q: '雨', prompt: 'gratitude' })).toEqual([]);
    });

    it('looks only between the days asked for, both included', async () => {
      const { agent } = await writer();
      const ids: Record<string, string> = {};
      for (const day of ['2025-12-31', '2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01']) {
        ids[day] = (await writeOn(agent, day, { gratitude: 'snow' })).id;
      }
      expect(await found(agent, { q: 'snow', from: '2026-01-01', to: '2026-01-31' })).toEqual([
        ids['2026-01-31'],
        ids['2026-01-15'],
        ids['2026-01-01'],
      ]);
      expect(await found(agent, { q: 'snow', from: '2026-01-31' })).toEqual([ids['2026-02-01'], ids['2026-01-31']]);
      expect(await found(agent, { q: 'snow', to: '2025-12-31' })).toEqual([ids['2025-12-31']]);
      expect(await found(agent, { q: 'sn', from: '2026-01-15', to: '2026-01-15', order: 'best' })).toEqual([ids['2026-01-15']]);
      expect(await found(agent, { q: '❄', from: '2026-01-15', to: '2026-01-15' })).toEqual([]);
    });
  });

  describe('order and pages', () => {
    it('orders newest first by the writer’s day, then by when it was written', async () => {
      const { agent } = await writer();
      const late = await writeOn(agent, '2026-03-01', { gratitude: 'tea' }, 18);
      const early = await writeOn(agent, '2026-03-01', { gratitude: 'tea' }, 8);
      const next = await writeOn(agent, '2026-03-02', { gratitude: 'tea' }, 7);
      expect(await found(agent, { q: 'tea' })).toEqual([next.id, late.id, early.id]);
    });

    it('orders best match first: more of the words, whole, in fewer others; newest first among equals', async () => {
      const { agent } = await writer();
      const once = await writeOn(agent, '2026-03-01', { gratitude: 'tea once, among a great many other words that dilute it' });
      const often = await writeOn(agent, '2026-03-02', { gratitude: 'tea, tea and more tea' });
      const begun = await writeOn(agent, '2026-03-03', { gratitude: 'teapot' });
      const equal = await writeOn(agent, '2026-03-04', { gratitude: 'tea, tea and more tea' });
      expect(await found(agent, { q: 'tea', order: 'best' })).toEqual([equal.id, often.id, once.id, begun.id]);
      expect(await found(agent, { q: 'tea', order: 'newest' })).toEqual([equal.id, begun.id, often.id, once.id]);
    });

    it('pages through many results without losing or repeating one, in either order', async () => {
      const { agent, userId } = await writer();
      // Written straight into the database: 3 a day over 20 days, and entries without the word in between.
      const expected: string[] = [];
      await h.database.write(async (trx) => {
        for (let day = 0; day < 20; day += 1) {
          for (let n = 0; n < 4; n += 1) {
            const at = new Date(Date.UTC(2026, 0, 1 + day, 8 + n)).toISOString();
            const id = `00000000-0000-4000-8000-${String(day * 10 + n).padStart(12, '0')}`;
            const text = n === 3 ? 'nothing here' : `kindness number ${day}-${n}`;
            await insertEntry(trx, { ...blank, gratitude: text, memory: '', id, userId, date: at, updatedAt: at, utcOffset: 0, localDay: dayKeyToNumber('2026-01-01') + day });
            if (n !== 3) expected.unshift(id);
          }
        }
      });
      const first = await search(agent, { q: 'kind' });
      expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
      expect(first.nextCursor).not.toBeNull();
      expect(await found(agent, { q: 'kind' })).toEqual(expected);
      expect(await found(agent, { q: 'k' })).toEqual(expected);
      const best = await found(agent, { q: 'kindness', order: 'best' });
      expect(new Set(best)).toEqual(new Set(expected));
      expect(best).toHaveLength(expected.length);
      // A cursor of one order is refused in the other.
      const bestCursor = (await search(agent, { q: 'kind', order: 'best' })).nextCursor ?? '';
      expect((await agent.get(`/api/search?q=kind&cursor=${bestCursor}`)).status).toBe(400);
    });

    it('finds a word of old entries past the newest few hundred, in order, as well as new ones', async () => {
      const { agent, userId } = await writer();
      const wanted: string[] = [];
      await h.database.write(async (trx) => {
        for (let n = 0; n < 260; n += 1) {
          const day = dayKeyToNumber('2025-01-01') + n;
          const at = new Date(day * 86_400_000 + 43_200_000).toISOString();
          const id = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
          const rare = [3, 40, 41, 170, 255].includes(n);
          await insertEntry(trx, { ...blank, gratitude: rare ? 'a heron at dawn' : 'an ordinary day', memory: '', id, userId, date: at, updatedAt: at, utcOffset: 0, localDay: day });
          if (rare) wanted.unshift(id);
        }
      });
      expect(await found(agent, { q: 'heron' })).toEqual(wanted);
      expect(await found(agent, { q: 'ordinary' })).toHaveLength(255);
      expect(await found(agent, { q: 'heron', order: 'best' })).toEqual(wanted);
    });

    it('says so when nothing matches', async () => {
      const { agent } = await writer();
      expect(await search(agent, { q: 'anything' })).toEqual({ results: [], nextCursor: null });
      await writeOn(agent, '2026-03-01', { gratitude: 'tea' });
      expect(await search(agent, { q: 'coffee' })).toEqual({ results: [], nextCursor: null });
    });
  });

  describe('ownership', () => {
    it('never finds another person’s words, by any parameter', async () => {
      const owner = await writer();
      const secret = await writeOn(owner.agent, '2026-03-01', { gratitude: 'zanzibar secret', memory: '秘密 🦄' });
      const other = await writer();
      const mine = await writeOn(other.agent, '2026-03-02', { gratitude: 'my own zanzibar' });
      const theirs = Buffer.from(JSON.stringify({ n: [dayKeyToNumber('2026-03-05'), '2026-03-05T00:00:00.000Z', 'f'.repeat(36)] })).toString('base64url');
      const attempts: Record<string, string>[] = [
        { q: 'zanzibar' },
        { q: 'secret' },
        { q: '秘密' },
        { q: '🦄' },
        { q: 's' },
        { q: 'secret', prompt: 'gratitude' },
        { q: 'secret', from: '2026-03-01', to: '2026-03-01' },
        { q: 'secret', order: 'best' },
        { q: 'secret', cursor: theirs },
        { q: 'secret', userId: owner.userId, user_id: owner.userId, uid: owner.userId },
        { q: `secret ${secret.id}` },
      ];
      for (const params of attempts) {
        const page = await search(other.agent, params);
        expect(page.results.map((result) => result.id), JSON.stringify(params)).not.toContain(secret.id);
        expect(JSON.stringify(page)).not.toMatch(/secret|秘密|🦄/);
      }
      expect(await found(other.agent, { q: 'zanzibar' })).toEqual([mine.id]);
      expect(await found(owner.agent, { q: 'zanzibar' })).toEqual([secret.id]);
    });

    it('refuses a search without a session', async () => {
      const res = await h.agent().get('/api/search?q=tea');
      expect(res.status).toBe(401);
    });
  });

  describe('the index follows every change, in the same transaction', () => {
    it('finds a new entry, an edit’s words instead of the old ones, and nothing of a deleted entry', async () => {
      const { agent } = await writer();
      const entry = await writeOn(agent, '2026-03-15', { gratitude: 'original words' });
      expect(await found(agent, { q: 'original' })).toEqual([entry.id]);
      const edited = await agent.put(`/api/entries/${entry.id}`, { content: { ...blank, gratitude: 'replacement text' }, localDate: '2026-03-15' });
      expect(edited.status).toBe(200);
      expect(await found(agent, { q: 'original' })).toEqual([]);
      expect(await found(agent, { q: 'replacement' })).toEqual([entry.id]);
      expect((await agent.delete(`/api/entries/${entry.id}`)).status).toBe(200);
      expect(await found(agent, { q: 'replacement' })).toEqual([]);
      expect(await indexedEntries()).not.toContain(entry.id);
    });

    it('finds imported entries, and indexes nothing of a refused or previewed one', async () => {
      const { agent } = await writer();
      h.clock.set('2026-03-15T12:00:00.000Z');
      const csv = 'date,gratitude,memory\n2024-05-01,A kingfisher by the canal,\n2024-05-02,<script>kingfisher</script>,\n2024-05-03,,Kingfisher again\n';
      const preview = await agent.request('POST', '/api/import?format=csv&dryRun=1', new TextEncoder().encode(csv), { 'content-type': 'application/octet-stream' });
      expect(preview.status).toBe(200);
      expect(await found(agent, { q: 'kingfisher' })).toEqual([]);
      const imported = await agent.request('POST', '/api/import?format=csv', new TextEncoder().encode(csv), { 'content-type': 'application/octet-stream' });
      expect(imported.status, imported.text).toBe(200);
      const results = (await search(agent, { q: 'kingfisher' })).results;
      expect(results.map((result) => result.localDate)).toEqual(['2024-05-03', '2024-05-01']);
      expect(results.map((result) => result.prompt)).toEqual(['memory', 'gratitude']);
    });

    it('keeps nothing of an account once it is deleted', async () => {
      const { agent, userId } = await writer();
      const entry = await writeOn(agent, '2026-03-15', { gratitude: 'farewell words' });
      const deleted = await agent.request('DELETE', '/api/account', { password: STRONG_PASSWORD });
      expect(deleted.status).toBe(200);
      expect(await indexedEntries()).not.toContain(entry.id);
      const owners = await h.database.db.selectFrom('search_owner').select('user_id').where('user_id', '=', userId).execute();
      expect(owners).toEqual([]);
      if (kind === 'sqlite') {
        // Nothing of the account is left under its row ids either.
        const words = await sql<{ n: number }>`select count(*) as n from search_text where search_text match ${'"farewell"*'}`.execute(h.database.db);
        expect(words.rows[0]?.n).toBe(0);
      }
    });

    it('leaves the index as it was when a write fails part way', async () => {
      const { agent, userId } = await writer();
      const before = await writeOn(agent, '2026-03-15', { gratitude: 'steady' });
      await expect(
        h.database.write(async (trx) => {
          await insertEntry(trx, { ...blank, gratitude: 'vanishing', memory: '', id: '11111111-1111-4111-8111-111111111111', userId, date: '2026-03-15T13:00:00.000Z', updatedAt: '2026-03-15T13:00:00.000Z', utcOffset: 0, localDay: dayKeyToNumber('2026-03-15') });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await found(agent, { q: 'vanishing' })).toEqual([]);
      expect(await found(agent, { q: 'steady' })).toEqual([before.id]);
    });
  });

  describe('hostile queries', () => {
    it('answers operators, quotes, punctuation, NUL and junk with results or a 400, never a 500', async () => {
      const { agent } = await writer();
      const entry = await writeOn(agent, '2026-03-01', { gratitude: 'tea AND coffee OR cake, NOT soup; near the sea' });
      const queries = [
        'tea AND coffee',
        'tea OR nothing',
        'NOT tea',
        'NEAR(tea coffee, 2)',
        '-tea',
        'tea*',
        '*',
        '^tea',
        'gratitude:tea',
        '{gratitude}:tea',
        '"tea',
        'tea"',
        '"""',
        '"tea" "coffee',
        "tea'",
        "'",
        '\\',
        'tea\u0000coffee',
        '\u0000',
        ')(',
        '%',
        '_',
        'tea; DROP TABLE journal_entry; --',
        "' or 1=1 --",
        '\u0301',
        '\uFE0F',
        '\uD800',
        '﷽',
        '𝔱𝔢𝔞',
        'x'.repeat(200),
        '"'.repeat(200),
        '🎉'.repeat(50),
        Array.from({ length: 1000 }, (_, i) => String.fromCharCode(33 + ((i * 7) % 94))).join(''),
        'a '.repeat(500),
      ];
      for (const q of queries) {
        for (const order of ['newest', 'best']) {
          const res = await agent.get(`/api/search?${new URLSearchParams({ q, order })}`);
          expect([200, 400], `${JSON.stringify(q)}: ${res.text}`).toContain(res.status);
          expect(res.json).toBeTypeOf('object');
          if (res.status === 400) expect(res.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
      }
      expect(await found(agent, { q: 'tea AND coffee' })).toEqual([entry.id]);
      expect(await found(agent, { q: 'NEAR(tea coffee)' })).toEqual([entry.id]);
      expect(await found(agent, { q: '{tea}:coffee' })).toEqual([entry.id]);
      expect(await found(agent, { q: '"tea' })).toEqual([entry.id]);
    });

    it('refuses a query too long, too many words, nothing to search for, and unknown or repeated parameters', async () => {
      const { agent } = await writer();
      for (const [query, code, message] of [
        [`q=${'x'.repeat(201)}`, 'invalid-search', 'Searches are limited to 200 characters.'],
        [`q=${'a+b+c+d+e+f+g+h+i+j+k'}`, 'invalid-search', 'Search for at most 10 words at a time.'],
        ['q=', 'invalid-search', 'Type a word to search for.'],
        ['', 'invalid-search', 'Type a word to search for.'],
        ['q=%21%3F%2E', 'invalid-search', 'Type a word to search for.'],
        ['q=tea&q=coffee', 'invalid-search', 'Give q only once'],
        ['q=tea&prompt=diary', 'invalid-search', 'Choose a prompt: gratitude, celebration, manifestation, memory, or answers (your own prompts).'],
        ['q=tea&order=random', 'invalid-search', 'Choose an order: newest or best.'],
        ['q=tea&from=2026-02-30', 'invalid-range', 'The first day (from) must be a calendar day written as YYYY-MM-DD'],
        ['q=tea&to=yesterday', 'invalid-range', 'The last day (to) must be a calendar day written as YYYY-MM-DD'],
        ['q=tea&from=2026-03-02&to=2026-03-01', 'invalid-range', 'The first day (from) must not be after the last day (to)'],
        ['q=tea&cursor=not-a-cursor', 'invalid-cursor', 'Invalid page cursor'],
        [`q=tea&cursor=${Buffer.from(JSON.stringify({ n: [2 ** 40, 'x', 'y'] })).toString('base64url')}`, 'invalid-cursor', 'Invalid page cursor'],
        [`q=tea&cursor=${Buffer.from(JSON.stringify({ b: -1 })).toString('base64url')}`, 'invalid-cursor', 'Invalid page cursor'],
        [`q=tea&cursor=${'A'.repeat(5000)}`, 'invalid-cursor', 'Invalid page cursor'],
      ] as const) {
        const res = await agent.get(`/api/search?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json, query).toEqual({ code, message });
      }
    });

    it('reads malformed percent-encoding and a huge address as text or refuses it, never a 500', async () => {
      const { agent } = await writer();
      for (const query of ['q=%', 'q=%ZZ', 'q=%ED%A0%80', 'q=%FF%FE', `q=${'%41'.repeat(3000)}`, `q=tea&junk=${'x'.repeat(20_000)}`]) {
        const res = await agent.get(`/api/search?${query}`);
        expect([200, 400, 414], query).toContain(res.status);
      }
    });
  });

  /** The entry ids the index holds, whoever wrote them. */
  async function indexedEntries(): Promise<string[]> {
    if (kind === 'sqlite') {
      const rows = await h.database.db.selectFrom('search_doc').select('entry_id').execute();
      return rows.map((row) => row.entry_id);
    }
    const rows = await h.database.db.selectFrom('search_entry').select('entry_id').execute();
    return rows.map((row) => row.entry_id);
  }
});

describe.each(DATABASE_KINDS)('upgrading a database written before search, on %s', (kind) => {
  let dir: string;
  let testDb: TestDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-search-'));
    testDb = await createTestDatabase(kind, dir);
  });
  afterEach(async () => {
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The database as the migrations before search left it. */
  async function databaseBeforeSearch(): Promise<Kysely<Database>> {
    const settings = testDb.settings;
    const db =
      settings.kind === 'sqlite'
        ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(settings.path) }) })
        : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: settings.url, max: 1 }) }) });
    const names = Object.keys(MIGRATIONS).sort();
    const before = names[names.indexOf('011_search') - 1] ?? '';
    const schema =
      kind === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: () =>
          Promise.resolve(
            Object.fromEntries(names.map((name) => [name, { up: (on: Kysely<unknown>) => (MIGRATIONS[name] ?? (() => Promise.resolve()))(on, kind) }])),
          ),
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;
    return db;
  }

  it('finds the entries written before, in order, and keeps up with those written after', async () => {
    const before = await databaseBeforeSearch();
    const now = new Date().toISOString();
    for (const id of ['ada', 'bob']) {
      await before
        .insertInto('user')
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: kind === 'postgres' ? true : 1, createdAt: now, updatedAt: now } as never)
        .execute();
      await before.insertInto('profile').values({ uid: id, email: `${id}@example.com`, display_name: id, created_at: now, show_memory_section: 1 }).execute();
    }
    const row = (userId: string, id: string, day: string, hour: number, gratitude: string) => ({
      ...blank,
      gratitude,
      memory: '',
      id,
      userId,
      date: `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`,
      updatedAt: now,
      utcOffset: null,
      localDay: dayKeyToNumber(day),
    });
    // Written as the app of that time wrote them: the entry's own columns of then, nothing the later migrations added.
    const written = [
      row('ada', 'a1', '2025-06-01', 10, 'Lavender in the garden'),
      row('ada', 'a2', '2025-06-01', 18, 'More lavender'),
      row('ada', 'a3', '2025-06-02', 9, 'Lavender tea'),
      row('bob', 'b1', '2025-06-03', 9, 'Lavender fields'),
    ];
    await before
      .insertInto('journal_entry')
      .values(
        written.map((entry) => ({
          id: entry.id,
          user_id: entry.userId,
          date: entry.date,
          local_day: entry.localDay,
          gratitude: entry.gratitude,
          celebration: entry.celebration,
          manifestation: entry.manifestation,
          memory: entry.memory,
          updated_at: entry.updatedAt,
          utc_offset: entry.utcOffset,
        })) as never,
      )
      .execute();
    await before.destroy();

    const upgraded = await openDatabase(testDb.settings);
    try {
      const search = new SearchService({ db: upgraded.db, dialect: upgraded.dialect });
      const ids = async (userId: string, q: string) =>
        (await search.search(userId, readSearchRequest({ q: [q] }))).results.map((result) => result.id);
      expect(await ids('ada', 'lav')).toEqual(['a3', 'a2', 'a1']);
      expect(await ids('bob', 'lavender')).toEqual(['b1']);
      // Entries written after the upgrade take their places among them.
      await upgraded.write((trx) => insertEntry(trx, row('ada', 'a4', '2025-06-01', 20, 'Lavender again, later that day')));
      await upgraded.write((trx) => insertEntry(trx, row('ada', 'a5', '2025-06-01', 6, 'Lavender at dawn')));
      expect(await ids('ada', 'lavender')).toEqual(['a3', 'a4', 'a2', 'a1', 'a5']);
    } finally {
      await upgraded.close();
    }
  });
});
