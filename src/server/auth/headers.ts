import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { CLIENT_IP_HEADER } from './better-auth';

/** Only the headers better-auth needs, with the client address we decided on (never a forged header). */
export function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const userAgent = c.req.header('user-agent');
  if (userAgent) headers.set('user-agent', userAgent.slice(0, 512));
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  return headers;
}

export function appendCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
}
