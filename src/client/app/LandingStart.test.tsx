import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { AppConfigProvider, type AppConfig } from '../lib/app-config';
import { renderPage } from '../prerender';
import { LandingStart } from './LandingStart';

/** The markup the light start draws at first, as React renders it ahead of time. */
async function lightStartMarkup(config: AppConfig): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppConfigProvider config={config}>
        <LandingStart pathname="/" onSignedIn={() => undefined} />
      </AppConfigProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

const SETTINGS: AppConfig[] = [
  { announcement: '', demoVideoId: null, supportEmail: null, signups: 'open' },
  { announcement: 'Maintenance on Sunday morning.', demoVideoId: 'abcdefghijk', supportEmail: 'help@example.com', signups: 'invite' },
  { announcement: '', demoVideoId: null, supportEmail: 'help@example.com', signups: 'closed' },
];

describe("the landing page's light start", () => {
  it('draws the very markup the landing page is made with, whatever the settings, so it can take the page over', async () => {
    for (const config of SETTINGS) {
      const made = await renderPage('/', config);
      expect(made).toContain('Cultivate gratitude, one day at a time');
      const light = await lightStartMarkup(config);
      expect(light, JSON.stringify(config)).toBe(made);
    }
  });
});
