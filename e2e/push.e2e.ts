import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteForDay } from '../src/shared/quotes';
import { type PushServicePeer, startPushService, type TestSubscription } from '../src/server/test/push-service';
import { createAccount, signIn } from './support/accounts';
import { expectNoConsoleErrors, launchBrowser, openPage, visible } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { seriousViolations } from './support/axe';

/**
 * Notifications in the browser (docs/product.md §14). Chromium's own push needs its vendor's push service, which
 * these machines cannot reach: the page gets a PushManager whose subscriptions are the local push service's
 * (src/server/test/push-service.ts), and the server, a child process, trusts that service's certificate through
 * NODE_EXTRA_CA_CERTS, as an operator's server would a private push service's.
 */

const ZONE = 'America/New_York';
const SUBJECT = 'mailto:operator@journal.example.com';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let peer: PushServicePeer;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  peer = await startPushService();
  [server, browser] = await Promise.all([
    startServer({ VAPID_SUBJECT: SUBJECT, PUSH_SERVICE_HOSTS: peer.host, NODE_EXTRA_CA_CERTS: peer.certificateFile }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
  await peer.close();
});

declare global {
  interface Window {
    subscribedWith?: { userVisibleOnly: boolean; key: string };
  }
}

/**
 * Gives the page a PushManager whose subscription is `subscription`, on the local push service. It lasts across
 * reloads, as a browser's does, until unsubscribed.
 */
async function fakePushManager(context: BrowserContext, subscription: TestSubscription, permission?: 'denied') {
  await context.addInitScript(
    ({ subscription: given, permission: refused }) => {
      if (refused) Object.defineProperty(Notification, 'permission', { get: () => refused });
      const make = () => ({
        endpoint: given.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
        unsubscribe: () => {
          localStorage.removeItem('test-push-subscribed');
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        window.subscribedWith = {
          userVisibleOnly: Boolean(options?.userVisibleOnly),
          key: btoa(String.fromCharCode(...key)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
        };
        localStorage.setItem('test-push-subscribed', '1');
        return Promise.resolve(make() as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(localStorage.getItem('test-push-subscribed') ? (make() as unknown as PushSubscription) : null);
      };
    },
    { subscription, permission },
  );
}

/** The first whole minute at least 25 s away on the zone's clock, "HH:MM", and the day it falls on there. */
function nextMinuteIn(timeZone: string): { time: string; day: string } {
  const at = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((fields, part) => ({ ...fields, [part.type]: part.value }), {});
  return { time: `${parts.hour}:${parts.minute}`, day: `${parts.year}-${parts.month}-${parts.day}` };
}

/** Signs in through the login screen, and waits for the journal it leads to. */
async function signedIn(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.waitForURL(/\/journal/);
}

function remindersSection(page: Page) {
  return page.getByRole('region', { name: 'Reminders' });
}

async function withPage(
  test: (page: Page, context: BrowserContext) => Promise<void>,
  options: { userAgent?: string; setup?: (context: BrowserContext) => Promise<void> } = {},
) {
  const { context, page, errors } = await openPage(browser, server.url, {
    timezoneId: ZONE,
    ...(options.userAgent ? { userAgent: options.userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  try {
    await options.setup?.(context);
    try {
      await test(page, context);
    } catch (error) {
      await page.screenshot({ path: `/tmp/push-fail-${Date.now()}.png` });
      throw new Error(`${String(error)} at ${page.url()}; console: ${errors.join(' | ')}`);
    }
    expectNoConsoleErrors(errors);
  } finally {
    await context.close();
  }
}

describe('notifications', () => {
  it('turn on from a tap with the browser’s permission, bring the day’s reminder to the device, and turn off', { timeout: 180_000 }, async () => {
    const subscription = peer.subscribe();
    const { email, password } = await createAccount(server);
    await withPage(
      async (page) => {
        await signedIn(page, email, password);
        await page.goto('/settings');
        const section = remindersSection(page);
        await section.getByRole('switch', { name: 'Daily reminder' }).click();
        const { time, day } = nextMinuteIn(ZONE);
        await section.getByLabel('Time', { exact: true }).fill(time);
        await section.getByRole('button', { name: 'Save Reminders' }).click();
        await section.getByText('Saved. Your next reminder').waitFor();

        // Nothing was asked of the browser before the tap.
        expect(await page.evaluate(() => window.subscribedWith)).toBeUndefined();
        const toggle = section.getByRole('switch', { name: 'Notifications on this device' });
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        await toggle.click();
        await section.getByText('Notifications are on for this device.').waitFor();
        expect(await toggle.getAttribute('aria-checked')).toBe('true');
        await section.getByText('Chrome on Linux (this device)').waitFor();
        // The page subscribed with the key the server signs with.
        const devices = await page.evaluate(() => fetch('/api/reminders/devices').then((res) => res.json() as Promise<{ publicKey: string }>));
        expect(await page.evaluate(() => window.subscribedWith)).toEqual({ userVisibleOnly: true, key: devices.publicKey });

        // At the minute, the server posts the reminder to the push service, signed and encrypted for this device.
        const until = Date.now() + 120_000;
        while (!peer.delivered.some((push) => push.subscription === subscription.endpoint)) {
          if (Date.now() > until) throw new Error(`no push; refused: ${JSON.stringify(peer.refused)}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const push = peer.delivered.find((one) => one.subscription === subscription.endpoint);
        const { quotes } = (await (await fetch(`${server.url}/quotes.json`)).json()) as { quotes: { quote: string; author: string }[] };
        const quote = quoteForDay(quotes, day);
        expect(push?.payload).toEqual({
          title: 'A moment for gratitude',
          body: `“${quote.quote}”${quote.author ? ` (${quote.author})` : ''}`,
          url: '/journal/new',
          tag: 'reminder',
        });

        // The service worker shows what the push service would hand it: the quote, and today's form on a tap.
        const cdp = await page.context().newCDPSession(page);
        const registrations = new Promise<string>((resolve) => {
          cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
            const ours = found.find((registration) => !registration.isDeleted && registration.scopeURL.startsWith(server.url));
            if (ours) resolve(ours.registrationId);
          });
        });
        await cdp.send('ServiceWorker.enable');
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: server.url,
          registrationId: await registrations,
          data: JSON.stringify(push?.payload),
        });
        await expect
          .poll(() =>
            page.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
                title: shown.title,
                body: shown.body,
                tag: shown.tag,
                data: shown.data as unknown,
              })),
            ),
          )
          .toEqual([{ title: 'A moment for gratitude', body: push?.payload.body, tag: 'reminder', data: { url: '/journal/new' } }]);

        // Off again: the browser's subscription ends and the server forgets the device.
        await toggle.click();
        await section.getByText('Notifications are off for this device.').waitFor();
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        await expect.poll(() => section.getByText('Devices with notifications').count()).toBe(0);
        const after = await page.evaluate(() => fetch('/api/reminders/devices').then((res) => res.json() as Promise<{ devices: unknown[] }>));
        expect(after.devices).toEqual([]);
      },
      {
        setup: async (context) => {
          await context.grantPermissions(['notifications']);
          await fakePushManager(context, subscription);
        },
      },
    );
  });

  it('turn on from the welcome’s reminder step, beside or instead of the email', async () => {
    const { email, password } = await createAccount(server, { welcome: true });
    await withPage(
      async (page) => {
        await signedIn(page, email, password);
        const panel = page.getByRole('region', { name: 'Welcome to your journal' });
        await panel.getByRole('button', { name: 'Next' }).click();
        const step = page.getByRole('region', { name: 'A gentle reminder' });
        await step.getByLabel('Remind me at').fill('07:45');
        await step.getByRole('switch', { name: 'By email' }).click();
        const toggle = step.getByRole('switch', { name: 'Notifications on this device' });
        await toggle.click();
        await step.getByText('Notifications are on for this device.').waitFor();
        await step.getByRole('button', { name: 'Remind me at this time' }).click();
        await step.getByText(/^Your reminder is set\. The next one: .*7:45/).waitFor();
        const reminders = await page.request.get('/api/reminders');
        expect(await reminders.json()).toMatchObject({ enabled: true, time: '07:45', email: false });
        const devices = await page.request.get('/api/reminders/devices');
        expect(((await devices.json()) as { devices: unknown[] }).devices).toHaveLength(1);
        expect(await seriousViolations(page)).toEqual([]);
      },
      {
        setup: async (context) => {
          await context.grantPermissions(['notifications']);
          await fakePushManager(context, peer.subscribe());
        },
      },
    );
  });

  it('list every device, and remove another one from this one', async () => {
    const { email, password } = await createAccount(server);
    const other = peer.subscribe();
    await withPage(
      async (page) => {
        await signedIn(page, email, password);
        // A phone added earlier, through the API as its page would.
        const added = await page.evaluate(
          (subscription) =>
            fetch('/api/reminders/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(subscription) }).then((res) => res.status),
          other,
        );
        expect(added).toBe(201);
        await page.goto('/settings');
        const section = remindersSection(page);
        await section.getByText('Devices with notifications').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        const remove = section.getByRole('button', { name: /^Remove Chrome on Linux, added / });
        await remove.click();
        await expect.poll(() => section.getByText('Devices with notifications').count()).toBe(0);
      },
      { setup: (context) => fakePushManager(context, peer.subscribe()) },
    );
  });

  it('say plainly what to do when the browser’s permission was refused before', async () => {
    const { email, password } = await createAccount(server);
    await withPage(
      async (page) => {
        await signedIn(page, email, password);
        await page.goto('/settings');
        const section = remindersSection(page);
        await section.getByText('Notifications are blocked for this journal in your browser.').waitFor();
        await section.getByText(/allow Notifications, then come back here/).waitFor();
        expect(await section.getByRole('switch', { name: 'Notifications on this device' }).count()).toBe(0);
      },
      { setup: (context) => fakePushManager(context, peer.subscribe(), 'denied') },
    );
  });

  it('give the Home Screen steps on an iPhone in Safari, instead of a switch', async () => {
    const { email, password } = await createAccount(server);
    await withPage(
      async (page) => {
        await signedIn(page, email, password);
        await page.goto('/settings');
        const section = remindersSection(page);
        await section.getByText(/notifications come only to the journal added to your Home Screen \(iOS 16\.4 or later\)/).waitFor();
        await section.getByText('Tap Share, then Add to Home Screen.').waitFor();
        expect(await section.getByRole('switch', { name: 'Notifications on this device' }).count()).toBe(0);
      },
      { userAgent: IPHONE },
    );
  });

  it('open today’s entry form in the window already open when a notification is tapped', async () => {
    const { email, password } = await createAccount(server);
    await withPage(async (page, context) => {
      await signedIn(page, email, password);
      await page.goto('/settings');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const pages = context.pages().length;
      // What the worker's notificationclick does once it has brought the window forward.
      await worker.evaluate(async () => {
        const scope = self as unknown as { clients: { matchAll(options: object): Promise<{ postMessage(data: unknown): void }[]> } };
        for (const client of await scope.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'open', url: '/journal/new' });
      });
      await visible(page.getByRole('heading', { name: "Today's Reflection" }));
      expect(context.pages()).toHaveLength(pages);
    });
  });
});
