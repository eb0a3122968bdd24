/**
 * The pages made ahead of time (src/client/prerender.tsx renders their markup): which addresses they are, the files
 * the build writes them to, and how a page is put together from the app's HTML template. The build (vite.config.ts)
 * and the server (static.ts, when its settings differ from the build's) put pages together with the same function.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageTitle } from '../../shared/page-title';
import type { PublicConfig } from './static';

export interface PageSpec {
  /** The path the page answers (the client router's path). */
  path: string;
  /**
   * The query string the page is made for ('?mode=signup'), when it is one mode of a page whose path another page
   * answers without it. Any other query string gets the page without one.
   */
  query?: string;
  /** The file in dist/client: also the address the service worker keeps it under. */
  file: string;
  /** The document title before the app sets its own (use-page-title.ts). */
  title: string;
}

export const PRERENDERED_PAGES: readonly PageSpec[] = [
  { path: '/', file: 'index.html', title: pageTitle() },
  { path: '/login', file: 'login.html', title: pageTitle('Sign In') },
  // Where the landing page's call to action leads.
  { path: '/login', query: '?mode=signup', file: 'signup.html', title: pageTitle('Create Account') },
  { path: '/about', file: 'about.html', title: pageTitle('About & FAQ') },
  { path: '/journal', file: 'journal.html', title: pageTitle('Journal') },
];

/** The address a page is made for: its path and its query string. It is also the page's mark on #root. */
export function pageAddress(page: PageSpec): string {
  return `${page.path}${page.query ?? ''}`;
}

/** Every other address gets the app's empty shell, which the scripts fill. */
export const SHELL_FILE = 'app.html';

/** What the build leaves for the server beside dist/client: the template, and each page's extra head tags. */
export interface PrerenderManifest {
  template: string;
  /** The settings the files in dist/client were rendered with. */
  config: PublicConfig;
  pages: { address: string; head: string[] }[];
}

/** The settings a build renders with: those of a server with nothing configured. */
export const BUILD_CONFIG: PublicConfig = { announcement: '', demoVideoId: null, signups: 'open' };

const ROOT_ELEMENT = '<div id="root"></div>';

/** Text made safe for HTML, in an element or an attribute's quotes. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The template with the page's title, its extra head tags (its code's styles and scripts) and its markup. A page whose
 * head names a module script of its own starts with it instead of the app's (the landing page's light start).
 */
export function composePage(template: string, page: PageSpec, head: readonly string[], markup: string): string {
  // The app's own files, for a device signed in here, which the page sends straight on to the journal.
  const appFiles: string[] = [];
  if (head.some((tag) => tag.startsWith('<script type="module"'))) {
    template = template.replace(MODULE_TAG, (_tag, file: string) => {
      appFiles.push(file);
      return '';
    });
  }
  const root = template.indexOf(ROOT_ELEMENT);
  const headEnd = template.indexOf('</head>');
  if (root < 0 || headEnd < 0 || headEnd > root) throw new Error(`The app's HTML has no ${ROOT_ELEMENT} after its head`);
  const title = `<title>${escapeHtml(page.title)}</title>`;
  // Spliced by index, never with String.replace: markup may contain `$&` and the like.
  const withHead = `${template.slice(0, headEnd)}${head.map((tag) => `  ${tag}\n`).join('')}  ${template.slice(headEnd, root)}`;
  const mark = escapeHtml(pageAddress(page));
  const body = `<div id="root" data-prerendered="${mark}">${markup}</div>${template.slice(root + ROOT_ELEMENT.length)}`;
  const html = `${withHead}${body}`.replace(/<title>[^<]*<\/title>/, () => title);
  return codeAfterPaint(html, appFiles);
}

const MODULE_TAG = /\s*<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+)"[^>]*>(?:<\/script>)?/g;

/** The script that starts a page made ahead of time once its first paint is shown (public/start-app.js). */
export const START_SCRIPT = '/start-app.js';

/**
 * A page made ahead of time paints before the app's code is even asked for: its module script and preloads give way
 * to a list of the code's files, which public/start-app.js fetches once the first paint is shown. The journal's
 * frame too: on a slow connection its code, fetched at once, took the bandwidth its styles needed, and it painted a
 * second later than the landing page. A page with a start of its own also names the app's files, which a device
 * signed in here fetches instead (public/start-app.js): the page is on its way to the journal.
 */
function codeAfterPaint(html: string, appFiles: readonly string[]): string {
  const files: string[] = [];
  const withoutModules = html.replace(MODULE_TAG, (_tag, file: string) => {
    if (!files.includes(file)) files.push(file);
    return '';
  });
  if (files.length === 0) return html;
  const headEnd = withoutModules.indexOf('</head>');
  const signedIn = appFiles.length > 0 ? `  <meta name="app-code-signed-in" content="${appFiles.join(' ')}" />\n  ` : '';
  const tags = `  <meta name="app-code" content="${files.join(' ')}" />\n  ${signedIn}  <script src="${START_SCRIPT}" defer></script>\n  `;
  return `${withoutModules.slice(0, headEnd)}${tags}${withoutModules.slice(headEnd)}`;
}

/** The pages' markup renderer the build made (src/client/prerender.tsx, built for Node into dist/prerender). */
export type RenderPage = (url: string, config: RenderedConfig) => Promise<string>;

/** The settings as the app reads them from the page (src/client/lib/app-config.tsx): no contact address is null. */
export type RenderedConfig = Omit<PublicConfig, 'supportEmail'> & { supportEmail: string | null };

export function renderedConfig(config: PublicConfig): RenderedConfig {
  return { ...config, supportEmail: config.supportEmail ?? null };
}

export const RENDERER_FILE = 'prerender.js';
export const MANIFEST_FILE = 'pages.json';

/** The renderer in a directory, or undefined when the build made none there. */
export async function loadRenderFunction(prerenderDir: string): Promise<RenderPage | undefined> {
  const rendererFile = join(prerenderDir, RENDERER_FILE);
  if (!existsSync(rendererFile)) return undefined;
  const module = (await import(pathToFileURL(rendererFile).href)) as { renderPage: RenderPage };
  return module.renderPage;
}

/** The renderer and manifest beside a client build, or undefined when the build made none. */
export async function loadRenderer(prerenderDir: string): Promise<{ render: RenderPage; manifest: PrerenderManifest } | undefined> {
  const manifestFile = join(prerenderDir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) return undefined;
  const render = await loadRenderFunction(prerenderDir);
  if (!render) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  return { render, manifest };
}

/** Two settings render the same pages when every field a page shows is the same. */
export function sameRendering(a: PublicConfig, b: PublicConfig): boolean {
  const shown = (config: PublicConfig) =>
    JSON.stringify([config.announcement, config.demoVideoId, config.supportEmail ?? null, config.signups ?? 'open']);
  return shown(a) === shown(b);
}
