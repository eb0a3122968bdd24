import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('answers only the same user, journal version and question', () => {
    const cache = new ReadCache(10_000);
    cache.set('ann', 3, 'day 2026-03-15', '{"entries":[1]}');
    expect(cache.get('ann', 3, 'day 2026-03-15')).toBe('{"entries":[1]}');
    expect(cache.get('ann', 4, 'day 2026-03-15')).toBeUndefined();
    expect(cache.get('ann', 3, 'day 2026-03-16')).toBeUndefined();
    expect(cache.get('bob', 3, 'day 2026-03-15')).toBeUndefined();
  });

  it('drops a user’s answers when their journal changes, and never goes back to an older version', () => {
    const cache = new ReadCache(10_000);
    cache.set('ann', 1, 'a', 'old a');
    cache.set('ann', 1, 'b', 'old b');
    cache.set('ann', 2, 'a', 'new a');
    expect(cache.get('ann', 2, 'a')).toBe('new a');
    expect(cache.get('ann', 1, 'b')).toBeUndefined();
    // A read that began before the change finishes late: its older answer is not kept.
    cache.set('ann', 1, 'b', 'late b');
    expect(cache.get('ann', 1, 'b')).toBeUndefined();
    expect(cache.get('ann', 2, 'a')).toBe('new a');
    expect(cache.bytes).toBe('a'.length + 'new a'.length);
  });

  it('stays within its memory bound by dropping the least recently used users', () => {
    const cache = new ReadCache(30);
    cache.set('ann', 1, 'k', 'x'.repeat(9)); // 10 characters with the key
    cache.set('bob', 1, 'k', 'x'.repeat(9));
    cache.set('cat', 1, 'k', 'x'.repeat(9));
    expect(cache.get('ann', 1, 'k')).toBeDefined(); // ann is now the most recently used
    cache.set('dan', 1, 'k', 'x'.repeat(9));
    expect(cache.bytes).toBeLessThanOrEqual(30);
    expect(cache.get('bob', 1, 'k')).toBeUndefined();
    expect(cache.get('ann', 1, 'k')).toBeDefined();
    expect(cache.get('cat', 1, 'k')).toBeDefined();
    expect(cache.get('dan', 1, 'k')).toBeDefined();
  });

  it('replaces an answer to the same question without counting it twice', () => {
    const cache = new ReadCache(100);
    cache.set('ann', 1, 'k', 'first');
    cache.set('ann', 1, 'k', 'second');
    expect(cache.get('ann', 1, 'k')).toBe('second');
    expect(cache.bytes).toBe('k'.length + 'second'.length);
  });

  it('keeps a bounded number of answers per user', () => {
    const cache = new ReadCache(10_000, 2);
    cache.set('ann', 1, 'a', '1');
    cache.set('ann', 1, 'b', '2');
    cache.set('ann', 1, 'b', '2 again');
    expect(cache.get('ann', 1, 'a')).toBe('1');
    cache.set('ann', 1, 'c', '3');
    expect(cache.get('ann', 1, 'c')).toBe('3');
    expect(cache.get('ann', 1, 'a')).toBeUndefined();
  });

  it('keeps nothing with a bound of 0, or an answer larger than the bound', () => {
    const off = new ReadCache(0);
    off.set('ann', 1, 'k', '{}');
    expect(off.get('ann', 1, 'k')).toBeUndefined();
    expect(off.bytes).toBe(0);
    const small = new ReadCache(10);
    small.set('ann', 1, 'k', 'x'.repeat(20));
    expect(small.get('ann', 1, 'k')).toBeUndefined();
    expect(small.bytes).toBe(0);
  });
});
