import { Hono } from 'hono';
import type { z } from 'zod';
import { renameTagSchema, tagPageQuerySchema } from '../../../shared/tag-schemas';
import { requireUser } from '../../auth/middleware';
import type { SessionReader } from '../../auth/session';
import type { AppEnv } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseWith, readJson } from '../../http/read-json';
import { jsonResponse } from '../../http/security';
import type { TagService } from './service';

/** A refusal that names the field it is about (`tag`, `from`, `to`), in the schema's words. */
const tagError = (issue: z.core.$ZodIssue) => {
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  const message = field === 'from' || field === 'to' ? `${field}: ${issue.message}` : issue.message;
  return new HttpError(400, 'invalid-tag', message);
};

/**
 * The signed-in writer's tags (docs/product.md §5): GET /api/tags (with counts), GET /api/tags/entries?tag= (a tag's
 * entries, a page at a time) and POST /api/tags/rename (rename or merge across the journal). No parameter names a user.
 */
export function tagRoutes({ sessions, tags }: { sessions: SessionReader; tags: TagService }) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(sessions);

  app.get('/', signedIn, async (c) => {
    const body = await tags.list(c.get('user').id, c.get('journal').version);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/entries', signedIn, async (c) => {
    const query = parseWith(tagPageQuerySchema, c.req.queries(), tagError);
    // Kept beside the journal's pages, under a key of the folded query: #Family and #family are one answer.
    const key = `tags/entries?${JSON.stringify([query.tag, query.limit, query.cursor ?? null])}`;
    const body = await tags.page(c.get('user').id, c.get('journal').version, key, query);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.post('/rename', signedIn, async (c) => {
    const { from, to } = parseWith(renameTagSchema, await readJson(c), tagError);
    const result = await tags.rename(c.get('user').id, from, to);
    return jsonResponse(c, JSON.stringify(result));
  });

  return app;
}
