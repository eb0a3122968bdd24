import { Hono } from 'hono';
import { profileUpdateSchema } from '../../shared/profile-schemas';
import { displayNameIssue } from '../auth/display-name';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { authError, HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import type { ProfileService } from './service';

/** The signed-in user's own profile; there is no route that names another user. */
export function profileRoutes({ sessions, profiles }: { sessions: SessionReader; profiles: ProfileService }) {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(sessions));

  app.get('/', async (c) => c.json(await profiles.read(c.get('user').id)));

  app.patch('/', async (c) => {
    const update = parseWith(profileUpdateSchema, await readJson(c), (issue) => {
      if (issue.path[0] === 'displayName' && issue.code !== 'invalid_type') {
        return authError(400, displayNameIssue(issue, 'invalid-display-name'));
      }
      if (issue.path[0] === 'prompts') return new HttpError(400, 'invalid-prompts', issue.message);
      if (issue.path[0] === 'theme') return new HttpError(400, 'invalid-theme', 'Unknown theme');
      if (issue.path[0] === 'welcomeSeen') {
        return new HttpError(400, 'invalid-welcome-seen', 'welcomeSeen can only be true: the welcome, once seen, stays seen');
      }
      return new HttpError(400, 'invalid-profile', 'Invalid profile update');
    });
    return c.json(await profiles.update(c.get('user').id, update));
  });

  return app;
}
