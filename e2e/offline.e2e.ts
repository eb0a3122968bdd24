import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, localDayKey, monthKeyOf } from '../src/shared/dates';
import type { EntryPage } from '../src/shared/entry-schemas';
import { createAccount, signIn } from './support/accounts';
import { createEntryViaApi } from './support/api';
import { appStarted, gone, visible } from './support/browser';
import { IPHONE } from './support/devices';
import { ADD_ANOTHER, ADD_ANY_ENTRY, ADD_ENTRY } from './support/journal';
import { NETWORK_FAILURE, readOfflineCopy, waitForOfflineCopy, waitForServiceWorker } from './support/offline';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const OFFLINE = 'Offline — changes will sync';
const WAITING = 'Waiting to sync';

/**
 * Chromium logs every request that fails for want of a network ("net::ERR_INTERNET_DISCONNECTED", an aborted
 * route's "net::ERR_FAILED"). Offline those failures are the point of the test; any other error still fails it.
 */

type Account = Awaited<ReturnType<typeof createAccount>>;

/** A fresh verified account, signed in through the login screen, on today's journal. */
async function withJournal(
  test: (page: Page, context: BrowserContext, account: Account) => Promise<void>,
  contextOptions: BrowserContextOptions = {},
): Promise<void> {
  const account = await createAccount(suite.server);
  await suite.withPage(
    async (page, context) => {
      await signIn(page, account.email, account.password);
      await visible(page.getByRole('button', { name: ADD_ENTRY }));
      await test(page, context, account);
    },
    { allowErrors: NETWORK_FAILURE, context: contextOptions },
  );
}

