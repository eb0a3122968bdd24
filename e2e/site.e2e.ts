import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MINIMUM_AGE } from '../src/client/lib/constants';
import { appStarted, expectNoConsoleErrors, gone, openPage, visible } from './support/browser';
import { ANDROID, IPHONE } from './support/devices';
import { startServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const VIDEO_HOST = '**://www.youtube-nocookie.com/**';
const HOSTED_VIDEO_ID = 'abcdefghijk';
const VIDEO_FAILED = 'The video could not be loaded. Please check your connection and try again.';
const SECTIONS = ['How to Journal', 'Account Management', 'Contact and Support', 'Privacy and Security'];

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

function focusIsInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** This machine has no internet; the video host answers with a stand-in page instead. */
async function standInVideoHost(page: Page): Promise<void> {
  await page.route(VIDEO_HOST, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Demo</title><button>Play</button>' }),
  );
}

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1, name: 'Cultivate gratitude, one day at a time' }));
}

const videoButton = (page: Page) => page.getByRole('button', { name: 'Watch the demo video' });
const videoDialog = (page: Page) => page.getByRole('dialog', { name: 'Demo video' });
const videoFrame = (page: Page) => page.getByTitle('Gratitude Journal demo video');
const walkthrough = (page: Page) => page.getByRole('dialog', { name: 'Demo video' }).locator('video');

describe('landing page', () => {
  it('shows the hero and three benefits, and leads to sign-up', async () => {
    await suite.withPage(async (page) => {
      await openLanding(page);
      const benefits = page.getByRole('list', { name: 'Why keep a gratitude journal' }).getByRole('listitem');
      expect(await benefits.count()).toBe(3);
      await visible(page.getByText('Feel calmer.'));

      await page.getByRole('link', { name: 'Start Your Free Journal' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('mode') === 'signup');
      await visible(page.getByRole('heading', { name: 'Create Your Account' }));
    });
  });

  it('shows a screenshot of the journal with its size given up front', async () => {
    await suite.withPage(async (page) => {
      await openLanding(page);
      const screenshot = page.getByAltText(/^The journal screen/);
      expect(await screenshot.getAttribute('width')).toBe('1280');
      expect(await screenshot.getAttribute('height')).toBe('800');
      await screenshot.scrollIntoViewIfNeeded();
      await expect
        .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(1280);
    });
  });

  it('plays the walkthrough the instance serves itself in an overlay that keeps focus and closes with Escape', async () => {
    await suite.withPage(async (page) => {
      const offSite: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(suite.server.url).origin) offSite.push(request.url());
      });
      await openLanding(page);
      await videoButton(page).click();
      await visible(videoDialog(page));
      expect(await focusIsInside(videoDialog(page))).toBe(true);
      const video = walkthrough(page);
      await visible(video);
      expect(await videoFrame(page).count()).toBe(0);

      // Silent, inline on phones, with its controls, a poster and a description for screen readers.
      const attributes = await video.evaluate((element: HTMLVideoElement) => ({
        controls: element.controls,
        muted: element.muted,
        playsInline: element.playsInline,
        poster: element.poster,
        src: element.currentSrc || element.src,
        description: document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      }));
      expect(attributes).toMatchObject({ controls: true, muted: true, playsInline: true });
      expect(attributes.description).toMatch(/^A silent walkthrough of about half a minute on a phone/);

      // The video and its poster come from this instance, and no request leaves it.
      for (const [url, type] of [
        [attributes.src, /^video\/webm/],
        [attributes.poster, /^image\//],
      ] as const) {
        expect(new URL(url).origin).toBe(new URL(suite.server.url).origin);
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(type);
      }
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= HTMLMediaElement.HAVE_METADATA))
        .toBe(true);
      const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
      expect(duration).toBeGreaterThan(20);
      expect(duration).toBeLessThan(40);
      expect(offSite).toEqual([]);

      const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') != null);
      for (let press = 0; press < 4; press += 1) {
        await page.keyboard.press('Tab');
        await expect.poll(focusInDialog).toBe(true);
      }
      await page.keyboard.press('Escape');
      await gone(videoDialog(page));
      await expect.poll(() => walkthrough(page).count()).toBe(0);
      expect(await isFocused(videoButton(page))).toBe(true);
    });
  });

  it('says so when the walkthrough cannot be loaded, and plays it on a second try', async () => {
    await suite.withPage(
      async (page) => {
        let refuse = true;
        await page.route('**/demo/walkthrough.webm', (route) => (refuse ? route.abort() : route.continue()));
        await openLanding(page);
        await videoButton(page).click();
        const dialog = videoDialog(page);
        await visible(dialog.getByRole('alert').filter({ hasText: VIDEO_FAILED }));
        // Nothing on a video host to point to.
        expect(await dialog.getByRole('link', { name: /Watch it on YouTube/ }).count()).toBe(0);

        refuse = false;
        await dialog.getByRole('button', { name: 'Try again' }).click();
        await visible(walkthrough(page));
        await expect
          .poll(() => walkthrough(page).evaluate((element: HTMLVideoElement) => element.readyState >= HTMLMediaElement.HAVE_METADATA))
          .toBe(true);
      },
      { allowErrors: /^Failed to load resource: net::ERR_FAILED$/ },
    );
  });

  it('says so when the overlay itself cannot be downloaded, and opens it after a reload', async () => {
    await suite.withPage(
      async (page) => {
        // The overlay's code is fetched only when the visitor reaches for the video; here the first fetch fails.
        let refuse = true;
        await page.route('**/assets/DemoVideoDialog-*.js', (route) => (refuse ? route.abort() : route.continue()));
        await standInVideoHost(page);
        await openLanding(page);
        await videoButton(page).click();
        await visible(page.getByRole('status').filter({ hasText: VIDEO_FAILED }));
        expect(await videoDialog(page).count()).toBe(0);

        refuse = false;
        await page.reload();
        await videoButton(page).click();
        await visible(videoDialog(page));
      },
      { allowErrors: /^Failed to load resource: net::ERR_FAILED$/ },
    );
  });
});

