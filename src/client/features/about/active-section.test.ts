import { describe, expect, it } from 'vitest';
import { activeSectionId } from './active-section';

const OFFSET = 100;

describe('activeSectionId', () => {
  it('is undefined while every section is further down than the offset', () => {
    expect(activeSectionId([{ id: 'a', top: 240 }, { id: 'b', top: 900 }], OFFSET)).toBeUndefined();
  });

  it('is the last section whose top is within the offset of the viewport top', () => {
    const sections = [
      { id: 'a', top: -800 },
      { id: 'b', top: -20 },
      { id: 'c', top: 100 },
      { id: 'd', top: 101 },
    ];
    expect(activeSectionId(sections, OFFSET)).toBe('c');
  });

  it('is the last section once the page is scrolled to its end', () => {
    const sections = [
      { id: 'a', top: -900 },
      { id: 'b', top: 40 },
      { id: 'c', top: 420 },
    ];
    expect(activeSectionId(sections, OFFSET, true)).toBe('c');
    expect(activeSectionId(sections, OFFSET, false)).toBe('b');
  });

  it('is undefined when there are no sections', () => {
    expect(activeSectionId([], OFFSET, true)).toBeUndefined();
  });
});
