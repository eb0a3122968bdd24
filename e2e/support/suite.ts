import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** One server and one browser for a test file: started before its tests, stopped after them. */
export function serverAndBrowser(): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts before the tests');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts before the tests');
      return browser;
    },
  };
}