async function entriesOnServer(page: Page): Promise<EntryPage['entries']> {
  const response = await page.request.get(`/api/entries?day=${localDayKey(new Date())}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as EntryPage;
  return body.entries;
}

/** Writes today's entry: the first of the day, or another. */
async function writeEntry(page: Page, gratitude: string): Promise<void> {
  await page.getByRole('button', { name: ADD_ANY_ENTRY }).click();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await page.getByLabel('I am grateful for...').fill(gratitude);
  await page.getByRole('button', { name: 'Save Entry' }).click();
}

/** The width and height a PNG declares in its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('offline', () => {
  it('is installable: a linked, valid manifest and a service worker that controls the page', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/');
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(manifestHref).toBeTruthy();
      const manifestResponse = await page.request.get(manifestHref ?? '');
      expect(manifestResponse.status()).toBe(200);
      expect(manifestResponse.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
      expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
      const manifest = (await manifestResponse.json()) as {
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      } & Record<string, unknown>;
      expect(manifest).toMatchObject({
        name: 'Gratitude Journal',
        short_name: 'Gratitude',
        start_url: '/journal',
        scope: '/',
        display: 'standalone',
        theme_color: '#3f7f7a',
        background_color: '#f5ecdd',
      });
      expect(typeof manifest.description).toBe('string');

      for (const purpose of ['any', 'maskable']) {
        for (const size of [192, 512]) {
          const icon = manifest.icons.find((candidate) => candidate.purpose === purpose && candidate.sizes === `${size}x${size}`);
          expect(icon, `${purpose} icon ${size}`).toBeDefined();
          const image = await page.request.get(icon?.src ?? '');
          expect(image.status()).toBe(200);
          expect(image.headers()['content-type']).toBe('image/png');
          expect(pngSize(await image.body())).toEqual({ width: size, height: size });
        }
      }
      const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect(pngSize(await (await page.request.get(appleIcon ?? '')).body())).toEqual({ width: 180, height: 180 });
      expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);

      // The CSP allows no inline script: every script of the page is a file.
      const html = await (await page.request.get('/')).text();
      expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc=/.test(tag))).toBe(true);

      await waitForServiceWorker(page);
      const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(worker).toBe(`${suite.server.url}/sw.js`);
      const workerResponse = await page.request.get('/sw.js');
      expect(workerResponse.headers()['cache-control']).toBe('no-cache');
    });
  });

  it('installs itself for offline use once the connection is back, when it went before the app could', async () => {
    await suite.withPage(
      async (page, context) => {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        let asked = 0;
        await page.route(/\/assets\/virtual_pwa-register-[\w-]+\.js$/, async (route) => {
          asked += 1;
          if (asked > 1) return route.continue();
          await released;
          return route.abort('internetdisconnected');
        });
        await page.goto('/');
        // The app asks for the code that installs it, and the connection goes before that code arrives.
        await expect.poll(() => asked).toBe(1);
        await context.setOffline(true);
        release();
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((found) => found.length))).toBe(0);

        await context.setOffline(false);
        await expect.poll(() => asked).toBe(2);
        await waitForServiceWorker(page);
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });

  it('opens the journal offline, signed in, with the entries and stats seen before', async () => {
    await withJournal(async (page, context) => {
      await createEntryViaApi(page, { gratitude: 'Tea with my sister' });
      await page.reload();
      await visible(page.getByText('Tea with my sister'));
      await visible(page.getByText('1 entry this month'));
      await waitForServiceWorker(page);
      await waitForOfflineCopy(page, 'Tea with my sister');

      await context.setOffline(true);
      await page.reload();

      await visible(page.getByText('Tea with my sister'));
      await visible(page.getByText('1 entry this month'));
      await visible(page.getByRole('button', { name: /Grace Hopper/ }));
      await visible(page.getByRole('status').filter({ hasText: OFFLINE }));
    });
  });

  it.each([
    ['a small phone', { ...IPHONE, viewport: { width: 320, height: 640 } }],
    ['a phone', IPHONE],
    ['a small tablet', { viewport: { width: 700, height: 900 } }],
    ['a tablet', { viewport: { width: 768, height: 1024 } }],
  ])('keeps the header one line high and on the screen when %s goes offline', async (_, device) => {
    await withJournal(async (page, context) => {
      const header = page.getByRole('banner');
      const online = await header.boundingBox();
      await context.setOffline(true);
      await visible(page.getByRole('status').filter({ hasText: OFFLINE }));
      expect((await header.boundingBox())?.height).toBe(online?.height);
      // Nothing sticks out past the edge of the screen: the account menu gives way instead.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      const menu = await page.getByRole('button', { name: /Grace Hopper/ }).boundingBox();
      expect((menu?.x ?? Infinity) + (menu?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      // Where the name gives way to the offline notice, the mark still links home under the app's name.
      await visible(page.getByRole('link', { name: 'Gratitude Journal' }));
    }, device);
  });

  it('keeps an entry written offline as waiting, and sends it once when the connection is back', async () => {
    await withJournal(async (page, context) => {
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await visible(page.getByRole('status').filter({ hasText: OFFLINE }));

      await writeEntry(page, 'Rain on the window');
      const card = page.getByRole('article').filter({ hasText: 'Rain on the window' });
      await visible(card);
      await visible(card.getByRole('status').filter({ hasText: WAITING }));
      await visible(page.getByText("Saved on this device. It will sync as soon as the server can be reached."));

      await context.setOffline(false);
      await gone(card.getByText(WAITING));
      await gone(page.getByRole('status').filter({ hasText: OFFLINE }));
      await visible(page.getByText('1 entry this month'));

      await page.reload();
      await visible(page.getByText('Rain on the window'));
      expect(await page.getByRole('article').count()).toBe(1);
      const stored = await entriesOnServer(page);
      expect(stored.map((entry) => entry.gratitude)).toEqual(['Rain on the window']);
    });
  });

  it('stays signed out after signing out offline, and ends the session on the server once back', async () => {
    await withJournal(async (page, context) => {
      await createEntryViaApi(page, { gratitude: 'Nobody else may read this' });
      await page.reload();
      await visible(page.getByText('Nobody else may read this'));
      await waitForServiceWorker(page);

      await context.setOffline(true);
      await page.getByRole('button', { name: /Grace Hopper/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await visible(page.getByRole('link', { name: 'Sign In' }));

      // The sign-out is sent before the session is trusted again: coming back online must not sign anyone in.
      const ended = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/auth/sign-out' && response.ok(),
      );
      await context.setOffline(false);
      await ended;
      await page.reload();
      await visible(page.getByRole('link', { name: 'Sign In' }));
      const session = await page.request.get('/api/auth/session');
      expect(await session.json()).toEqual({ user: null, profile: null });
      expect(await readOfflineCopy(page)).not.toContain('Nobody else may read this');
    });
  });

  it('stores an entry exactly once when the answer to its save is lost on the way back', async () => {
    await withJournal(async (page) => {
      const posts: string[] = [];
      await page.route(
        (url) => url.pathname === '/api/entries',
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          posts.push(route.request().postDataJSON().id);
          // The first save reaches the server, which stores the entry; its answer never comes back.
          if (posts.length === 1) {
            const delivered = await route.fetch();
            expect(delivered.status()).toBe(201);
            return route.abort('connectionreset');
          }
          return route.continue();
        },
      );

      await writeEntry(page, 'A letter from an old friend');
      await visible(page.getByRole('article').filter({ hasText: 'A letter from an old friend' }));
      // Sent again, with the same id, as soon as the server is heard from again (a list refetch or the probe).
      await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(2);
      expect(posts[1]).toBe(posts[0]);
      await gone(page.getByText(WAITING));

      const stored = await entriesOnServer(page);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id).toBe(posts[0]);
      await page.reload();
      await visible(page.getByText('A letter from an old friend'));
      expect(await page.getByRole('article').count()).toBe(1);
    });
  });
});

/** Whether the element has the keyboard focus, or holds what has it. */
function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** Offline, saves entries with these texts; each waits in the outbox. */
async function writeOffline(page: Page, context: BrowserContext, texts: string[]): Promise<void> {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await visible(page.getByRole('status').filter({ hasText: OFFLINE }));
  for (const text of texts) {
    await writeEntry(page, text);
    const card = page.getByRole('article').filter({ hasText: text });
    await visible(card.getByRole('status').filter({ hasText: WAITING }));
  }
}

/**
 * The server's answers about the session that say `who` is signed in reach the page only once it has answered `after`
 * (a sign-in or a sign-out) too, as answers asked for just before it and slow on their way would. `after` itself waits
 * (up to 10 s) until the server has given such an answer, so the question is always asked before it. `held` counts
 * them; `released` resolves once they are on their way to the page.
 */
async function holdSessionAnswers(
  page: Page,
  who: 'someone' | 'nobody',
  after: string,
): Promise<{ held: () => number; released: Promise<void> }> {
  let answered = () => {};
  const afterAnswered = new Promise<void>((resolve) => (answered = resolve));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === after) answered();
  });
  let held = 0;
  let firstHeld = () => {};
  const oneHeld = new Promise<void>((resolve) => (firstHeld = resolve));
  await page.route(`**${after}`, async (route) => {
    await Promise.race([oneHeld, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
  await page.route('**/api/auth/session', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { user: unknown };
    if ((body.user === null) !== (who === 'nobody')) return route.fulfill({ response: answer });
    held += 1;
    firstHeld();
    await afterAnswered;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({ response: answer });
  });
  return { held: () => held, released: afterAnswered.then(() => new Promise((resolve) => setTimeout(resolve, 300))) };
}

/** Chooses Sign Out in the account menu and returns the dialog it opens about the changes still waiting. */
async function askToSignOut(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Grace Hopper/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out with changes waiting to sync?' });
  await visible(dialog);
  expect(await holdsFocus(dialog)).toBe(true);
  return dialog;
}

/** Signs in again on the same device and checks each text reached the server exactly once. */
async function expectSentOnceAfterSignIn(page: Page, account: Account, texts: string[]): Promise<void> {
  await signIn(page, account.email, account.password);
  for (const text of texts) await visible(page.getByRole('article').filter({ hasText: text }));
  await gone(page.getByText(WAITING));
  const stored = await entriesOnServer(page);
  expect(stored.map((entry) => entry.gratitude).sort()).toEqual([...texts].sort());
  expect(await page.getByRole('article').count()).toBe(texts.length);
}

describe('signing out with changes waiting to sync', () => {
  it('says what waits, and on “Sign out once sent” sends it when the connection is back, then signs out', async () => {
    await withJournal(async (page, context, account) => {
      await writeOffline(page, context, ['Snow on the hills']);

      let dialog = await askToSignOut(page);
      await visible(dialog.getByText(/^1 change is still waiting to sync\./));
      await visible(dialog.getByText(/stays on this device and is sent the next time you sign in here/));
      // Escape keeps the user signed in, and the focus goes back to the account menu.
      await page.keyboard.press('Escape');
      await gone(dialog);
      expect(await holdsFocus(page.getByRole('button', { name: /Grace Hopper/ }))).toBe(true);

      dialog = await askToSignOut(page);
      await dialog.getByRole('button', { name: 'Sign out once sent' }).click();
      await visible(dialog.getByText(/Waiting for the connection/));
      // Still signed in, and still asking, while nothing can be sent.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await visible(dialog);
      expect(new URL(page.url()).pathname).not.toBe('/');

      const sent = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/entries' && response.request().method() === 'POST',
      );
      await context.setOffline(false);
      expect((await sent).status()).toBe(201);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      await visible(page.getByRole('link', { name: 'Sign In' }));
      const session = await page.request.get('/api/auth/session');
      expect(await session.json()).toEqual({ user: null, profile: null });

      await expectSentOnceAfterSignIn(page, account, ['Snow on the hills']);
    });
  });

  it('stays signed out when an answer about the session, asked for as the connection came back, arrives after', async () => {
    await withJournal(async (page, context) => {
      await writeOffline(page, context, ['Rain at noon']);
      const dialog = await askToSignOut(page);
      await dialog.getByRole('button', { name: 'Sign out once sent' }).click();
      await visible(dialog.getByText(/Waiting for the connection/));

      // Back online, the app asks again who is signed in while it sends what waited and then signs out. The server
      // answers that question while the session still holds; the answer reaches the page only after the sign-out.
      const late = await holdSessionAnswers(page, 'someone', '/api/auth/sign-out');
      await context.setOffline(false);
      await page.waitForURL((url) => url.pathname === '/');
      await late.released;
      await expect.poll(() => late.held()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      await visible(page.getByRole('link', { name: 'Sign In', exact: true }));
      expect(await page.getByRole('button', { name: /Grace Hopper/ }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      // Nor does the device remember that session: opened offline, the journal asks to sign in.
      await page.unroute('**/api/auth/session');
      await context.setOffline(true);
      await page.goto('/journal');
      await page.waitForURL((url) => url.pathname === '/login');
      await gone(page.getByText('Rain at noon'));
    });
  });

  it('on “Sign out anyway” keeps the changes on the device and sends them once at the next sign-in there', async () => {
    await withJournal(async (page, context, account) => {
      const texts = ['A warm bowl of soup', 'The bus came on time'];
      await writeOffline(page, context, texts);

      const dialog = await askToSignOut(page);
      await visible(dialog.getByText(/^2 changes are still waiting to sync\./));
      await visible(dialog.getByText(/They stay on this device/));
      await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await visible(page.getByRole('link', { name: 'Sign In' }));

      await context.setOffline(false);
      await expectSentOnceAfterSignIn(page, account, texts);
    });
  });
});

/** Every toast the page shows from now on, in order; the function returned reads them. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const toast of [node, ...node.querySelectorAll('.toast')])
              if (toast.matches('.toast')) seen.push(toast.querySelector('.toast-message')?.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);
}

/** Counts the saves of new entries the server accepted from this page. */
function countStoredEntries(page: Page): () => number {
  let stored = 0;
  page.on('response', (response) => {
    const request = response.request();
    const saved = request.method() === 'POST' && response.status() === 201;
    if (saved && new URL(request.url()).pathname === '/api/entries') stored += 1;
  });
  return () => stored;
}

describe('saying that waiting entries have synced', () => {
  it('says once, in the tab that sent them, how many entries written offline reached the server', async () => {
    await withJournal(async (page, context) => {
      await waitForServiceWorker(page);
      // A second tab of the same journal: it comes back online too, and tries to send what waits as well.
      const other = await context.newPage();
      await other.goto('/journal');
      await visible(other.getByRole('button', { name: ADD_ENTRY }));
      const tabs = [page, other];
      const toasts = await Promise.all(tabs.map(recordToasts));
      const [storedHere, storedThere] = [countStoredEntries(page), countStoredEntries(other)];
      const storedInAll = () => storedHere() + storedThere();
      const synced = async () =>
        (await Promise.all(toasts.map((read) => read()))).map((seen) => seen.filter((text) => /synced/.test(text)));

      await writeOffline(page, context, ['First light', 'A kind word']);
      await context.setOffline(false);
      await expect.poll(() => page.getByText(WAITING).count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(storedInAll).toBe(2);
      // One tab sent both; that tab says so, once, and the other says nothing.
      expect([storedHere(), storedThere()].sort()).toEqual([0, 2]);
      const once = storedHere() === 2 ? [['2 entries synced'], []] : [[], ['2 entries synced']];
      await expect.poll(synced).toEqual(once);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await synced()).toEqual(once);

      // One more, in the singular.
      await writeOffline(page, context, ['Soup for dinner']);
      await context.setOffline(false);
      await gone(page.getByText(WAITING));
      // Either tab may have sent this one: what counts is that each batch was told once, in one tab.
      await expect.poll(async () => (await synced()).flat().sort()).toEqual(['1 entry synced', '2 entries synced']);

      // Written online, an entry is sent at once: its save is the whole story, and nothing is said about syncing.
      await writeEntry(page, 'Sent straight away');
      const card = page.getByRole('article').filter({ hasText: 'Sent straight away' });
      await visible(card);
      await expect.poll(storedInAll).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await synced()).flat().sort()).toEqual(['1 entry synced', '2 entries synced']);
    });
  });
});

/** Everything the stats panel's summary says from now on, in order. */
async function recordStats(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stats: string[] }).stats = seen;
    const record = () => {
      const summary = document.querySelector('.stats-panel .stats-summary');
      const text = summary?.textContent ?? '';
      if (text !== seen.at(-1)) seen.push(text);
    };
    record();
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { stats: string[] }).stats);
}

describe('the stats while entries wait to sync', () => {
  it('count an entry written offline at once, as the server will, and once only after it syncs', async () => {
    await withJournal(async (page, context) => {
      const today = localDayKey(new Date());
      const yesterday = addDays(today, -1);
      await createEntryViaApi(page, { gratitude: 'A long walk' }, yesterday);
      await waitForServiceWorker(page);
      await page.reload();
      const stats = page.getByRole('region', { name: 'Your journal statistics' });
      const thisMonth = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} this month`;
      // Yesterday counts this month unless today is the first.
      const before = monthKeyOf(yesterday) === monthKeyOf(today) ? 1 : 0;
      const yearBefore = yesterday.slice(0, 4) === today.slice(0, 4) ? 1 : 0;
      await visible(stats.getByText(thisMonth(before)));
      await visible(stats.getByText('1 day streak'));
      const shown = await recordStats(page);
      /** The month's count and the streak the summary has shown, each change once. */
      const numbersShown = async () =>
        (await shown()).flatMap((text) => {
          const month = /(\d+) entr(?:y|ies) this month/.exec(text);
          const streak = /(\d+) day streak/.exec(text) ?? (text.includes('No current streak') ? ['', '0'] : null);
          return month && streak ? [[Number(month[1]), Number(streak[1])]] : [];
        }).filter((numbers, i, all) => i === 0 || numbers.join() !== all[i - 1]?.join());

      // Today had no entry: the one written offline adds to the month and carries the streak on to today.
      await writeOffline(page, context, ['Rain on the roof']);
      await visible(stats.getByText(thisMonth(before + 1)));
      await visible(stats.getByText('2 day streak'));
      await stats.getByRole('button', { name: 'Show more stats' }).click();
      await expect
        .poll(() => stats.innerText())
        .toMatch(new RegExp(`Entries this year\\s+${yearBefore + 1}\\s+Total entries\\s+2`));
      await stats.getByRole('button', { name: 'Show fewer stats' }).click();
      // Today has its entry, waiting or not: writing another is no longer the page's main button.
      await visible(page.getByRole('button', { name: ADD_ANOTHER }));
      expect(await page.getByRole('button', { name: ADD_ENTRY }).count()).toBe(0);

      // Once the server has it, it counts once: the numbers stay as they were, never counting it twice.
      await context.setOffline(false);
      await gone(page.getByText(WAITING));
      // The lists and the numbers are fetched again once it is sent: a moment on this machine.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await visible(stats.getByText(thisMonth(before + 1)));
      await visible(stats.getByText('2 day streak'));
      expect(await numbersShown()).toEqual([
        [before, 1],
        [before + 1, 2],
      ]);

      // Deleted offline, it leaves the numbers at once: the streak is yesterday's again.
      await context.setOffline(true);
      await visible(page.getByRole('status').filter({ hasText: OFFLINE }));
      const card = page.getByRole('article').filter({ hasText: 'Rain on the roof' });
      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(stats.getByText(thisMonth(before)));
      await visible(stats.getByText('1 day streak'));
      await visible(page.getByRole('button', { name: ADD_ENTRY }));

      await context.setOffline(false);
      await gone(page.getByRole('status').filter({ hasText: OFFLINE }));
      await page.reload();
      await visible(stats.getByText(thisMonth(before)));
      await visible(stats.getByText('1 day streak'));
      await stats.getByRole('button', { name: 'Show more stats' }).click();
      await expect
        .poll(() => stats.innerText())
        .toMatch(new RegExp(`Entries this year\\s+${yearBefore}\\s+Total entries\\s+1`));
    });
  });
});

