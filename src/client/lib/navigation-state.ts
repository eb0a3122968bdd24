import type { To } from 'react-router';

/**
 * What screens pass each other in history state: where a signed-out visitor was heading, a notice for the login
 * screen, and the email typed in one of its modes, for the next. History state can hold anything, so it is checked
 * field by field, never trusted.
 */
export interface NavigationState {
  from?: { pathname: string; search: string; hash: string };
  message?: string;
  email?: string;
}

/** Longer than any address a form accepts: anything beyond it is not an address someone typed. */
const MAX_CARRIED_EMAIL = 320;

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const own: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return own;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function readNavigationState(state: unknown): NavigationState {
  const result: NavigationState = {};
  const message = field(state, 'message');
  if (typeof message === 'string' && message) result.message = message;
  const email = field(state, 'email');
  if (typeof email === 'string' && email && email.length <= MAX_CARRIED_EMAIL) result.email = email;
  const from = field(state, 'from');
  const pathname = field(from, 'pathname');
  // Same-origin paths only: '//host' would leave the site.
  if (typeof pathname === 'string' && /^\/(?!\/)/.test(pathname)) {
    result.from = { pathname, search: text(field(from, 'search')), hash: text(field(from, 'hash')) };
  }
  return result;
}

/** Where to go after signing in: back where the visitor was heading, else the given fallback. */
export function returnTarget(state: unknown, fallback: string): To {
  return readNavigationState(state).from ?? fallback;
}
