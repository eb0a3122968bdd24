// Regenerates the landing page's pictures of the real journal screen: public/images/journal-screenshot.jpg, a wide
// screen at 1280x800, and public/images/journal-screenshot-phone.jpg, a phone's screen (390x760 CSS px, drawn at
// twice the density so its text stays sharp): `npm run build && npx tsx scripts/make-screenshot.ts`.
// A demo account writes an entry; Chromium takes both pictures of the same journal.
import { type Browser, chromium } from 'playwright-core';
import { apiRequest, signedInUser } from '../e2e/support/api';
import { chromiumPath } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { localDayKey } from '../src/shared/dates';

const SHOTS = [
  { path: 'public/images/journal-screenshot.jpg', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, quality: 72 },
  { path: 'public/images/journal-screenshot-phone.jpg', viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, quality: 68, showEntry: true },
] as const;

async function takeShot(browser: Browser, baseURL: string, cookie: string, shot: (typeof SHOTS)[number]): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    viewport: shot.viewport,
    deviceScaleFactor: shot.deviceScaleFactor,
    serviceWorkers: 'block',
  });
  const url = new URL(baseURL);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: url.hostname, path: '/' };
    }),
  );
  try {
    const page = await context.newPage();
    await page.goto('/journal');
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: /Show more stats|Show fewer stats/ }).waitFor();
    // Strings, not functions: this script is compiled without the browser's types.
    await page.evaluate('document.fonts.ready');
    // A phone's screen is too short for the whole journal: it shows today's quote and the entry below it, whole.
    if ('showEntry' in shot) {
      await page.locator('.daily-quote:not(.daily-quote-pending)').waitFor();
      await page.evaluate("window.scrollTo(0, window.scrollY + document.querySelector('.today-panel').getBoundingClientRect().top - 16)");
    }
    await page.screenshot({ path: shot.path, type: 'jpeg', quality: shot.quality });
    console.log(`wrote ${shot.path}`);
  } finally {
    await context.close();
  }
}

const server = await startServer({ LOG_LEVEL: 'silent', ANNOUNCEMENT: '' });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const { cookie } = await signedInUser(server, 'maya@example.com');
  await apiRequest(server.url, 'PATCH', '/api/profile', { cookie, body: { displayName: 'Maya Chen' } });
  const today = localDayKey(new Date());
  for (const content of [
    { gratitude: 'A slow breakfast with my sister and the first sunny morning of the year.', celebration: 'Finishing the first draft of my presentation two days early.', manifestation: 'I am calm and confident on stage, and the team leaves inspired.' },
  ]) {
    await apiRequest(server.url, 'POST', '/api/entries', { cookie, body: { content, localDate: today } });
  }
  for (const shot of SHOTS) await takeShot(browser, server.url, cookie, shot);
} finally {
  await browser.close();
  await server.stop();
}
