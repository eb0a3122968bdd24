import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { expectNoConsoleErrors, launchBrowser, openPage } from './browser';
import { type RunningServer, startServer } from './server';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * Runs `test` in a fresh page (its own browser context) on the server, then fails on console errors, but for
   * those `allowErrors` matches (a request the test itself cuts off, say). The context is closed whatever happens.
   */
  withPage(
    test: (page: Page, context: BrowserContext) => Promise<void>,
    options?: { context?: BrowserContextOptions; allowErrors?: RegExp },
  ): Promise<void>;
}

/**
 * One server and one browser for a test file (or a describe block), started before its tests and stopped after
 * them. `env` adds to the server's settings (SIGNUPS=closed, say).
 */
export function serverAndBrowser(env: NodeJS.ProcessEnv = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const suite: Suite = {
    get server() {
      if (!server) throw new Error('the server starts before the tests');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts before the tests');
      return browser;
    },
    async withPage(test, { context: contextOptions, allowErrors } = {}) {
      const { context, page, errors } = await openPage(suite.browser, suite.server.url, contextOptions);
      try {
        await test(page, context);
        expectNoConsoleErrors(allowErrors ? errors.filter((message) => !allowErrors.test(message)) : errors);
      } finally {
        await context.close();
      }
    },
  };
  return suite;
}
