import { AUTH_MESSAGES, type AuthErrorCode } from '../../shared/messages';
import { connection } from './connection/connection-state';
import { ONLINE_TIMEOUT_MS } from './constants';

/** An error answer of our API, or a failure to reach it (status 0, code 'network-request-failed'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When a refused call may be made again, where the server says (a sign-in over its limit). */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function isAuthErrorCode(code: string): code is AuthErrorCode {
  return Object.hasOwn(AUTH_MESSAGES, code);
}

function messageForCode(code: string): string {
  return isAuthErrorCode(code) ? AUTH_MESSAGES[code] : AUTH_MESSAGES['unexpected-service'];
}

async function readErrorBody(response: Response): Promise<{ code: string; message: string; retryAt: Date | null }> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const code = 'code' in body && typeof body.code === 'string' ? body.code : 'unexpected-service';
      const message = 'message' in body && typeof body.message === 'string' && body.message ? body.message : '';
      const retryAt = 'retryAt' in body && typeof body.retryAt === 'string' ? new Date(body.retryAt) : null;
      return {
        code,
        message: message || messageForCode(code),
        retryAt: retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : null,
      };
    }
  } catch {
    // Not JSON (a proxy's error page, for example): fall through to the generic message.
  }
  return { code: 'unexpected-service', message: messageForCode('unexpected-service'), retryAt: null };
}

function networkFailure(): ApiError {
  return new ApiError(0, 'network-request-failed', AUTH_MESSAGES['network-request-failed']);
}

/**
 * fetch() that tells the connection state what happened: any answer means Online; no answer, or none within
 * ONLINE_TIMEOUT_MS (the request is then abandoned), means Offline and rejects with 'network-request-failed'.
 */
async function fetchFromServer(path: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ONLINE_TIMEOUT_MS);
  try {
    const response = await fetch(path, { ...init, signal: controller.signal });
    connection.reportAnswer();
    return response;
  } catch {
    connection.reportFailure();
    throw networkFailure();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls our JSON API with the session cookie. Resolves with the parsed body; rejects with an ApiError
 * carrying the server's code and message, or 'network-request-failed' when the server cannot be reached.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await fetchFromServer(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const { code, message, retryAt } = await readErrorBody(response);
    throw new ApiError(response.status, code, message, retryAt);
  }
  try {
    // The one place a response body meets its type: our own server's answers are shaped on purpose.
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'unexpected-service', messageForCode('unexpected-service'));
  }
}

/** Asks the server whether it answers (the connection state learns the result); never throws. */
export async function probeServer(): Promise<boolean> {
  try {
    await fetchFromServer('/healthz', { method: 'GET', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, body: unknown) => apiRequest<T>('DELETE', path, body),
};

/** The words to show for any failure: the server's message, or the catalogue's for what went wrong. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return AUTH_MESSAGES.unexpected;
}

export function isApiError(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The request never got an answer: offline, the server down, or too slow (status 0). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
