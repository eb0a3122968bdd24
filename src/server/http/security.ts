import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from './context';
import { HttpError } from './errors';

/** The only framed content: the video host's privacy-enhanced player on the landing page. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

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

export function securityHeaders(config: Config): [string, string][] {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The landing page asks the video host whether it answers, since a frame's load event cannot tell.
    `connect-src 'self' ${VIDEO_EMBED_ORIGIN}`,
    `frame-src ${VIDEO_EMBED_ORIGIN}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const permissions = [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    ...VIDEO_FEATURES.map((feature) => `${feature}=(self "${VIDEO_EMBED_ORIGIN}")`),
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

/** Sets the headers before the handler runs, so they are on every response, errors included. */
export function secureResponses(config: Config): MiddlewareHandler<AppEnv> {
  const headers = securityHeaders(config);
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing API requests must come from the app's own pages: browsers always send Origin on such requests,
 * so a missing or foreign Origin is another site (or a script) acting with the user's cookie.
 */
export function sameOriginWrites(config: Config): MiddlewareHandler<AppEnv> {
  const allowed = new Set([new URL(config.appUrl).origin]);
  if (config.env === 'development') allowed.add('http://localhost:5173');
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) {
        throw new HttpError(403, 'forbidden-origin', 'This request must come from the Gratitude Journal app');
      }
    }
    await next();
  };
}
