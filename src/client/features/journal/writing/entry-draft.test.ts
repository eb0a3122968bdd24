import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/constants';
import { clearDraft, keepDraft, readDraft, type EntryDraft } from './entry-draft';

const saved = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => saved.set(key, value),
    removeItem: (key: string) => saved.delete(key),
  },
});

const draft: EntryDraft = {
  userId: 'user-1',
  day: '2026-11-23',
  id: '0b7c1f9e-4a51-4d8e-9a43-6f1f2b7d9c10',
  values: { gratitude: 'Tea in the garden', celebration: '', manifestation: '', memory: '' },
};

describe('entry drafts', () => {
  beforeEach(() => saved.clear());

  it('gives a draft back to its writer on the same day only', () => {
    keepDraft(draft);
    expect(readDraft('user-1', '2026-11-23')).toEqual(draft);
    expect(readDraft('user-2', '2026-11-23')).toBeNull();
    expect(readDraft('user-1', '2026-11-24')).toBeNull();
  });

  it('keeps nothing for a blank entry, and a blank entry replaces an earlier draft', () => {
    keepDraft(draft);
    keepDraft({ ...draft, values: { gratitude: '  ', celebration: '\n', manifestation: '', memory: '' } });
    expect(saved.has(STORAGE_KEYS.entryDraft)).toBe(false);
    expect(readDraft('user-1', '2026-11-23')).toBeNull();
  });

  it('keeps a draft of the writer’s own prompts with their wording, and nothing while no answer is written', () => {
    const blank = { ...draft, values: { gratitude: '', celebration: '', manifestation: '', memory: '' } };
    const answers = [
      { prompt: 'Today in one line...', answer: '' },
      { prompt: 'Why?', answer: 'Because it rained' },
    ];
    keepDraft({ ...blank, answers });
    expect(readDraft('user-1', '2026-11-23')).toEqual({ ...blank, answers });
    keepDraft({ ...blank, answers: answers.map((answer) => ({ ...answer, answer: ' ' })) });
    expect(readDraft('user-1', '2026-11-23')).toBeNull();
    saved.set(STORAGE_KEYS.entryDraft, JSON.stringify({ ...draft, answers: 'Why?' }));
    expect(readDraft('user-1', '2026-11-23')).toBeNull();
  });

  it('keeps the photos uploaded so far with their sizes, in order, and no list that is not of photos', () => {
    const photos = [
      { id: 'Qm9vbWVyYW5nLXBob3RvLTE', width: 2048, height: 1536, thumbWidth: 480, thumbHeight: 360 },
      { id: 'Qm9vbWVyYW5nLXBob3RvLTI', width: 600, height: 800, thumbWidth: 360, thumbHeight: 480 },
    ];
    keepDraft({ ...draft, tags: ['garden'], photos });
    expect(readDraft('user-1', '2026-11-23')).toEqual({ ...draft, tags: ['garden'], photos });
    for (const wrong of [[{ id: 'x' }], [{ ...photos[0], width: -1 }], 'photo', Array(11).fill(photos[0])]) {
      saved.set(STORAGE_KEYS.entryDraft, JSON.stringify({ ...draft, photos: wrong }));
      expect(readDraft('user-1', '2026-11-23')).toBeNull();
    }
  });

  it('forgets a draft when asked', () => {
    keepDraft(draft);
    clearDraft();
    expect(readDraft('user-1', '2026-11-23')).toBeNull();
  });

  it('ignores stored text that is not a draft', () => {
    for (const value of ['not json', 'null', '{"userId":"user-1","day":"2026-11-23","id":"x","values":{"gratitude":1}}']) {
      saved.set(STORAGE_KEYS.entryDraft, value);
      expect(readDraft('user-1', '2026-11-23')).toBeNull();
    }
  });
});
