import { Hono } from 'hono';
import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey } from '../../shared/dates';
import { dayKeySchema } from '../../shared/entry-schemas';
import { LOOK_BACK_MESSAGES } from '../../shared/messages';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { jsonResponse } from '../http/security';
import { invalidDate } from '../journal/service';
import type { LookBackService } from './service';

const MS_PER_DAY = 86_400_000;

const refuse = (message: string) => new HttpError(400, 'invalid-date', message);

/** A far-off today is the device's clock, and is told so (docs/product.md §5). */
function nearServerDate(today: string, now: Date): string {
  if (Math.abs(dayKeyToNumber(today) - Math.floor(now.getTime() / MS_PER_DAY)) > 1) throw invalidDate();
  return today;
}

/**
 * ?today=YYYY-MM-DD, given once: a calendar day within a day of the server's date, as for a write (the writer's
 * today, docs/product.md §4).
 */
function todayParam(query: Record<string, string[]>, allowed: readonly string[], now: Date): string {
  if (Object.keys(query).some((name) => !allowed.includes(name))) {
    throw new HttpError(400, 'invalid-parameter', LOOK_BACK_MESSAGES.unknownParameter);
  }
  const values = query.today ?? [];
  if (values.length === 0) throw refuse(LOOK_BACK_MESSAGES.todayMissing);
  if (values.length > 1) throw refuse(LOOK_BACK_MESSAGES.todayTwice);
  const [today = ''] = values;
  if (!dayKeySchema.safeParse(today).success) throw refuse(LOOK_BACK_MESSAGES.todayInvalid);
  if (dayNumberToKey(dayKeyToNumber(today)) !== today) throw refuse(LOOK_BACK_MESSAGES.todayInvalid);
  return nearServerDate(today, now);
}

/**
 * `?day=YYYY-MM-DD&lookBack=1` on the day list: today's list with looking back. Only with the day, given once, a
 * calendar day, without a cursor or anything else. Looking back is today's: for a day far from the server's date (a
 * device whose clock is wrong) the list comes without it (`looking: false`) rather than not at all.
 */
export function dayWithLookBackParam(query: Record<string, string[]>, now: Date): { day: string; looking: boolean } {
  const refused = () => new HttpError(400, 'invalid-range', LOOK_BACK_MESSAGES.lookBackWithDayOnly);
  const { day, lookBack, ...rest } = query;
  const once = (values: string[] | undefined) => values?.length === 1;
  if (Object.keys(rest).length > 0 || !once(lookBack) || lookBack?.[0] !== '1' || !once(day)) throw refused();
  const [today = ''] = day ?? [];
  if (!dayKeySchema.safeParse(today).success || dayNumberToKey(dayKeyToNumber(today)) !== today) throw refused();
  return { day: today, looking: Math.abs(dayKeyToNumber(today) - Math.floor(now.getTime() / MS_PER_DAY)) <= 1 };
}

const uuidSchema = z.uuid();

/** ?not=<entry id>: the gratitude shown now, which "Another" should not bring back. Any id; only the owner's matter. */
function notParam(values: string[] | undefined): string | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const [value = ''] = values;
  if (values.length > 1 || !uuidSchema.safeParse(value).success) {
    throw new HttpError(400, 'invalid-id', LOOK_BACK_MESSAGES.notInvalid);
  }
  return value.toLowerCase();
}

/** GET /api/look-back and GET /api/jar: the signed-in user's own journal only; nothing names another user. */
export function lookBackRoutes({
  sessions,
  lookBack: service,
  now,
}: {
  sessions: SessionReader;
  lookBack: LookBackService;
  now: () => Date;
}) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(sessions);

  app.get('/look-back', signedIn, async (c) => {
    const today = todayParam(c.req.queries(), ['today'], now());
    const body = await service.lookBack(c.get('user').id, c.get('journal').version, today);
    return jsonResponse(c, body, 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/jar', signedIn, async (c) => {
    const query = c.req.queries();
    const today = todayParam(query, ['today', 'not'], now());
    const pick = await service.another(c.get('user').id, c.get('journal').version, today, notParam(query.not));
    return jsonResponse(c, JSON.stringify(pick), 200, { 'cache-control': 'private, no-store' });
  });

  return app;
}
