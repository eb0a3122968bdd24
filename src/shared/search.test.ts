import { describe, expect, it } from 'vitest';
import {
  fold,
  foldText,
  makeSnippet,
  matchEntry,
  parseSearchQuery,
  SEARCH_MAX_QUERY_LENGTH,
  SearchQueryError,
  type SearchableEntry,
  toSearchResult,
} from './search';

function entry(text: Partial<SearchableEntry>): SearchableEntry {
  return {
    id: 'a',
    localDate: '2026-03-15',
    date: '2026-03-15T12:00:00.000Z',
    gratitude: '',
    celebration: '',
    manifestation: '',
    memory: '',
    ...text,
  };
}

/** Whether the query finds an entry whose gratitude is `text`. */
function finds(query: string, text: string): boolean {
  return matchEntry(entry({ gratitude: text }), parseSearchQuery(query)) !== undefined;
}

/** The stretches of `text` a query marks. */
function marked(query: string, text: string): string[] {
  const match = matchEntry(entry({ gratitude: text }), parseSearchQuery(query));
  return (match?.fields[0]?.ranges ?? []).map(([from, to]) => text.slice(from, to));
}

describe('folding', () => {
  it('lowers every letter on its own and takes the accents off Latin letters only', () => {
    expect(fold('Café CRÈME Ångström')).toBe('cafe creme angstrom');
    expect(fold('ΣΟΦΙΑΣ καλημέρα')).toBe('σοφιασ καλημέρα');
    expect(fold('İstanbul')).toBe('istanbul');
    expect(fold('שָׁלוֹם')).toBe('שָׁלוֹם');
  });

  it('folds decomposed and composed accents alike, and maps each folded character back to the text', () => {
    const decomposed = 'Cafe\u0301 ok';
    const folded = foldText(decomposed);
    expect(folded.text).toBe('cafe ok');
    // The "e" of the folded text came from "e" and its accent.
    expect(folded.start?.[3]).toBe(3);
    expect(folded.end?.[3]).toBe(5);
  });
});

describe('reading a query', () => {
  it('takes words in any letter case, without accents', () => {
    expect(parseSearchQuery('  Grat CAFÉ ')).toEqual([
      { kind: 'word', text: 'grat' },
      { kind: 'word', text: 'cafe' },
    ]);
  });

  it('reads double quotes as a phrase, also typographic ones, and an open quote up to the end', () => {
    expect(parseSearchQuery('"warm cup" tea')).toEqual([
      { kind: 'phrase', words: ['warm', 'cup'], open: false },
      { kind: 'word', text: 'tea' },
    ]);
    expect(parseSearchQuery('“long walk”')).toEqual([{ kind: 'phrase', words: ['long', 'walk'], open: false }]);
    expect(parseSearchQuery('tea "warm cu')).toEqual([
      { kind: 'word', text: 'tea' },
      { kind: 'phrase', words: ['warm', 'cu'], open: true },
    ]);
  });

  it('treats operators and punctuation as spaces, and finds nothing to search in punctuation alone', () => {
    expect(parseSearchQuery('tea AND -coffee* NEAR(x) ^y:z')).toEqual(
      ['tea', 'and', 'coffee', 'near', 'x', 'y', 'z'].map((text) => ({ kind: 'word', text })),
    );
    expect(parseSearchQuery('a\u0000b')).toEqual([
      { kind: 'word', text: 'a' },
      { kind: 'word', text: 'b' },
    ]);
    for (const query of ['', '   ', '!!! ... ,,,', '""', '"']) {
      expect(() => parseSearchQuery(query)).toThrow(new SearchQueryError('empty'));
    }
  });

  it('reads text in scripts without spaces, and emoji, as characters to find anywhere', () => {
    expect(parseSearchQuery('感恩 🎉')).toEqual([
      { kind: 'text', text: '感恩' },
      { kind: 'text', text: '🎉' },
    ]);
    expect(parseSearchQuery('שלום مرحبا')).toEqual([
      { kind: 'word', text: 'שלום' },
      { kind: 'word', text: 'مرحبا' },
    ]);
  });

  it('refuses a query over the length limit or with too many words', () => {
    expect(() => parseSearchQuery('a'.repeat(SEARCH_MAX_QUERY_LENGTH + 1))).toThrow(new SearchQueryError('too-long'));
    expect(() => parseSearchQuery('a b c d e f g h i j k')).toThrow(new SearchQueryError('too-many-terms'));
    // The same word twice is one word.
    expect(parseSearchQuery('tea tea TEA')).toEqual([{ kind: 'word', text: 'tea' }]);
  });
});

