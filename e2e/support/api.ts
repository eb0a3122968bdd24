import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { localDayKey } from '../../src/shared/dates';
import type { EntryPage } from '../../src/shared/entry-schemas';
import type { RunningServer } from './server';

export const API_PASSWORD = 'Grateful#2026';

/** JSON over HTTP from the app's own origin, with an optional session cookie. */
export async function apiRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');
}

/** Signs up through `server`, verifies with the emailed link, signs in, and returns the session cookie. */
export async function signedInUser(
  server: Pick<RunningServer, 'url' | 'waitForMail'>,
  email: string,
  password = API_PASSWORD,
): Promise<{ cookie: string; userId: string }> {
  const signUp = await apiRequest(server.url, 'POST', '/api/auth/sign-up', { body: { name: 'Test', email, password } });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const mail = await server.waitForMail(email);
  const oobCode = new URL(mail.link).searchParams.get('oobCode');
  const verified = await apiRequest(server.url, 'POST', '/api/auth/verify-email', { body: { oobCode } });
  if (verified.status !== 200) throw new Error(`verifying the email failed: ${verified.status} ${await verified.text()}`);
  const res = await apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const body = (await res.json()) as { user: { id: string } };
  // The welcome of the first sign-in is a test of its own (welcome.e2e.ts).
  const marked = await apiRequest(server.url, 'PATCH', '/api/profile', { body: { welcomeSeen: true }, cookie: sessionCookie(res) });
  if (marked.status !== 200) throw new Error(`marking the welcome failed: ${marked.status}`);
  return { cookie: sessionCookie(res), userId: body.user.id };
}

/** A browser context signed in as a new, verified account, with nothing of the app's on the device yet. */
export async function signInContext(
  server: Pick<RunningServer, 'url' | 'waitForMail'>,
  context: BrowserContext,
  email: string,
): Promise<void> {
  const { cookie } = await signedInUser(server, email);
  const url = new URL(server.url);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: url.hostname, path: '/' };
    }),
  );
}

/**
 * Stores an entry through the API with a signed-in page's session, as if written earlier today (or on `localDate`,
 * which the server takes within a day of its own); throws unless the server answers 201. The page must be on the
 * app: its origin goes with the write, as a browser's would.
 */
export async function createEntryViaApi(
  page: Page,
  content: { gratitude: string; celebration?: string; manifestation?: string; mood?: number; tags?: string[] },
  localDate = localDayKey(new Date()),
): Promise<void> {
  const response = await page.request.post('/api/entries', {
    // A browser sends Origin on every write; the server refuses writes without it.
    headers: { origin: new URL(page.url()).origin },
    data: {
      id: randomUUID(),
      content: { celebration: '', manifestation: '', ...content },
      localDate,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`creating an entry failed: ${response.status()} ${await response.text()}`);
  }
}

/** Today's entries as the server holds them, read with the page's session. */
export async function todaysEntries(page: Page): Promise<EntryPage['entries']> {
  const response = await page.request.get(`/api/entries?day=${localDayKey(new Date())}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as EntryPage).entries;
}
