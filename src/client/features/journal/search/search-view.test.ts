import { describe, expect, it } from 'vitest';
import { readSearchLocation, searchPath } from './search-view';

const read = (query: string) => readSearchLocation(new URLSearchParams(query));

describe('the search in the URL', () => {
  it('is there only when the URL has a q, even an empty one', () => {
    expect(read('date=2026-03-01')).toBeUndefined();
    expect(read('q=')).toEqual({ q: '', prompt: undefined, from: undefined, to: undefined, order: 'newest' });
  });

  it('reads every filter, and writes back only what differs from the defaults', () => {
    const location = read('q=warm+tea&prompt=memory&from=2026-01-01&to=2026-01-31&order=best');
    expect(location).toEqual({ q: 'warm tea', prompt: 'memory', from: '2026-01-01', to: '2026-01-31', order: 'best' });
    expect(location && searchPath(location)).toBe('/journal?q=warm+tea&prompt=memory&from=2026-01-01&to=2026-01-31&order=best');
    expect(searchPath({ q: 'tea', prompt: undefined, from: undefined, to: undefined, order: 'newest' })).toBe('/journal?q=tea');
  });

  it('leaves out what it cannot read, and reads days the wrong way round the right way', () => {
    expect(read('q=tea&prompt=diary&from=2026-02-30&to=soon&order=random')).toEqual({
      q: 'tea',
      prompt: undefined,
      from: undefined,
      to: undefined,
      order: 'newest',
    });
    expect(read('q=tea&from=2026-03-01&to=2026-01-01')).toMatchObject({ from: '2026-01-01', to: '2026-03-01' });
    expect(read(`q=${'x'.repeat(500)}`)?.q).toHaveLength(200);
  });

  it('keeps any text of the query as it was typed, quotes, symbols and other scripts included', () => {
    const q = '"warm cup" & 感恩 🎉 #1/2?';
    const location = read(new URLSearchParams({ q }).toString());
    expect(location?.q).toBe(q);
    expect(location && read(searchPath(location).split('?')[1] ?? '')?.q).toBe(q);
  });
});
