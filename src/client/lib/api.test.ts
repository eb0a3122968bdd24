import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, probeServer } from './api';
import { connection } from './connection/connection-state';
import { ONLINE_TIMEOUT_MS } from './constants';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that never answers, but gives up when its signal aborts, as the browser's does. */
function silentServer(): typeof fetch {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
}

beforeEach(() => connection.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the data connection state (docs/product.md §4)', () => {
  it('is Unknown before any request', () => {
    expect(connection.state()).toBe('unknown');
  });

  it('turns Online on any answer, errors included', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(403, { code: 'forbidden', message: 'Forbidden' })));
    await expect(apiRequest('GET', '/api/entries?day=2026-11-22')).rejects.toMatchObject({ status: 403 });
    expect(connection.state()).toBe('online');
  });

  it('turns Offline when a request cannot reach the server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const failure = await apiRequest('GET', '/api/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network-request-failed' });
    expect(connection.state()).toBe('offline');
  });

  it('turns Offline, and gives up the request, when the server does not answer within the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(silentServer()));
    const request = apiRequest('GET', '/api/stats').catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(ONLINE_TIMEOUT_MS - 1);
    expect(connection.state()).toBe('unknown');
    await vi.advanceTimersByTimeAsync(1);
    expect(await request).toMatchObject({ status: 0, code: 'network-request-failed' });
    expect(connection.state()).toBe('offline');
  });

  it('turns Online again when the server answers a probe', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await probeServer()).toBe(false);
    expect(connection.state()).toBe('offline');

    const listener = vi.fn();
    connection.subscribe(listener);
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { status: 'ok' })));
    expect(await probeServer()).toBe(true);
    expect(connection.state()).toBe('online');
    expect(listener).toHaveBeenCalledWith('online');
  });
});
