import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import { SEARCH_PAGE_SIZE } from '../../../../shared/search';
import { journalKeys } from '../api';
import type { PendingWrite } from '../sync/outbox';
import { entriesOnDevice, searchOnDevice } from './offline-search';
import { NEW_SEARCH } from './search-view';

function entry(id: string, localDate: string, text: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id,
    userId: 'u',
    localDate,
    date: `${localDate}T12:00:00.000Z`,
    utcOffset: 0,
    updatedAt: `${localDate}T12:00:00.000Z`,
    gratitude: '',
    celebration: '',
    manifestation: '',
    memory: '',
    ...text,
  };
}

const search = (entries: JournalEntry[], q: string, more: Partial<typeof NEW_SEARCH> = {}, cursor: string | null = null) =>
  searchOnDevice(entries, { ...NEW_SEARCH, q, ...more }, cursor);

describe('the entries on this device', () => {
  it('are those of every cached day and month list, each once, in its newest form', () => {
    const client = new QueryClient();
    client.setQueryData(journalKeys.day('2026-03-01'), { entries: [entry('a', '2026-03-01', { gratitude: 'old text' })], nextCursor: null });
    client.setQueryData(journalKeys.month('2026-03'), {
      pages: [
        { entries: [entry('a', '2026-03-01', { gratitude: 'new text', updatedAt: '2026-03-02T00:00:00.000Z' })], nextCursor: 'x' },
        { entries: [entry('b', '2026-03-05')], nextCursor: null },
      ],
      pageParams: [null, 'x'],
    });
    // Other answers are not entries, and what is not an entry is left out.
    client.setQueryData(journalKeys.statsFor('2026-03-01'), { monthlyCount: 2 });
    client.setQueryData(journalKeys.day('2026-03-09'), { entries: [{ id: 'broken' }], nextCursor: null });
    const entries = entriesOnDevice(client, []);
    expect(entries.map((e) => [e.id, e.gratitude]).sort()).toEqual([
      ['a', 'new text'],
      ['b', ''],
    ]);
  });

  it('include writes that wait to be sent: new entries, edits, and not deleted ones', () => {
    const client = new QueryClient();
    client.setQueryData(journalKeys.day('2026-03-01'), {
      entries: [entry('a', '2026-03-01', { gratitude: 'before' }), entry('b', '2026-03-01', { gratitude: 'doomed' })],
      nextCursor: null,
    });
    const content = { gratitude: 'written offline', celebration: '', manifestation: '' };
    const pending: PendingWrite[] = [
      { opId: '1', kind: 'create', id: 'c', content, localDate: '2026-03-02', writtenAt: '2026-03-02T08:00:00.000Z' },
      { opId: '2', kind: 'update', id: 'a', content: { ...content, gratitude: 'after' }, localDate: '2026-03-01' },
      { opId: '3', kind: 'delete', id: 'b' },
    ];
    const entries = entriesOnDevice(client, pending);
    expect(search(entries, 'offline').results.map((result) => result.id)).toEqual(['c']);
    expect(search(entries, 'after').results.map((result) => result.id)).toEqual(['a']);
    expect(search(entries, 'before').results).toEqual([]);
    expect(search(entries, 'doomed').results).toEqual([]);
  });
});

describe('searching on this device', () => {
  it('reads #family as the tag, as the server does: typed or a chip, alone or with words', () => {
    const entries = [
      entry('typed', '2026-03-03', { gratitude: 'Dinner with the #Family', tags: ['family'] }),
      entry('chip', '2026-03-02', { gratitude: 'A quiet evening', tags: ['family'] }),
      entry('word', '2026-03-01', { gratitude: 'My family name' }),
    ];
    expect(search(entries, '#family').results.map((result) => result.id)).toEqual(['typed', 'chip']);
    expect(search(entries, '#family quiet').results.map((result) => result.id)).toEqual(['chip']);
    expect(search(entries, 'family').results.map((result) => result.id)).toEqual(['typed', 'word']);
  });

  it('finds #family typed in an answer to the writer’s own prompts, and names that prompt’s wording', () => {
    const answers = [
      { prompt: 'What went well?', answer: 'A walk' },
      { prompt: 'Who helped?', answer: 'The #Family, all day' },
    ];
    const entries = [
      entry('own', '2026-03-03', { answers, tags: ['family'] }),
      entry('chip', '2026-03-02', { answers: [{ prompt: 'Who helped?', answer: 'Nobody' }], tags: ['family'] }),
    ];
    const found = search(entries, '#family').results;
    expect(found.map((result) => [result.id, result.prompt, result.promptWording, result.snippet])).toEqual([
      ['own', 'answers', 'Who helped?', 'The #Family, all day'],
      // A chip alone: shown by the entry's first answer.
      ['chip', 'answers', 'Who helped?', 'Nobody'],
    ]);
    const underWording = (wording: string) =>
      search(entries, '#family', { prompt: 'answers', wording }).results.map((result) => result.id);
    expect(underWording('Who helped?')).toEqual(['own']);
    expect(underWording('What went well?')).toEqual([]);
  });

  const entries = [
    entry('tea1', '2026-01-10', { gratitude: 'Tea with Ada' }),
    entry('tea2', '2026-02-10', { memory: 'tea, tea and more tea' }),
    entry('cafe', '2026-03-10', { celebration: 'Le Café du coin' }),
    entry('zh', '2026-03-11', { manifestation: '我今天很感恩家人' }),
  ];

  it('finds by the same rules as the server: prefixes, accents, phrases, scripts', () => {
    expect(search(entries, 'te').results.map((r) => r.id)).toEqual(['tea2', 'tea1']);
    expect(search(entries, 'CAFE').results.map((r) => r.id)).toEqual(['cafe']);
    expect(search(entries, '"with ada"').results.map((r) => r.id)).toEqual(['tea1']);
    expect(search(entries, '感恩').results.map((r) => r.id)).toEqual(['zh']);
    expect(search(entries, 'coffee').results).toEqual([]);
  });

  it('filters by prompt and by days, both included, and orders by best match', () => {
    expect(search(entries, 'tea', { prompt: 'memory' }).results.map((r) => r.id)).toEqual(['tea2']);
    expect(search(entries, 'tea', { from: '2026-01-10', to: '2026-01-10' }).results.map((r) => r.id)).toEqual(['tea1']);
    expect(search(entries, 'tea', { order: 'best' }).results.map((r) => r.id)).toEqual(['tea2', 'tea1']);
  });

  it('answers like the server: the prompt, the snippet and its highlights, and says how many entries it searched', () => {
    const page = search(entries, 'tea', { prompt: 'gratitude' });
    expect(page).toEqual({
      results: [{ id: 'tea1', localDate: '2026-01-10', date: '2026-01-10T12:00:00.000Z', prompt: 'gratitude', prompts: ['gratitude'], snippet: 'Tea with Ada', highlights: [[0, 3]] }],
      nextCursor: null,
      searched: 4,
    });
  });

  it('pages through many results without losing or repeating one', () => {
    const many = Array.from({ length: 45 }, (_, i) => entry(`e${String(i).padStart(2, '0')}`, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, { gratitude: 'rain' }));
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = search(many, 'rain', {}, cursor);
      expect(page.results.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
      ids.push(...page.results.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual([...ids].sort((a, b) => {
      const [x, y] = [many.find((e) => e.id === a), many.find((e) => e.id === b)];
      return (y?.localDate ?? '').localeCompare(x?.localDate ?? '') || b.localeCompare(a);
    }));
  });
});
