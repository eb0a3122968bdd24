import { Hono } from 'hono';
import type { z } from 'zod';
import { dismissMonthSchema, insightsQuerySchema, monthLookBackQuerySchema } from '../../shared/insights-schemas';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import { jsonResponse } from '../http/security';
import type { InsightsService } from './service';

/** A parameter the calls do not take, or a year, day or month that is none, in the schema's words. */
function requestError(issue: z.core.$ZodIssue): HttpError {
  if (issue.code === 'unrecognized_keys') return new HttpError(400, 'invalid-parameter', issue.message);
  if (issue.path[0] === 'year') return new HttpError(400, 'invalid-year', issue.message);
  if (issue.path[0] === 'today') return new HttpError(400, 'invalid-date', issue.message);
  return new HttpError(400, 'invalid-month', issue.message);
}

/**
 * GET /api/insights[?year=YYYY][&today=YYYY-MM-DD], GET /api/insights/month[?today=] and
 * POST /api/insights/month/dismiss: the signed-in writer's own figures only; no parameter names a user.
 */
export function insightsRoutes({ sessions, insights }: { sessions: SessionReader; insights: InsightsService }) {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(sessions));

  app.get('/', async (c) => {
    const { year, today } = parseWith(insightsQuerySchema, c.req.queries(), requestError);
    const body = await insights.insights(c.get('user').id, c.get('journal').version, year, today);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/month', async (c) => {
    const { today } = parseWith(monthLookBackQuerySchema, c.req.queries(), requestError);
    const body = await insights.monthLookBack(c.get('user').id, c.get('journal').version, today);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.post('/month/dismiss', async (c) => {
    const { month } = parseWith(dismissMonthSchema, await readJson(c), requestError);
    await insights.dismiss(c.get('user').id, month);
    return c.body(null, 204);
  });

  return app;
}
