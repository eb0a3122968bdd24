import { Hono } from 'hono';
import { PUSH_MESSAGES, REMINDER_MESSAGES } from '../../shared/messages';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../shared/push-schemas';
import { reminderSettingsSchema } from '../../shared/reminder-schemas';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import type { ReminderService } from './service';

/** The one address that takes a state-changing POST without the app's Origin: a mail program's one-click unsubscribe. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';

const OUR_MESSAGES = new Set<string>(Object.values(REMINDER_MESSAGES));
const OUR_PUSH_MESSAGES = new Set<string>(Object.values(PUSH_MESSAGES));

const invalidLink = () => new HttpError(400, 'invalid-unsubscribe-link', REMINDER_MESSAGES.invalidUnsubscribeLink);

/**
 * /api/reminders: the signed-in person's own reminder settings (there is no route that names another user), and
 * the unsubscribe link's POST, which needs no session: the token in it names the person (docs/product.md §14).
 */
export function reminderRoutes({ sessions, reminders }: { sessions: SessionReader; reminders: ReminderService }) {
  const app = new Hono<AppEnv>();

  /**
   * Both the mail program's one-click POST (RFC 8058: a form body `List-Unsubscribe=One-Click`, no cookie, no
   * Origin) and the unsubscribe page's button. The body is not read: the token in the address is all it takes, and
   * only a POST unsubscribes, never the GET of the link that a mail scanner may fetch ahead of the person.
   */
  app.post('/unsubscribe', async (c) => {
    const token = c.req.query('token');
    // `email=monthly`: the monthly look-back email's link, which turns off that email alone.
    const email = c.req.query('email');
    if (email !== undefined && email !== 'monthly') throw invalidLink();
    if (!token || !(await reminders.unsubscribe(token, email === 'monthly' ? 'monthly' : 'reminders'))) throw invalidLink();
    return c.json({ ok: true });
  });

  app.use('*', requireUser(sessions));

  app.get('/', async (c) => c.json(await reminders.settings(c.get('user').id)));

  app.put('/', async (c) => {
    const input = parseWith(reminderSettingsSchema, await readJson(c), (issue) => {
      const field = issue.path[0];
      if (field === 'timeZone' && issue.code !== 'invalid_type') {
        return new HttpError(400, 'invalid-time-zone', REMINDER_MESSAGES.invalidTimeZone);
      }
      if ((field === 'time' || field === 'days') && OUR_MESSAGES.has(issue.message)) {
        return new HttpError(400, 'invalid-reminder', issue.message);
      }
      return new HttpError(400, 'invalid-reminder', REMINDER_MESSAGES.invalid);
    });
    return c.json(await reminders.save(c.get('user').id, input));
  });

  /** The person's devices with notifications (docs/product.md §14); only their own, whatever is asked. */
  app.get('/devices', async (c) => c.json(await reminders.devices(c.get('user').id)));

  app.post('/devices', async (c) => {
    const input = parseWith(pushSubscriptionSchema, await readJson(c), (issue) => {
      const message = OUR_PUSH_MESSAGES.has(issue.message) ? issue.message : PUSH_MESSAGES.invalid;
      return new HttpError(400, 'invalid-subscription', message);
    });
    return c.json(await reminders.addDevice(c.get('user').id, input, c.req.header('user-agent')), 201);
  });

  /** Turning notifications off on this device: the browser knows it by its endpoint. */
  app.post('/devices/remove', async (c) => {
    const input = parseWith(pushEndpointSchema, await readJson(c), () => new HttpError(400, 'invalid-subscription', PUSH_MESSAGES.invalid));
    await reminders.removeDevice(c.get('user').id, { endpoint: input.endpoint });
    return c.json({ ok: true });
  });

  app.delete('/devices/:id', async (c) => {
    await reminders.removeDevice(c.get('user').id, { id: c.req.param('id') });
    return c.json({ ok: true });
  });

  return app;
}
