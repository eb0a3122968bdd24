import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { SignupMode } from '../config';

/** What every page needs from the operator's settings before it can render without a jump. */
export interface PublicConfig {
  announcement: string;
  /** The hosted demo video's id; null plays the walkthrough the server hosts (public/demo). */
  demoVideoId: string | null;
  /** The operator's contact address for the About page; left out when there is none. */
  supportEmail?: string | undefined;
  /** Who may sign up (SIGNUPS): the landing and login pages offer the form, ask for an invite, or say it is closed. */
  signups?: SignupMode;
}

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** index.html with the public settings in a meta tag: no inline script (the CSP forbids it), no extra request. */
function pageWithConfig(html: string, config: PublicConfig): string {
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(config))}" />`;
  // Spliced at the index, not with String.replace: the operator's text may contain `$'`, `$&` and the like.
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  return `${html.slice(0, end)}    ${meta}\n  ${html.slice(end)}`;
}

/**
 * The built SPA. Hashed assets are cached for a year; everything else is revalidated, and any path that is
 * not a file gets index.html so the client router can answer it.
 */
export function staticRoutes(clientDir: string, config: PublicConfig) {
  const app = new Hono();
  const indexFile = join(clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? pageWithConfig(readFileSync(indexFile, 'utf8'), config) : undefined;
  const sendIndex = (c: Context) => {
    if (!indexHtml) return c.text('The client is not built. Run: npm run build', 503);
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  };

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  // Cache headers go on before the file is read: hashed assets never change, everything else is revalidated.
  app.use('*', async (c, next) => {
    const immutable = c.req.path.startsWith('/assets/');
    c.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    await next();
  });
  app.use('*', serveStatic({ root: clientDir, index: 'index.html', precompressed: true }));
  // A missing hashed asset is a 404, never the app page (which would then be cached as that asset).
  app.get('/assets/*', (c) => {
    c.header('cache-control', 'no-store');
    return c.text('Not found', 404);
  });
  app.get('*', sendIndex);
  return app;
}
