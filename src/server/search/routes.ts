import { Hono } from 'hono';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { jsonResponse } from '../http/security';
import { readSearchRequest } from './query';
import type { SearchService } from './service';

/**
 * GET /api/search?q=...[&prompt=][&from=][&to=][&order=newest|best][&cursor=] (docs/product.md §17): the signed-in
 * person's entries that match, a page at a time. No parameter names a user: a search reads its own journal only.
 */
export function searchRoutes({ sessions, search }: { sessions: SessionReader; search: SearchService }) {
  const app = new Hono<AppEnv>();

  app.get('/', requireUser(sessions), async (c) => {
    const request = readSearchRequest(c.req.queries());
    const page = await search.search(c.get('user').id, request);
    return jsonResponse(c, JSON.stringify(page), 200, { 'cache-control': 'private, no-store' });
  });

  return app;
}
