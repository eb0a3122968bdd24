// Regenerates public/images/journal-screenshot.jpg, the landing page's picture of the real journal screen:
// `npm run build && npx tsx scripts/make-screenshot.ts`. A demo account writes three entries; Chromium takes the picture.
import { chromium } from 'playwright-core';
import { apiRequest, signedInUser } from '../e2e/support/api';
import { chromiumPath } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { localDayKey } from '../src/shared/dates';

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
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const url = new URL(server.url);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  await page.goto('/journal');
  await page.getByRole('article').first().waitFor();
  await page.getByRole('button', { name: /Show more stats|Show fewer stats/ }).waitFor();
  await page.screenshot({ path: 'public/images/journal-screenshot.jpg', type: 'jpeg', quality: 72 });
  console.log('wrote public/images/journal-screenshot.jpg');
} finally {
  await browser.close();
  await server.stop();
}
