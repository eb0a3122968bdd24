import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Config } from '../config';
import type { AppEnv } from './context';
import { HttpError } from './errors';

/**
 * The only framed content: the video host's privacy-enhanced player, on the landing page when DEMO_VIDEO_ID names a
 * hosted video. Otherwise the demo is the walkthrough this server serves itself, and no other origin is allowed.
 */
const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

const VIDEO_FEATURES = ['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'];
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

function securityHeaders(config: Config): [string, string][] {
  const hosted = config.demoVideoId !== undefined;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // blob: for the previews of photos being added, drawn from the chosen files before they are uploaded.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    // The landing page asks the video host whether it answers, since a frame's load event cannot tell.
    hosted ? `connect-src 'self' ${VIDEO_EMBED_ORIGIN}` : "connect-src 'self'",
    hosted ? `frame-src ${VIDEO_EMBED_ORIGIN}` : "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const permissions = [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    ...VIDEO_FEATURES.map((feature) => (hosted ? `${feature}=(self "${VIDEO_EMBED_ORIGIN}")` : `${feature}=(self)`)),
  ].join(', ');
  const headers: [string, string][] = [
    ['content-security-policy', csp],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['x-frame-options', 'DENY'],
    ['permissions-policy', permissions],
  ];
  if (config.appUrl.startsWith('https://')) {
    headers.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  }
  return headers;
}

/** Responses built by `jsonResponse`, which carry every header of `secureResponses` already. */
const complete = new WeakSet<Response>();

/**
 * A JSON response with the security headers and the request id in one plain header object. This is the cheap way
 * to answer: @hono/node-server hands such an object straight to Node, where headers added with `c.header()` first go
 * through a web `Headers` object and are copied out again. The API's frequent answers use it.
 */
export function jsonResponse(
  c: Context<AppEnv>,
  body: string,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
): Response {
  const response = new Response(body, {
    status,
    headers: { ...c.get('responseHeaders'), 'content-type': 'application/json', ...headers },
  });
  complete.add(response);
  return response;
}

/**
 * Puts the security headers and the request id on every response, errors and files included. A response from
 * `jsonResponse` has them already; any other gets those it lacks once the handler is done.
 */
export function secureResponses(config: Config): MiddlewareHandler<AppEnv> {
  const base = Object.fromEntries(securityHeaders(config));
  return async (c, next) => {
    const headers: Record<string, string> = { ...base, 'x-request-id': c.get('requestId') };
    c.set('responseHeaders', headers);
    await next();
    if (complete.has(c.res)) return;
    // Every response the app makes has its own, writable headers (none comes from fetch or Response.redirect).
    const target = c.res.headers;
    for (const name in headers) if (!target.has(name)) target.set(name, headers[name] as string);
  };
}

/** The names of this machine's loopback interface, as a URL's hostname has them. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `origin` is the journal's own page on this machine under another loopback name: http, a loopback name,
 * the server's port, and the request made to that same name and port (so a page at one name cannot write to
 * another, and a name an attacker points at 127.0.0.1 is not a loopback name). Only for a journal without APP_URL.
 */
function localOrigin(origin: string, requestUrl: string, port: number): boolean {
  let page: URL;
  let target: URL;
  try {
    page = new URL(origin);
    target = new URL(requestUrl);
  } catch {
    return false;
  }
  return (
    page.origin === origin &&
    page.protocol === 'http:' &&
    LOOPBACK_NAMES.has(page.hostname) &&
    Number(page.port || 80) === port &&
    target.protocol === 'http:' &&
    target.host === page.host
  );
}

/**
 * State-changing API requests must come from the app's own pages: browsers always send Origin on such requests,
 * so a missing or foreign Origin is another site (or a script) acting with the user's cookie. Mounted for the
 * state-changing methods only, so reads do not pass through it.
 *
 * Without APP_URL (`npm start` on the operator's own machine), http://localhost:PORT is the address, but a browser
 * opened at http://127.0.0.1:PORT or http://[::1]:PORT shows the same pages: their writes are taken too, rather than
 * the pages redirecting to localhost. A redirect would not reach a page the service worker already serves from its
 * cache, and would move the person off the address they chose (a bookmark, an installed app). Cookies are kept per
 * name, so each name has its own session; email links go to http://localhost:PORT. Nothing outside this machine can
 * send those origins: a browser sets Origin itself, and a page elsewhere (at another port, or at a name of its own
 * that resolves to 127.0.0.1) has its own. With APP_URL set, that address alone is the journal's, and a refusal
 * names it.
 */
export function sameOriginWrites(config: Config): MiddlewareHandler<AppEnv> {
  const allowed = new Set([new URL(config.appUrl).origin]);
  // Vite's dev server proxies the API under its own origin; only `npm run dev` sets it.
  if (config.devOrigin) allowed.add(config.devOrigin);
  const openHere = config.appUrlSet
    ? `Open the journal at ${config.appUrl} to do this.`
    : `Open the journal at ${config.appUrl} to do this, or set APP_URL on the server to the address you use.`;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin) throw new HttpError(403, 'forbidden-origin', 'This request must come from the Gratitude Journal app');
    if (!allowed.has(origin) && (config.appUrlSet || !localOrigin(origin, c.req.url, config.port))) {
      throw new HttpError(403, 'forbidden-origin', openHere);
    }
    await next();
  };
}