describe('matching', () => {
  it('finds words in any order and any letter case, each as the beginning of a word', () => {
    expect(finds('walk LONG', 'A long walk by the river')).toBe(true);
    expect(finds('grat', 'So grateful today')).toBe(true);
    expect(finds('rateful', 'So grateful today')).toBe(false);
    expect(finds('tea coffee', 'Tea in the morning')).toBe(false);
  });

  it('folds accents both ways', () => {
    expect(finds('cafe', 'Le café du coin')).toBe(true);
    expect(finds('café', 'cafe au lait')).toBe(true);
    expect(finds('resume', 'My re\u0301sume\u0301 is done')).toBe(true);
  });

  it('finds a phrase only as whole words one after the other, across punctuation and line breaks', () => {
    expect(finds('"warm cup"', 'a warm,\ncup of tea')).toBe(true);
    expect(finds('"cup warm"', 'a warm cup of tea')).toBe(false);
    expect(finds('"warm cu"', 'a warm cup of tea')).toBe(false);
    expect(finds('"warm cu', 'a warm cup of tea')).toBe(true);
    expect(finds('"tea"', 'teapot')).toBe(false);
    expect(finds('"tea"', 'a teapot of tea')).toBe(true);
  });

  it('finds Hebrew, Arabic, Chinese inside a sentence, and emoji', () => {
    expect(finds('שלום', 'אמרתי שלום לשכנה')).toBe(true);
    expect(finds('مرحبا', 'قلت مرحبا لجارتي')).toBe(true);
    expect(finds('感恩', '我今天很感恩家人')).toBe(true);
    expect(finds('家人', '我今天很感恩家人')).toBe(true);
    expect(finds('🎉', 'Party🎉time')).toBe(true);
    expect(finds('👩🏽‍🚀', 'The astronaut 👩🏽‍🚀 landed')).toBe(true);
    expect(finds('🎂', 'Party🎉time')).toBe(false);
  });

  it('looks only in the prompt asked for', () => {
    const written = entry({ gratitude: 'tea', celebration: 'cake' });
    expect(matchEntry(written, parseSearchQuery('cake'), 'celebration')).toBeDefined();
    expect(matchEntry(written, parseSearchQuery('cake'), 'gratitude')).toBeUndefined();
    // Words may be spread over the prompts, unless one is asked for.
    expect(matchEntry(written, parseSearchQuery('tea cake'))).toBeDefined();
    expect(matchEntry(written, parseSearchQuery('tea cake'), 'gratitude')).toBeUndefined();
  });

  it('marks whole words, in the text as written', () => {
    expect(marked('grat', 'Grateful, so GRATEFUL.')).toEqual(['Grateful', 'GRATEFUL']);
    expect(marked('cafe', 'Le Café\u0301!')).toEqual(['Café\u0301']);
    expect(marked('"warm cup"', 'a warm  cup')).toEqual(['warm  cup']);
    expect(marked('感恩', '我很感恩')).toEqual(['感恩']);
  });

  it('ranks an entry that says the words more often, and whole, above one that only begins them', () => {
    const query = parseSearchQuery('tea');
    const often = matchEntry(entry({ gratitude: 'tea, more tea, and tea again' }), query);
    const once = matchEntry(entry({ gratitude: 'tea once among many other words of the day' }), query);
    const begun = matchEntry(entry({ gratitude: 'teapot' }), query);
    expect(often?.score).toBeGreaterThan(once?.score ?? Infinity);
    expect(matchEntry(entry({ gratitude: 'tea' }), query)?.score).toBeGreaterThan(begun?.score ?? Infinity);
  });
});

describe('snippets', () => {
  it('shows a short text whole, with its matches', () => {
    expect(makeSnippet('A warm cup', [[2, 6]])).toEqual({ snippet: 'A warm cup', highlights: [[2, 6]] });
  });

  it('cuts a long text around the first match at spaces, with ellipses, and moves the highlights with it', () => {
    const text = `${'word '.repeat(40)}grateful ${'more '.repeat(60)}`;
    const at = text.indexOf('grateful');
    const { snippet, highlights } = makeSnippet(text, [[at, at + 8]]);
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(182);
    const [[from, to]] = highlights as [[number, number]];
    expect(snippet.slice(from, to)).toBe('grateful');
  });

  it('never splits an emoji or a letter from its accent', () => {
    // With the 'a', the window would begin on the second half of an emoji.
    const text = `a${'🎉'.repeat(60)}x${'e\u0301'.repeat(200)}`;
    const at = text.indexOf('x');
    const { snippet } = makeSnippet(text, [[at, at + 1]]);
    const inner = snippet.replace(/^…|…$/g, '');
    // Half of a surrogate pair is the only thing a `u` regex reads as a surrogate.
    expect(/\p{Cs}/u.test(inner)).toBe(false);
    expect(inner.startsWith('\u0301')).toBe(false);
    expect(inner.endsWith('e')).toBe(false);
  });

  it('takes the snippet from the prompt with the most matches and names every prompt that matched', () => {
    const written = entry({ gratitude: 'tea', celebration: 'tea and more tea', memory: 'tea' });
    const match = matchEntry(written, parseSearchQuery('tea'));
    expect(match && toSearchResult(written, match)).toMatchObject({
      prompt: 'celebration',
      prompts: ['gratitude', 'celebration', 'memory'],
      snippet: 'tea and more tea',
      highlights: [
        [0, 3],
        [13, 16],
      ],
    });
  });
});
