import { Hono } from 'hono';
import { profileUpdateSchema } from '../../shared/profile-schemas';
import { displayNameIssue } from '../auth/display-name';
import { requireUser } from '../auth/middleware';
import { updateUserName } from '../auth/repository';
import type { AppEnv, AppServices } from '../http/context';
import { authError, HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import { findProfile, updateProfile } from './repository';

/** The signed-in user's own profile; there is no route that names another user. */
export function profileRoutes(deps: AppServices) {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps.sessions));

  app.get('/', async (c) => {
    const profile = await findProfile(deps.db, c.get('user').id);
    if (!profile) throw new HttpError(404, 'not-found', 'Profile not found');
    return c.json(profile);
  });

  app.patch('/', async (c) => {
    const update = parseWith(profileUpdateSchema, await readJson(c), (issue) => {
      if (issue.path[0] === 'displayName' && issue.code !== 'invalid_type') {
        return authError(400, displayNameIssue(issue, 'invalid-display-name'));
      }
      if (issue.path[0] === 'theme') return new HttpError(400, 'invalid-theme', 'Unknown theme');
      return new HttpError(400, 'invalid-profile', 'Invalid profile update');
    });
    const userId = c.get('user').id;
    await deps.db.transaction().execute(async (trx) => {
      await updateProfile(trx, userId, {
        displayName: update.displayName,
        theme: update.theme,
        showMemorySection: update.preferences?.showMemorySection,
      });
      if (update.displayName !== undefined) {
        await updateUserName(trx, deps.dialect, userId, update.displayName, deps.now());
      }
    });
    const profile = await findProfile(deps.db, userId);
    return c.json(profile);
  });

  return app;
}