describe('a partial outage', () => {
  it('keeps a failed list’s reason on screen and tells it once while only the API cannot be reached', async () => {
    await withJournal(async (page) => {
      const dayRequests: string[] = [];
      let answerAfterMs = 0;
      await page.route(
        (url) => url.pathname === '/api/entries' || url.pathname === '/api/stats',
        async (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          if (new URL(route.request().url()).searchParams.has('day')) dayRequests.push(route.request().url());
          if (answerAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
          return route.abort('failed');
        },
      );
      // Everything the list area shows from now on, and every toast, in order.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const record = () => {
          const entries = document.querySelector('.entries');
          const shown = entries?.querySelector('.list-loading, .load-error, .empty-state');
          const last = seen.filter((item) => !item.startsWith('toast:')).at(-1);
          const now = ['list-loading', 'load-error', 'empty-state'].find((name) => shown?.classList.contains(name)) ?? 'none';
          if (now !== last) seen.push(now);
        };
        new MutationObserver((records) => {
          for (const mutation of records)
            for (const node of mutation.addedNodes)
              if (node instanceof HTMLElement)
                for (const toast of [node, ...node.querySelectorAll('.toast')])
                  if (toast.matches('.toast')) seen.push(`toast:${toast.querySelector('.toast-message')?.textContent}`);
          record();
        }).observe(document.body, { childList: true, subtree: true });
      });

      // A day this device never loaded: only the server can answer, and it cannot be reached.
      await page.getByRole('button', { name: 'Previous day' }).click();
      await visible(page.getByText('Failed to load journal entries. Please try again.'));
      // The app keeps finding the server (/healthz answers) and fetching the day again, every few seconds.
      const firstFailure = dayRequests.length;
      await expect.poll(() => dayRequests.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(firstFailure + 4);

      const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const toasts = (items: string[], message = 'Failed to load journal entries') =>
        items.filter((item) => item === `toast:${message}`);
      let items = await seen();
      const errorShown = items.findIndex((item) => item.includes('load-error'));
      // Once the reason is shown it stays: no 'Loading entries...' in between attempts, and one toast.
      expect(items.slice(errorShown).filter((item) => !item.startsWith('toast:'))).toEqual(['load-error']);
      expect(toasts(items)).toHaveLength(1);
      // The stats panel, loaded before the outage, keeps saying it could not refresh its numbers, once.
      await visible(page.getByText('Unable to load statistics'));
      expect(toasts(items, 'Failed to load stats')).toHaveLength(1);

      // Try Again is busy while it runs, and its failure is told: the reader asked.
      answerAfterMs = 1_000;
      const tryAgain = page.getByRole('button', { name: 'Try Again' });
      await tryAgain.click();
      await expect.poll(() => tryAgain.getAttribute('aria-busy')).toBe('true');
      await expect.poll(async () => toasts(await seen()).length, { timeout: 10_000 }).toBe(2);
      items = await seen();
      expect(items.slice(errorShown).filter((item) => !item.startsWith('toast:'))).toEqual(['load-error']);

      await page.unrouteAll();
      await tryAgain.click();
      await visible(page.getByText('No journal entry for this day'));
      await gone(page.getByText('Failed to load journal entries. Please try again.'));
    });
  });
});

describe('signing in as the connection comes back', () => {
  it('stays signed in when an answer about the session, asked for as the connection came back, arrives after', async () => {
    const account = await createAccount(suite.server);
    await suite.withPage(
      async (page, context) => {
        await page.goto('/login');
        await appStarted(page);
        await waitForServiceWorker(page);
        await context.setOffline(true);
        await visible(page.getByRole('status').filter({ hasText: /^Offline/ }));

        // Back online, the app asks again who is signed in: nobody, says the server, but that answer reaches the page
        // only after the visitor has signed in.
        const late = await holdSessionAnswers(page, 'nobody', '/api/auth/sign-in');
        await context.setOffline(false);
        await expect.poll(() => late.held()).toBeGreaterThan(0);
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill(account.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await late.released;
        await page.waitForURL((url) => url.pathname === '/journal');
        await new Promise((resolve) => setTimeout(resolve, 1_000));

        await visible(page.getByRole('button', { name: ADD_ENTRY }));
        expect(new URL(page.url()).pathname).toBe('/journal');
      },
      { allowErrors: NETWORK_FAILURE },
    );
  });
});
