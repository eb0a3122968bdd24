import { Hono } from 'hono';
import type { z } from 'zod';
import { jarQuerySchema, lookBackQuerySchema } from '../../shared/query-schemas';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith } from '../http/read-json';
import { jsonResponse } from '../http/security';
import type { LookBackService } from './service';

/** A parameter the calls do not take, a `not` that is no entry id, or a today that is no day, in the schema's words. */
function queryError(issue: z.core.$ZodIssue): HttpError {
  if (issue.code === 'unrecognized_keys') return new HttpError(400, 'invalid-parameter', issue.message);
  if (issue.path[0] === 'not') return new HttpError(400, 'invalid-id', issue.message);
  return new HttpError(400, 'invalid-date', issue.message);
}

/** GET /api/look-back and GET /api/jar: the signed-in user's own journal only; nothing names another user. */
export function lookBackRoutes({ sessions, lookBack }: { sessions: SessionReader; lookBack: LookBackService }) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(sessions);

  app.get('/look-back', signedIn, async (c) => {
    const { today } = parseWith(lookBackQuerySchema, c.req.queries(), queryError);
    const body = await lookBack.lookBack(c.get('user').id, c.get('journal').version, today);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/jar', signedIn, async (c) => {
    const { today, not } = parseWith(jarQuerySchema, c.req.queries(), queryError);
    const pick = await lookBack.another(c.get('user').id, c.get('journal').version, today, not);
    return jsonResponse(c, JSON.stringify(pick), 200, { 'cache-control': 'private, no-store' });
  });

  return app;
}
