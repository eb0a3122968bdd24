import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, START_SCRIPT, composePage } from './prerendered-pages';
import { staticRoutes } from './static';

const TEMPLATE = [
  '<!doctype html><html><head><title>Gratitude Journal</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/api-def.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const page = (path: string) => {
  const found = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(path);
  return found;
};

describe('a page made ahead of time', () => {
  it('holds its markup in #root, marked with its address, under its own title, with its head tags', () => {
    const html = composePage(TEMPLATE, page('/journal'), ['<link rel="stylesheet" href="/assets/journal.css">'], '<h1>Frame</h1>');
    expect(html).toContain('<div id="root" data-prerendered="/journal"><h1>Frame</h1></div>');
    expect(html).toContain('<title>Journal · Gratitude Journal</title>');
    expect(html.indexOf('/assets/journal.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it('is marked with its query string too when it is made for one', () => {
    const signup = PRERENDERED_PAGES.find((candidate) => candidate.query === '?mode=signup');
    if (!signup) throw new Error('no sign-up page');
    expect(composePage(TEMPLATE, signup, [], '<h1>Create</h1>')).toContain(
      '<div id="root" data-prerendered="/login?mode=signup"><h1>Create</h1></div>',
    );
  });

  it('keeps markup exactly as rendered, whatever replacement patterns it holds', () => {
    const markup = "<p>$' then $` then $& then $$ and $1</p>";
    expect(composePage(TEMPLATE, page('/'), [], markup)).toContain(`data-prerendered="/">${markup}</div>`);
  });

  it('asks for its code only after it has painted: a list of its files and the start script', () => {
    const html = composePage(TEMPLATE, page('/login'), [], '<form></form>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<meta name="app-code" content="/assets/index-abc.js /assets/api-def.js" />');
    expect(html).toContain(`<script src="${START_SCRIPT}" defer></script>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).not.toContain('app-code-signed-in');
  });

  it("asks for the journal's code after its frame has painted, its own page's code among the files", () => {
    const journalCode = '<link rel="modulepreload" crossorigin href="/assets/JournalPage-ghi.js">';
    const styles = '<link rel="stylesheet" crossorigin href="/assets/JournalPage-ghi.css">';
    const html = composePage(TEMPLATE, page('/journal'), [styles, journalCode], '<h1>Frame</h1>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<meta name="app-code" content="/assets/index-abc.js /assets/api-def.js /assets/JournalPage-ghi.js" />',
    );
    // The frame's styles still come before its first paint.
    expect(html.indexOf(styles)).toBeLessThan(html.indexOf('</head>'));
  });

  it("starts with a module of its own instead of the app's when its head names one, and keeps the app's styles", () => {
    const start = [
      '<script type="module" crossorigin src="/assets/landing-start-jkl.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/shared-mno.js">',
    ];
    const html = composePage(TEMPLATE, page('/'), start, '<h1>Welcome</h1>');
    expect(html).toContain('<meta name="app-code" content="/assets/landing-start-jkl.js /assets/shared-mno.js" />');
    // A device signed in here is on its way to the journal: it fetches the app's files instead.
    expect(html).toContain('<meta name="app-code-signed-in" content="/assets/index-abc.js /assets/api-def.js" />');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('refuses a template without its root element', () => {
    expect(() => composePage('<html><head></head><body></body></html>', page('/'), [], '')).toThrow(/root/);
  });
});

describe('serving the pages', () => {
  function clientDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'journal-pages-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body>landing</body></html>');
    writeFileSync(join(dir, 'login.html'), '<html><head></head><body>sign-in</body></html>');
    writeFileSync(join(dir, 'signup.html'), '<html><head></head><body>sign-up</body></html>');
    writeFileSync(join(dir, 'app.html'), '<html><head></head><body>shell</body></html>');
    return dir;
  }

  it('answers each page at its address and its file name, the shell elsewhere, all with the settings', async () => {
    const routes = staticRoutes(clientDir(), { announcement: 'Hello <b>all</b>', demoVideoId: null });
    for (const [path, body] of [
      ['/', 'landing'],
      ['/index.html', 'landing'],
      ['/login', 'sign-in'],
      ['/login.html', 'sign-in'],
      // The sign-in page's sign-up mode has a page of its own; its other modes get the sign-in page to draw them in.
      ['/login?mode=signup', 'sign-up'],
      ['/signup.html', 'sign-up'],
      ['/login?mode=reset', 'sign-in'],
      ['/login?mode=signup&email=a%40b.test', 'sign-in'],
      ['/settings', 'shell'],
      ['/app.html', 'shell'],
      // No about.html in this build: its address gets the shell.
      ['/about', 'shell'],
    ] as const) {
      const res = await routes.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const html = await res.text();
      expect(html, path).toContain(`<body>${body}</body>`);
      expect(html, path).toContain('&lt;b&gt;all&lt;/b&gt;');
    }
  });
});
