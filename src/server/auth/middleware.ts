import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { authError } from '../http/errors';
import type { SessionReader } from './session';

/** Lets the request through only with a live session of a verified user, whose id handlers then trust. */
export function requireUser(sessions: SessionReader): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await sessions.read(c.req.header('cookie'));
    if (!session) throw authError(401, 'no-user');
    if (!session.user.emailVerified) throw authError(403, 'email-not-verified');
    c.set('user', session.user);
    c.set('sessionToken', session.token);
    c.set('journal', session.journal);
    await next();
  };
}
