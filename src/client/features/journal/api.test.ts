import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryPage } from '../../../shared/entry-schemas';
import { journalApi, journalKeys, quotesKnown } from './api';

function page(ids: string[], nextCursor: string | null): Response {
  const entries = ids.map((id) => ({ id, localDate: '2026-11-22', gratitude: id }));
  return new Response(JSON.stringify({ entries, nextCursor } as unknown as EntryPage), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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

describe('quotesKnown, what the journal waits for before it is first drawn', () => {
  const QUOTES = { quotes: [{ quote: 'Begin anywhere.', author: 'John Cage' }] };
  const settled = async (wait: Promise<void>) =>
    Promise.race([wait.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 0))]);

  it('settles as soon as the device’s copy of the quotes is read, without asking the server again', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    // Restoring the device's copy is under way: the journal's first render asked first, and the file is asked for.
    client.getQueryCache().build(client, { queryKey: journalKeys.quotes });
    const wait = quotesKnown(client, 60_000);
    expect(await settled(wait)).toBe(false);
    client.setQueryData(journalKeys.quotes, QUOTES.quotes);
    expect(await settled(wait)).toBe(true);
    // Known already: the next wait is the same settled one, and nothing more is fetched.
    expect(quotesKnown(client, 60_000)).toBe(wait);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks for the file itself, and settles when it fails too (the fallback quote shows)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    await quotesKnown(client, 60_000);
    expect(client.getQueryState(journalKeys.quotes)?.status).toBe('error');
  });

  it('gives up after the time it is given, once for each quotes query: after a sign-out’s cleared cache, it waits again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const client = new QueryClient();
    const wait = quotesKnown(client, 1000);
    let gaveUp = false;
    void wait.then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(gaveUp).toBe(true);
    expect(quotesKnown(client, 1000)).toBe(wait);
    client.removeQueries({ queryKey: journalKeys.quotes });
    expect(quotesKnown(client, 1000)).not.toBe(wait);
  });
});