describe('landing page with a hosted demo video (DEMO_VIDEO_ID)', () => {
  const hostedSuite = serverAndBrowser({ DEMO_VIDEO_ID: HOSTED_VIDEO_ID });

  it('plays the demo video in an overlay that keeps focus and closes with Escape or its button', async () => {
    await hostedSuite.withPage(async (page) => {
      await standInVideoHost(page);
      await openLanding(page);
      expect(await videoFrame(page).count()).toBe(0);

      await videoButton(page).click();
      await visible(videoDialog(page));
      expect(await focusIsInside(videoDialog(page))).toBe(true);
      const src = await videoFrame(page).getAttribute('src');
      expect(src).toBe(`https://www.youtube-nocookie.com/embed/${HOSTED_VIDEO_ID}?autoplay=1&rel=0`);
      await gone(page.getByText('Loading video...'));

      // Focus stays in the overlay however far one tabs, forwards (through the player) or backwards.
      const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') != null);
      // (The wrap-around moves focus in a focus handler, so it may land a moment after the key press.)
      for (let press = 0; press < 5; press += 1) {
        await page.keyboard.press('Tab');
        await expect.poll(focusInDialog).toBe(true);
      }
      await page.getByRole('button', { name: 'Close video' }).focus();
      for (let press = 0; press < 3; press += 1) {
        await page.keyboard.press('Shift+Tab');
        await expect.poll(focusInDialog).toBe(true);
      }

      // Keys pressed inside the player go to the video host's page, so Escape is pressed from our own control.
      await page.getByRole('button', { name: 'Close video' }).focus();
      await page.keyboard.press('Escape');
      await gone(videoDialog(page));
      // The browser hides the dialog at once; the frame leaves with React's next render.
      await expect.poll(() => videoFrame(page).count()).toBe(0);
      expect(await isFocused(videoButton(page))).toBe(true);

      await videoButton(page).click();
      await visible(videoDialog(page));
      await visible(videoFrame(page));
      await page.getByRole('button', { name: 'Close video' }).click();
      await gone(videoDialog(page));
      await expect.poll(() => videoFrame(page).count()).toBe(0);
      expect(await isFocused(videoButton(page))).toBe(true);
    });
  });

  it('says so when the video host cannot be reached, and still closes', async () => {
    await hostedSuite.withPage(
      async (page) => {
        await page.route(VIDEO_HOST, (route) => route.abort());
        await openLanding(page);
        await videoButton(page).click();
        const dialog = videoDialog(page);
        await visible(dialog.getByRole('alert').filter({ hasText: VIDEO_FAILED }));
        const external = dialog.getByRole('link', { name: /Watch it on YouTube/ });
        expect(await external.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${HOSTED_VIDEO_ID}`);
        expect(await videoFrame(page).count()).toBe(0);

        await dialog.getByRole('button', { name: 'Close video' }).click();
        await gone(dialog);
        expect(await isFocused(videoButton(page))).toBe(true);
      },
      // The cut-off host: Chromium reports each refused request in the console.
      { allowErrors: /^Failed to load resource: net::ERR_FAILED$/ },
    );
  });

  it('gives up on a video host that does not answer within 8 seconds', async () => {
    await hostedSuite.withPage(async (page) => {
      const held: Route[] = [];
      // Requests to the host are held unanswered, like a connection that hangs.
      await page.route(VIDEO_HOST, (route) => {
        held.push(route);
      });
      await page.clock.install();
      await openLanding(page);
      await videoButton(page).click();
      await visible(videoFrame(page));

      await page.clock.runFor(7000);
      expect(await page.getByText(VIDEO_FAILED).count()).toBe(0);
      await page.clock.runFor(2000);
      await visible(videoDialog(page).getByRole('alert').filter({ hasText: VIDEO_FAILED }));
      expect(held.length).toBeGreaterThan(0);

      await page.keyboard.press('Escape');
      await gone(videoDialog(page));
      expect(await isFocused(videoButton(page))).toBe(true);
    });
  });
});

describe('about page', () => {
  const contents = (page: Page) => page.getByRole('navigation', { name: 'Contents' });
  const section = (page: Page, name: string) => page.getByRole('region', { name });

  async function openAbout(page: Page, hash = ''): Promise<void> {
    await page.goto(`/about${hash}`);
    await visible(page.getByRole('heading', { level: 1, name: 'About & FAQ' }));
    // The page shows from its HTML; following the reader and scrolling to a section are the app's.
    await appStarted(page);
  }

  it('has its sections, a contents sidebar, what the device keeps and the minimum age', async () => {
    await suite.withPage(async (page) => {
      await openAbout(page);
      for (const name of SECTIONS) await visible(page.getByRole('heading', { level: 2, name }));
      expect(await page.getByRole('heading', { name: 'Install on Mobile' }).count()).toBe(0);

      await visible(contents(page));
      expect(await contents(page).getByRole('link').allTextContents()).toEqual(SECTIONS);

      const privacy = section(page, 'Privacy and Security');
      await visible(privacy.getByRole('heading', { level: 3, name: 'What this device keeps' }));
      await visible(privacy.getByText(/^Signing out clears the copy of your journal/));
      await visible(privacy.getByRole('heading', { level: 3, name: 'What the server keeps' }));
      await visible(page.getByText(`You must be at least ${MINIMUM_AGE} years old to use the service.`));
    });
  });

  it('names no contact address while the operator has given none', async () => {
    await suite.withPage(async (page) => {
      await openAbout(page, '#contact');
      const contact = section(page, 'Contact and Support');
      await visible(contact.getByText(/have not added a contact address here/));
      expect(await contact.locator('a[href^="mailto:"]').count()).toBe(0);
    });
  });

  it('gives the contact address the operator set in SUPPORT_EMAIL', async () => {
    const address = 'help@journal.example.org';
    const server = await startServer({ SUPPORT_EMAIL: address });
    try {
      const { context, page, errors } = await openPage(suite.browser, server.url);
      try {
        await openAbout(page, '#contact');
        const email = section(page, 'Contact and Support').getByRole('link', { name: address });
        await visible(email);
        expect(await email.getAttribute('href')).toBe(`mailto:${address}`);
        expect(await page.getByText(/have not added a contact address here/).count()).toBe(0);
        expectNoConsoleErrors(errors);
      } finally {
        await context.close();
      }
    } finally {
      await server.stop();
    }
  });

  it('shows how to install on an iPhone, without the sidebar', async () => {
    await suite.withPage(
      async (page) => {
        await openAbout(page);
        const install = section(page, 'Install on Mobile');
        await visible(install);
        await visible(install.getByText('Add to Home Screen'));
        expect(await contents(page).isVisible()).toBe(false);
      },
      { context: IPHONE },
    );
  });

  it('scrolls to the section named in the address', async () => {
    await suite.withPage(async (page) => {
      await openAbout(page, '#contact');
      const contact = section(page, 'Contact and Support');
      await expect.poll(async () => (await contact.boundingBox())?.y ?? -1, { timeout: 5000 }).toBeLessThanOrEqual(100);
      expect((await contact.boundingBox())?.y).toBeGreaterThanOrEqual(0);
      expect(new URL(page.url()).hash).toBe('#contact');
    });
  });

  it('follows the reader: the hash and the sidebar mark the section in view, with no new history entries', async () => {
    await suite.withPage(async (page) => {
      await openAbout(page);
      const historyLength = await page.evaluate(() => history.length);
      const privacy = section(page, 'Privacy and Security');
      await page.mouse.move(800, 450);
      for (let turn = 0; turn < 20 && new URL(page.url()).hash !== '#privacy'; turn += 1) {
        const top = (await privacy.boundingBox())?.y ?? 0;
        await page.mouse.wheel(0, Math.max(top - 40, 200));
        await page.waitForTimeout(150);
      }
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#privacy');
      const current = contents(page).getByRole('link', { name: 'Privacy and Security' });
      await expect.poll(() => current.getAttribute('aria-current')).toBe('true');
      expect(await contents(page).locator('[aria-current]').count()).toBe(1);

      // The sidebar takes the reader back up.
      await contents(page).getByRole('link', { name: 'Account Management' }).click();
      const account = section(page, 'Account Management');
      await expect.poll(async () => (await account.boundingBox())?.y ?? -1, { timeout: 5000 }).toBeLessThanOrEqual(100);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#account');
      await expect
        .poll(() => contents(page).getByRole('link', { name: 'Account Management' }).getAttribute('aria-current'))
        .toBe('true');
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
    });
  });
});

describe('install banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Install the app' });

  it('tells iPhone users how to add the app, until they dismiss it', async () => {
    await suite.withPage(
      async (page) => {
        await openLanding(page);
        await visible(banner(page).getByText('Tap Share, then Add to Home Screen'));

        // At the end of the page the banner sits below the footer instead of over it.
        await page.getByRole('group', { name: 'Theme' }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect
          .poll(async () => {
            const themes = await page.getByRole('group', { name: 'Theme' }).boundingBox();
            const bar = await banner(page).boundingBox();
            return themes && bar ? bar.y - (themes.y + themes.height) : -1;
          })
          .toBeGreaterThanOrEqual(0);

        await banner(page).getByRole('button', { name: 'Dismiss' }).click();
        await gone(banner(page));
        expect(await page.evaluate(() => localStorage.getItem('installBannerDismissed'))).toBe('true');

        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'Cultivate gratitude, one day at a time' }));
        expect(await banner(page).count()).toBe(0);
      },
      { context: IPHONE },
    );
  });

  it('never covers the control that has keyboard focus', async () => {
    await suite.withPage(
      async (page) => {
        await page.goto('/login?mode=signup');
        await visible(banner(page));
        const overlaps: string[] = [];
        for (let step = 0; step < 12; step += 1) {
          await page.keyboard.press('Tab');
          const overlap = await page.evaluate(() => {
            const focused = document.activeElement;
            const bar = document.querySelector('[aria-label="Install the app"]');
            if (!focused || !bar || bar.contains(focused) || focused === document.body) return null;
            const a = focused.getBoundingClientRect();
            const b = bar.getBoundingClientRect();
            return a.bottom > b.top && a.top < b.bottom ? (focused.textContent ?? focused.tagName).trim() : null;
          });
          if (overlap) overlaps.push(overlap);
        }
        expect(overlaps).toEqual([]);
      },
      { context: IPHONE },
    );
  });

  it('tells Android users to use the menu', async () => {
    await suite.withPage(
      async (page) => {
        await openLanding(page);
        await visible(banner(page).getByText('Open the menu, then tap Add to Home screen'));
      },
      { context: ANDROID },
    );
  });

  it('stays away from desktop browsers', async () => {
    await suite.withPage(async (page) => {
      await openLanding(page);
      await page.goto('/about');
      await visible(page.getByRole('heading', { level: 1, name: 'About & FAQ' }));
      expect(await banner(page).count()).toBe(0);
    });
  });
});
