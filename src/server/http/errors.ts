import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AUTH_MESSAGES, type AuthErrorCode } from '../../shared/messages';

/**
 * An error the client is meant to see: a status, a stable code and a message from the catalogue, and where the client
 * has a use for it, a fact beside them in the body (when a refused sign-in may be tried again).
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: { retryAt?: string } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A body over the size limit, however it was sent (app.ts, and the parser's refusals in client-errors.ts). */
export const PAYLOAD_TOO_LARGE = { status: 413, code: 'payload-too-large', message: 'The request body is too large' } as const;

export function authError(status: ContentfulStatusCode, code: AuthErrorCode): HttpError {
  return new HttpError(status, code, AUTH_MESSAGES[code]);
}

export function errorResponse(c: Context, error: HttpError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ code: error.code, message: error.message, ...error.details }, error.status);
}
