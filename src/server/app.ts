import { randomUUID } from 'node:crypto';
import type { Agent as HttpsAgent } from 'node:https';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createBetterAuth } from './auth/better-auth';
import { accountRoutes, authRoutes } from './auth/routes';
import { AuthService } from './auth/service';
import { SessionReader } from './auth/session';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { isUnavailable } from './db/errors';
import type { AppEnv } from './http/context';
import { HttpError, PAYLOAD_TOO_LARGE, errorResponse } from './http/errors';
import { jsonResponse, sameOriginWrites, secureResponses } from './http/security';
import { staticRoutes } from './http/static';
import type { Logger } from './logger';
import { MailWorker } from './mail/queue';
import { createTransport, type MailTransport } from './mail/transport';
import { ReadCache } from './journal/read-cache';
import { Pruner } from './maintenance/prune';
import { JournalImporter } from './journal/import/service';
import { ImportReaders } from './journal/import/readers';
import { insightsRoutes } from './insights/routes';
import { InsightsService } from './insights/service';
import { importFileTooLarge, importRoutes } from './journal/import/routes';
import { journalRoutes } from './journal/routes';
import { tagRoutes } from './journal/tags/routes';
import { TagService } from './journal/tags/service';
import { JournalService } from './journal/service';
import { lookBackRoutes } from './look-back/routes';
import { LookBackService } from './look-back/service';
import { profileRoutes } from './profile/routes';
import { ProfileService } from './profile/service';
import { PhotoDecoder } from './photos/decode';
import { PHOTOS_PATH, photoRoutes, photoTooLarge } from './photos/routes';
import { PhotoService } from './photos/service';
import { PhotoStore } from './photos/store';
import { ONE_CLICK_UNSUBSCRIBE_PATH, reminderRoutes } from './reminders/routes';
import { PushKeys, PushWorker } from './reminders/push';
import { ReminderScheduler } from './reminders/scheduler';
import { isReminderTemplate, ReminderService } from './reminders/service';
import { searchRoutes } from './search/routes';
import { SearchService } from './search/service';

/**
 * Request bodies above this size are refused before they are read (the largest entry is about 160 kB). An import's
 * file has its own limit, IMPORT_MAX_MB.
 */
export const MAX_BODY_BYTES = 256 * 1024;

