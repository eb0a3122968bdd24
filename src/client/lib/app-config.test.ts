import { describe, expect, it } from 'vitest';
import { createAppConfigSource, type AppConfig } from './app-config';

const PAGE: AppConfig = { announcement: 'From the page', demoVideoId: null, signups: 'open' };
const SERVER: AppConfig = { announcement: 'From the server', demoVideoId: null, signups: 'invite' };

/** A server whose answers the test gives, one request at a time. */
function fakeServer() {
  const requests: { resolve: (config: AppConfig) => void; reject: (error: Error) => void }[] = [];
  const fetchConfig = () =>
    new Promise<AppConfig>((resolve, reject) => {
      requests.push({ resolve, reject });
    });
  return { requests, fetchConfig };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the operator's settings", () => {
  it("show the page's copy at once, then the server's answer, asked for once however often confirmed", async () => {
    const server = fakeServer();
    const source = createAppConfigSource(PAGE, server.fetchConfig);
    const seen: (string | undefined)[] = [];
    source.subscribe(() => seen.push(source.state().data?.announcement));
    expect(source.state()).toEqual({ data: PAGE, isError: false });

    source.confirm();
    source.confirm();
    expect(server.requests).toHaveLength(1);
    server.requests[0]?.resolve(SERVER);
    await settle();
    expect(source.state()).toEqual({ data: SERVER, isError: false });
    expect(seen).toEqual(['From the server']);

    source.confirm();
    expect(server.requests).toHaveLength(1);
  });

  it("keep the page's copy when the server cannot be asked, and ask again at the next confirmation", async () => {
    const server = fakeServer();
    const source = createAppConfigSource(PAGE, server.fetchConfig);
    source.confirm();
    server.requests[0]?.reject(new Error('offline'));
    await settle();
    expect(source.state()).toEqual({ data: PAGE, isError: true });

    source.confirm();
    expect(server.requests).toHaveLength(2);
    server.requests[1]?.resolve(SERVER);
    await settle();
    expect(source.state()).toEqual({ data: SERVER, isError: false });
  });

  it('share one request between the calls made while it is on its way', async () => {
    const server = fakeServer();
    const source = createAppConfigSource(undefined, server.fetchConfig);
    const first = source.refetch();
    const second = source.refetch();
    source.confirm();
    expect(server.requests).toHaveLength(1);
    server.requests[0]?.resolve(SERVER);
    await Promise.all([first, second]);
    expect(source.state().data).toEqual(SERVER);
  });

  it('rendered ahead of time, are what they were given and ask nobody', async () => {
    const source = createAppConfigSource(PAGE);
    source.confirm();
    await source.refetch();
    expect(source.state()).toEqual({ data: PAGE, isError: false });
  });
});
