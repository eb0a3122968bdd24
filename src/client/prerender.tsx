/**
 * The pages made ahead of time: the landing page, sign-in and sign-up, About and the journal's frame, rendered to HTML
 * by React's static renderer, so a visitor sees the real page, styled, before any script has run; app-start.tsx (or,
 * on the landing page, landing-start.tsx) then hydrates the same markup. The build renders them with the default
 * settings (src/server/http/prerendered-pages.ts writes the files); the server renders them again at start when its
 * own settings (announcement, sign-ups, contact) differ.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/App';
import { createQueryClient } from './app/AppProviders';
import { AppConfigProvider, type AppConfig } from './lib/app-config';

/** The markup of #root for one address, with the operator's public settings. */
export async function renderPage(url: string, config: AppConfig): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppConfigProvider config={config}>
        <StaticRouter location={url}>
          <AppContent queryClient={createQueryClient()} />
        </StaticRouter>
      </AppConfigProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