const IMPORT_PATH = '/api/import';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  now?: () => Date;
  transport?: MailTransport;
  /** Folder of the built client; omitted in API-only tests. */
  clientDir?: string;
  /** TLS settings for the push services: a private push service's certificate authority (the tests' own). */
  pushAgent?: HttpsAgent;
}

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const transport = deps.transport ?? createTransport(config.mail);
  const auth = new AuthService({
    config,
    db: database.db,
    dialect: database.dialect,
    now,
    mailQueued: () => mailWorker.kickSoon(),
  });
  const mailWorker = new MailWorker({
    db: database.db,
    transport,
    logger,
    now,
    compose: (template, recipient, at, queuedAt) =>
      isReminderTemplate(template)
        ? reminders.composeMail(template, recipient, at, queuedAt)
        : auth.composeMail(template, recipient, at),
    onSent: (mail, file) => {
      // A development convenience: the link the server made, on the console. Never in production logs.
      if (file && config.env === 'development' && mail.link) {
        process.stdout.write(`\n  Email "${mail.subject}" written to ${file}\n  ${mail.link}\n\n`);
      }
    },
  });
  const pruner = new Pruner(database.db, database.dialect, logger, now);
  const pushKeys = new PushKeys({ config, database, now });
  const pushWorker = new PushWorker({ config, database, keys: pushKeys, logger, now, agent: deps.pushAgent });
  const reminders = new ReminderService({ config, database, now, pushKeys });
  const reminderScheduler = new ReminderScheduler({
    database,
    logger,
    now,
    mailQueued: () => mailWorker.kick(),
    pushQueued: () => pushWorker.kick(),
  });
  const betterAuth = createBetterAuth({
    config,
    db: database.db,
    dialect: database.dialect,
  });
  auth.attach(betterAuth);
  const sessions = new SessionReader(
    database,
    config.authSecret,
    betterAuth.$context.then((context) => context.authCookies.sessionToken.name),
  );

  // Every service is built once, here (auth and reminders above), and each route factory gets the ones it uses.
  const write: DatabaseHandle['write'] = (unit) => database.write(unit);
  const readCache = new ReadCache(config.readCacheBytes);
  const journal = new JournalService({ db: database.db, write, now, readCache });
  const tags = new TagService({ db: database.db, write, now, readCache });
  const photoStore = new PhotoStore(database);
  const photoDecoder = new PhotoDecoder();
  const photos = new PhotoService({
    db: database.db,
    write,
    now,
    decoder: photoDecoder,
    store: photoStore,
    quotaBytes: config.media.quotaBytes,
  });
  const lookBack = new LookBackService({ db: database.db, journal, now });
  const search = new SearchService({ db: database.db, dialect: database.dialect });
  const insights = new InsightsService({ db: database.db, dialect: database.dialect, journal, now });
  const profiles = new ProfileService({ db: database.db, dialect: database.dialect, now });
  const importReaders = new ImportReaders();
  const importer = new JournalImporter({
    readers: importReaders,
    db: database.db,
    write,
    now,
    photos,
    maxPhotoBytes: config.media.maxUploadBytes,
  });

  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('clientIp', clientAddress(c, config.trustProxy));
    const started = performance.now();
    await next();
    // The app's own files (everything outside /api) at debug: a line per asset would bury the API's and the links.
    logger[c.req.path.startsWith('/api/') ? 'info' : 'debug']('http.request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use('*', secureResponses(config));
  const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const sameOrigin = sameOriginWrites(config);
  // A mail program's one-click unsubscribe (RFC 8058) comes from no page of ours, with no Origin: its token is all
  // it carries and all it needs (reminders/routes.ts).
  app.on(WRITE_METHODS, '/api/*', (c, next) => (c.req.path === ONE_CLICK_UNSUBSCRIBE_PATH ? next() : sameOrigin(c, next)));

  const tooLarge = () => new HttpError(PAYLOAD_TOO_LARGE.status, PAYLOAD_TOO_LARGE.code, PAYLOAD_TOO_LARGE.message);
  const importTooLarge = () => importFileTooLarge(config.importMaxBytes);
  const streamedBodyLimit = (maxSize: number, refuse: () => HttpError) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw refuse();
      },
    });
  const limitStreamedBody = streamedBodyLimit(MAX_BODY_BYTES, tooLarge);
  // Only requests that carry a body pass through the limit: reading a GET's body would cost every read.
  app.on(WRITE_METHODS, '/api/*', async (c, next) => {
    // A declared length is checked as it is: Node reads no more than that many bytes. Hono's bodyLimit would turn
    // every body into a web stream first, which costs a write request more than its database work.
    const importing = c.req.path === IMPORT_PATH;
    const uploading = c.req.method === 'POST' && c.req.path === PHOTOS_PATH;
    const length = c.req.header('content-length');
    const transferEncoding = c.req.header('transfer-encoding');
    if (length !== undefined && transferEncoding === undefined) {
      if (uploading) {
        if (Number(length) > config.media.maxUploadBytes) throw photoTooLarge(config.media.maxUploadBytes);
        return next();
      }
      if (Number(length) > (importing ? config.importMaxBytes : MAX_BODY_BYTES)) {
        throw importing ? importTooLarge() : tooLarge();
      }
      return next();
    }
    // Node undoes the chunked framing and nothing else: a body also sent gzip'd, say, would be read as plain text.
    // HTTP's answer to a transfer coding the server does not implement is a 501 (RFC 9112, section 6.1).
    if (transferEncoding !== undefined && transferEncoding.trim().toLowerCase() !== 'chunked') {
      throw new HttpError(501, 'unsupported-transfer-encoding', 'Request bodies must be sent whole or chunked');
    }
    // An import's streamed file, and a photo's, is counted by its route as it reads it, once the person may import now: read here, up
    // to IMPORT_MAX_MB, it would be held before anyone was asked who sent it (journal/import/routes.ts).
    if (importing || uploading) return next();
    // A streamed (chunked) body has no length up front: it is counted as it arrives. If it breaks off or is
    // malformed, the client is at fault, not the database: a 400, whatever error the broken stream reports.
    let reading = true;
    try {
      return await limitStreamedBody(c, () => {
        reading = false;
        return next();
      });
    } catch (error) {
      if (!reading || error instanceof HttpError) throw error;
      throw new HttpError(400, 'unreadable-body', 'The request body could not be read');
    }
  });

  const healthy = JSON.stringify({ status: 'ok' });
  app.get('/healthz', (c) => jsonResponse(c, healthy));
  app.get('/readyz', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.get('/api/config', (c) =>
    c.json({
      announcement: config.announcement,
      demoVideoId: config.demoVideoId ?? null,
      importMaxBytes: config.importMaxBytes,
      supportEmail: config.supportEmail ?? null,
      signups: config.signups,
    }),
  );
  app.route('/api/auth', authRoutes({ auth, profiles, sessions }));
  app.route('/api/account', accountRoutes({ auth, sessions }));
  app.route('/api/profile', profileRoutes({ sessions, profiles }));
  app.route('/api/reminders', reminderRoutes({ sessions, reminders }));
  app.route(IMPORT_PATH, importRoutes({ sessions, importer, maxBytes: config.importMaxBytes, logger }));
  app.route('/api/search', searchRoutes({ sessions, search }));
  app.route(PHOTOS_PATH, photoRoutes({ sessions, photos, maxUploadBytes: config.media.maxUploadBytes }));
  app.route('/api/tags', tagRoutes({ sessions, tags }));
  app.route('/api/insights', insightsRoutes({ sessions, insights }));
  app.route('/api', journalRoutes({ sessions, journal, lookBack }));
  app.route('/api', lookBackRoutes({ sessions, lookBack }));
  app.all('/api/*', () => {
    throw new HttpError(404, 'not-found', 'Not found');
  });

  if (deps.clientDir) {
    app.route(
      '/',
      staticRoutes(deps.clientDir, {
        announcement: config.announcement,
        demoVideoId: config.demoVideoId ?? null,
        supportEmail: config.supportEmail,
        signups: config.signups,
      }),
    );
  }

  app.notFound((c) => c.json({ code: 'not-found', message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      return errorResponse(c, new HttpError(error.status as 400, 'bad-request', error.message || 'Bad request'));
    }
    if (isUnavailable(error)) {
      logger.warn('http.unavailable', { requestId: c.get('requestId'), path: c.req.path });
      c.header('retry-after', '5');
      return c.json({ code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' }, 503);
    }
    logger.error('http.unhandled', {
      requestId: c.get('requestId'),
      path: c.req.path,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return c.json({ code: 'internal', message: 'An unexpected error occurred' }, 500);
  });

  return {
    app,
    auth,
    mailWorker,
    pruner,
    reminders: reminderScheduler,
    pushWorker,
    pushKeys,
    async close() {
      await reminderScheduler.stop();
      await pushWorker.stop();
      await pruner.stop();
      await mailWorker.stop();
      await importReaders.close();
      await photoStore.close();
      await photoDecoder.close();
      transport.close();
    },
  };
}

export type JournalApp = ReturnType<typeof createApp>;

/**
 * The client's address: the socket's peer, or, behind a reverse proxy the operator trusts (TRUST_PROXY), the last
 * address that proxy appended to X-Forwarded-For. A client can write anything in that header, so it is read only
 * when configured.
 */
function clientAddress(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
