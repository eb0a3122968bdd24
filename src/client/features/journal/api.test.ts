import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryPage } from '../../../shared/entry-schemas';
import { journalApi } from './api';

function page(ids: string[], nextCursor: string | null): Response {
  const entries = ids.map((id) => ({ id, localDate: '2026-11-22', gratitude: id }));
  return new Response(JSON.stringify({ entries, nextCursor } as unknown as EntryPage), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('journalApi.listDay', () => {
  it('follows the cursor until the day is complete', async () => {
    const requested: string[] = [];
    const answers = [page(['c', 'b'], 'after-b'), page(['a'], null)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        requested.push(String(input));
        return answers.shift() ?? page([], null);
      }),
    );
    const day = await journalApi.listDay('2026-11-22');
    expect(day.entries.map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    expect(day.nextCursor).toBeNull();
    expect(requested).toEqual(['/api/entries?day=2026-11-22', '/api/entries?day=2026-11-22&cursor=after-b']);
  });

  it('gives up with an error when a cursor comes back unchanged, instead of asking forever', async () => {
    const fetch = vi.fn(async () => page(['x'], 'stuck'));
    vi.stubGlobal('fetch', fetch);
    await expect(journalApi.listDay('2026-11-22')).rejects.toThrow('The entry list did not advance');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
