import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlighting a snippet', () => {
  it('cuts the snippet into plain and marked stretches at the offsets', () => {
    expect(highlightSegments('A warm cup of tea', [[2, 6], [14, 17]])).toEqual([
      { text: 'A ', marked: false },
      { text: 'warm', marked: true },
      { text: ' cup of ', marked: false },
      { text: 'tea', marked: true },
    ]);
  });

  it('keeps markup in the text as text: the stretches put back together are the snippet', () => {
    const snippet = '<img src=x onerror=alert(1)> and <b>tea</b>';
    const at = snippet.indexOf('tea');
    const segments = highlightSegments(snippet, [[at, at + 3]]);
    expect(segments.map((segment) => segment.text).join('')).toBe(snippet);
    expect(segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(['tea']);
  });

  it('leaves out offsets outside the snippet, empty and reversed ones, and trims overlaps', () => {
    expect(highlightSegments('tea time', [[-5, 3], [4, 99], [2, 2], [6, 5], [1, 2]])).toEqual([
      { text: 'tea', marked: true },
      { text: ' ', marked: false },
      { text: 'time', marked: true },
    ]);
  });

  it('gives the whole snippet unmarked without offsets, and nothing for an empty one', () => {
    expect(highlightSegments('just text', [])).toEqual([{ text: 'just text', marked: false }]);
    expect(highlightSegments('', [[0, 3]])).toEqual([]);
  });

  it('marks text in any script and emoji by the same offsets', () => {
    const snippet = 'אמרתי שלום 🎉 我很感恩';
    const segments = highlightSegments(snippet, [[6, 10], [11, 13], [16, 18]]);
    expect(segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(['שלום', '🎉', '感恩']);
  });
});
