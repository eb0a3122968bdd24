import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { recordServerSettings } from './admin/repository';
import { createApp } from './app';
import { BackupScheduler } from './backup/scheduler';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { batchResponses } from './http/batch-responses';
import { answerClientErrors } from './http/client-errors';
import { createLogger } from './logger';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database);
  // For `npm run admin`, which runs with a shell's variables, not necessarily this server's.
  await recordServerSettings(database.db, config, new Date());
  const journal = createApp({ config, database, logger, clientDir: resolve('dist/client') });
  journal.mailWorker.start();
  journal.pruner.start();
  journal.reminders.start();
  journal.pushWorker.start();
  // The VAPID key pair, made now by the first server to start without one, so that every process has the same.
  if (config.push.subject !== undefined) await journal.pushKeys.get();
  else logger.info('push.unavailable', { reason: 'no VAPID_SUBJECT, SUPPORT_EMAIL or https APP_URL' });
  const backups = config.backups
    ? new BackupScheduler({ settings: config.backups, location: config.database, database, logger, now: () => new Date() })
    : undefined;
  void backups?.start();

  const server = serve({ fetch: batchResponses(journal.app.fetch), port: config.port, hostname: config.host }, (info) => {
    logger.info('server.listening', { port: info.port, host: config.host, database: database.dialect });
    process.stdout.write(`Gratitude Journal is running at ${config.appUrl}\n`);
  });
  answerClientErrors(server as Server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('server.stopping', { signal });
    // Stop accepting; idle keep-alive connections close now, busy ones after their response.
    server.close(() => {
      void journal
        .close()
        .then(() => backups?.stop())
        .then(() => database.close())
        .then(() => {
          logger.info('server.stopped', { signal });
          process.exit(0);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => {
      logger.error('server.stop_timeout', { signal });
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Gratitude Journal could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
