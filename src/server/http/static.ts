import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { SignupMode } from '../config';
import {
  PRERENDERED_PAGES,
  SHELL_FILE,
  composePage,
  escapeHtml,
  loadRenderer,
  pageAddress,
  renderedConfig,
  sameRendering,
} from './prerendered-pages';

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

/**
 * index.html with the public settings in a meta tag: no inline script (the CSP forbids it), no extra request. The tag
 * goes before the head's first script, so that theme-boot.js can read the announcement before the first paint.
 */
function pageWithConfig(html: string, config: PublicConfig): string {
  const meta = `<meta name="app-config" content="${escapeHtml(JSON.stringify(config))}" />`;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const firstScript = html.indexOf('<script', html.indexOf('<head'));
  const at = firstScript >= 0 && firstScript < headEnd ? firstScript : headEnd;
  // Spliced at the index, not with String.replace: the operator's text may contain `$'`, `$&` and the like.
  return `${html.slice(0, at)}${meta}\n    ${html.slice(at)}`;
}

/** One page's HTML, ready to send: rendered now or at build, with the settings' meta tag. */
type PageSource = () => Promise<string | undefined>;

/**
 * The pages made ahead of time, with this server's settings. The build rendered them with a server's defaults;
 * when this server's settings show differently (an announcement, invite-only sign-ups, a contact address), it
 * renders them again once, with the build's own renderer, so what paints first is what the app then draws.
 */
function prerenderedPages(clientDir: string, config: PublicConfig): Map<string, PageSource> {
  const pages = new Map<string, PageSource>();
  const fromFile = (file: string) => {
    const path = join(clientDir, file);
    return existsSync(path) ? pageWithConfig(readFileSync(path, 'utf8'), config) : undefined;
  };
  const rendered = loadRenderer(join(clientDir, '..', 'prerender')).then(async (loaded) => {
    if (!loaded || sameRendering(loaded.manifest.config, config)) return undefined;
    const html = new Map<string, string>();
    for (const page of PRERENDERED_PAGES) {
      const address = pageAddress(page);
      const head = loaded.manifest.pages.find((entry) => entry.address === address)?.head ?? [];
      const markup = await loaded.render(address, renderedConfig(config));
      html.set(address, pageWithConfig(composePage(loaded.manifest.template, page, head, markup), config));
    }
    return html;
  });
  // A renderer that fails leaves the pages as built: they are still the right pages, with the default settings.
  const renderedOrNone = rendered.catch(() => undefined);
  for (const page of PRERENDERED_PAGES) {
    const built = fromFile(page.file);
    const address = pageAddress(page);
    pages.set(address, async () => (await renderedOrNone)?.get(address) ?? built);
  }
  return pages;
}

/**
 * The built SPA. Hashed assets are cached for a year; everything else is revalidated. The pages made ahead of time
 * answer their own addresses (and their file names, which the service worker asks for); any other path that is not a
 * file gets the app's empty shell, for the client router to answer.
 */
export function staticRoutes(clientDir: string, config: PublicConfig) {
  const app = new Hono();
  const shellFile = [SHELL_FILE, 'index.html'].map((file) => join(clientDir, file)).find((file) => existsSync(file));
  const shellHtml = shellFile ? pageWithConfig(readFileSync(shellFile, 'utf8'), config) : undefined;
  const pages = prerenderedPages(clientDir, config);
  const send = async (c: Context, html: string | undefined) => {
    if (!html) return c.text('The client is not built. Run: npm run build', 503);
    c.header('cache-control', 'no-cache');
    return c.html(html);
  };
  const sendShell = (c: Context) => send(c, shellHtml);

  const sendPage = async (c: Context, address: string) => send(c, (await pages.get(address)?.()) ?? shellHtml);
  for (const page of PRERENDERED_PAGES) app.get(`/${page.file}`, (c) => sendPage(c, pageAddress(page)));
  // A path answers with the page made for the request's query string, if there is one, else with the page made
  // without one (whose app then draws what the query asks for).
  for (const path of new Set(PRERENDERED_PAGES.map((page) => page.path))) {
    app.get(path, (c) => {
      const query = new URL(c.req.url).search;
      const made = PRERENDERED_PAGES.some((page) => page.path === path && page.query === query);
      return sendPage(c, made ? `${path}${query}` : path);
    });
  }
  app.get(`/${SHELL_FILE}`, sendShell);
  // Cache headers go on before the file is read: hashed assets never change, everything else is revalidated.
  app.use('*', async (c, next) => {
    const immutable = c.req.path.startsWith('/assets/');
    c.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    await next();
  });
  app.use('*', serveStatic({ root: clientDir, index: SHELL_FILE, precompressed: true }));
  // A missing hashed asset is a 404, never the app page (which would then be cached as that asset).
  app.get('/assets/*', (c) => {
    c.header('cache-control', 'no-store');
    return c.text('Not found', 404);
  });
  app.get('*', sendShell);
  return app;
}
