import { describe, expect, it } from 'vitest';
import { characterCountText } from './character-count';

describe('characterCountText', () => {
  it('says nothing under nine tenths of the limit', () => {
    expect(characterCountText(0, 10_000)).toBeNull();
    expect(characterCountText(8_999, 10_000)).toBeNull();
    expect(characterCountText(89, 100)).toBeNull();
  });

  it('says how many are left from nine tenths of the limit, with thousands separated', () => {
    expect(characterCountText(9_000, 10_000)).toBe('1,000 characters left');
    expect(characterCountText(9_188, 10_000)).toBe('812 characters left');
    expect(characterCountText(9_999, 10_000)).toBe('1 character left');
    expect(characterCountText(10_000, 10_000)).toBe('0 characters left');
    expect(characterCountText(90, 100)).toBe('10 characters left');
  });

  it('says by how much a text is over the limit', () => {
    expect(characterCountText(10_001, 10_000)).toBe('1 character over the limit');
    expect(characterCountText(10_012, 10_000)).toBe('12 characters over the limit');
    expect(characterCountText(12_345, 10_000)).toBe('2,345 characters over the limit');
  });

  it('starts at the first whole character of nine tenths of a limit that does not divide by ten', () => {
    expect(characterCountText(8, 9)).toBeNull();
    expect(characterCountText(9, 9)).toBe('0 characters left');
    expect(characterCountText(13, 15)).toBeNull();
    expect(characterCountText(14, 15)).toBe('1 character left');
  });
});
