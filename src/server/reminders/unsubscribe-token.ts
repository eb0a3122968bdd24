import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder email's unsubscribe link: the user's id and a keyed hash (HMAC-SHA256) of that id and the
 * reminder's nonce, under a key derived from AUTH_SECRET. It is made when the email is written and never stored
 * (docs/decisions/013): the database holds only the nonce, which is useless without the secret. A token names one
 * person's reminders and nothing else; a new nonce, when reminders are turned on again, voids every older link
 * (docs/decisions/019-reminders.md).
 */

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Longer than any token this server makes: anything longer is refused before any work. */
export const MAX_TOKEN_LENGTH = 256;

export function newUnsubscribeNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * What a link turns off: the reminders (the daily reminder's links), or only the monthly look-back email (its own
 * links). Each has its own key, so a link of one can never turn off the other.
 */
export type UnsubscribeKind = 'reminders' | 'monthly';

const PURPOSE: Record<UnsubscribeKind, string> = {
  reminders: 'gratitude-journal reminder unsubscribe',
  monthly: 'gratitude-journal monthly look-back email unsubscribe',
};

function key(authSecret: string, kind: UnsubscribeKind): Buffer {
  // Its own key, so that nothing signed for another purpose (the session cookie is an HMAC under AUTH_SECRET) can
  // ever pass for an unsubscribe token.
  return createHmac('sha256', authSecret).update(PURPOSE[kind]).digest();
}

function mac(authSecret: string, userId: string, nonce: string, kind: UnsubscribeKind): Buffer {
  return createHmac('sha256', key(authSecret, kind)).update(`${userId}\n${nonce}`).digest();
}

export function unsubscribeToken(authSecret: string, userId: string, nonce: string, kind: UnsubscribeKind = 'reminders'): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(authSecret, userId, nonce, kind).toString('base64url')}`;
}

/** The user id a token claims to be for, or null when it is not a token's shape. Says nothing about its validity. */
export function tokenUserId(token: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !BASE64URL.test(id) || !BASE64URL.test(signature)) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  return userId && Buffer.from(userId).toString('base64url') === id ? userId : null;
}

/** Whether the token was made for this user and this nonce, compared in constant time. */
export function tokenMatches(
  authSecret: string,
  token: string,
  userId: string,
  nonce: string,
  kind: UnsubscribeKind = 'reminders',
): boolean {
  const signature = token.split('.')[1] ?? '';
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(authSecret, userId, nonce, kind);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
