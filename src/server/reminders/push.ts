import type { Agent } from 'node:https';
import webpush from 'web-push';
import { dayKeyToNumber } from '../../shared/dates';
import { quoteForDay } from '../../shared/quotes';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { Logger } from '../logger';
import { localDateIn } from '../zoned-time';
import { dailyQuotes } from './quotes';
import {
  type ClaimedPush,
  claimPushes,
  deletePushes,
  deletePushSubscription,
  entryDays,
  keepPushKeys,
  retryPush,
} from './repository';

/** Notifications claimed and sent at once by a process. */
const BATCH_SIZE = 100;
/** A claimed notification is taken up again by any process once this has passed (the process stopped). */
const CLAIM_LEASE_MS = 60_000;
/** How long a push service may take to answer before the send counts as failed and is tried again later. */
const SEND_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 2_000;
/** Tries of one notification before it is given up; the day's reminder is of no use the next day anyway. */
const MAX_ATTEMPTS = 6;
const MAX_BACKOFF_MS = 30 * 60_000;
/** How long the push service keeps a notification for a device that is off; the reminder is for that day. */
const TTL_SECONDS = 4 * 60 * 60;

export function pushBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Where tapping a notification goes: today's entry form (ReminderService's REMINDER_PATHS.write). */
export const NOTIFICATION_PATH = '/journal/new';

/** What a notification carries: the quote of the day and where to go, never anything the writer typed. */
export interface NotificationPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function reminderNotification(day: string): NotificationPayload {
  const quote = quoteForDay(dailyQuotes(), day);
  return {
    title: 'A moment for gratitude',
    body: `“${quote.quote}”${quote.author ? ` (${quote.author})` : ''}`,
    url: NOTIFICATION_PATH,
    tag: 'reminder',
  };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or else the pair kept in the database, made by
 * the first process that needed one. Read once per process.
 */
export class PushKeys {
  private keys: Promise<VapidKeys> | undefined;

  constructor(private readonly deps: { config: Pick<Config, 'push'>; database: DatabaseHandle; now: () => Date }) {}

  get(): Promise<VapidKeys> {
    const { config, database, now } = this.deps;
    if (config.push.keys) return Promise.resolve(config.push.keys);
    this.keys ??= database.write((trx) => keepPushKeys(trx, webpush.generateVAPIDKeys(), now())).catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }
}

export interface PushWorkerDeps {
  config: Pick<Config, 'push'>;
  database: DatabaseHandle;
  keys: PushKeys;
  logger: Logger;
  now: () => Date;
  /** The TLS settings for the push services (a private push service's certificate authority, in the tests). */
  agent?: Agent;
}

type Outcome = 'sent' | 'gone' | 'retry' | 'dropped';

/**
 * Sends the queued reminder notifications (docs/product.md §14): any process, each notification by the one that
 * claimed it. Separate from the mail queue: a slow or failing push service delays no email, and the other way round.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: PushWorkerDeps) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped || this.deps.config.push.subject === undefined) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Waits for the pass in progress; used at shutdown and by tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  /** Sends every due notification; returns once none is left that is due. */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        const claimed = await this.sendBatch();
        if (claimed < BATCH_SIZE || this.stopped) return;
      }
    } catch (error) {
      this.deps.logger.error('push.queue_failed', { error: error instanceof Error ? error.name : 'unknown' });
    }
  }

  private async sendBatch(): Promise<number> {
    const { database } = this.deps;
    const now = this.deps.now();
    const claimed = await database.write((trx) =>
      claimPushes(trx, database.dialect, now, new Date(now.getTime() + CLAIM_LEASE_MS), BATCH_SIZE),
    );
    if (claimed.length === 0) return 0;
    const written = await entryDays(
      database.db,
      claimed.map((push) => push.userId),
      claimed.map((push) => push.localDate),
    );
    const keys = await this.deps.keys.get();
    // Each send encrypts its payload and signs its token before it goes, synchronously: the loop yields between
    // them, so that requests are answered in between while the sends are in flight together.
    const sends: Promise<Outcome>[] = [];
    for (const push of claimed) {
      await new Promise((resolve) => setImmediate(resolve));
      sends.push(this.sendOrDrop(push, keys, now, written));
    }
    const outcomes = await Promise.all(sends);
    const done = claimed.filter((_, index) => outcomes[index] === 'sent' || outcomes[index] === 'dropped');
    await database.write((trx) => deletePushes(trx, done));
    const counts = { sent: 0, gone: 0, retry: 0, dropped: 0 };
    for (const outcome of outcomes) counts[outcome] += 1;
    this.deps.logger.info('push.batch', counts);
    return claimed.length;
  }

  /**
   * Sends one, or drops it: interrupted before (it may have gone: never twice), reminders turned off or the account
   * disabled since, the day over on the writer's clock, or the day's entry written meanwhile.
   */
  private sendOrDrop(push: ClaimedPush, keys: VapidKeys, now: Date, written: Set<string>): Promise<Outcome> {
    if (
      push.interrupted ||
      !push.enabled ||
      push.inactive ||
      push.timeZone === null ||
      localDateIn(push.timeZone, now) !== push.localDate ||
      written.has(`${push.userId} ${dayKeyToNumber(push.localDate)}`)
    ) {
      if (push.interrupted) this.deps.logger.warn('push.send_interrupted', { subscriptionId: push.subscriptionId });
      return Promise.resolve('dropped');
    }
    return this.send(push, keys);
  }

  private async send(push: ClaimedPush, keys: VapidKeys): Promise<Outcome> {
    const { config, database, logger } = this.deps;
    try {
      await webpush.sendNotification(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        JSON.stringify(reminderNotification(push.localDate)),
        {
          vapidDetails: { subject: config.push.subject ?? '', publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          // A second notification with this topic replaces one the device has not taken yet.
          topic: 'reminder',
          urgency: 'normal',
          timeout: SEND_TIMEOUT_MS,
          ...(this.deps.agent ? { agent: this.deps.agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await database.write((trx) => deletePushSubscription(trx, push.subscriptionId));
        logger.info('push.subscription_gone', { subscriptionId: push.subscriptionId, status });
        return 'gone';
      }
      const attempts = push.attempts + 1;
      const reason = status === undefined ? (error instanceof Error ? error.message.slice(0, 120) : 'unknown') : `HTTP ${status}`;
      if (attempts >= MAX_ATTEMPTS) {
        logger.error('push.abandoned', { subscriptionId: push.subscriptionId, attempts, error: reason });
        return 'dropped';
      }
      const at = new Date(this.deps.now().getTime() + pushBackoffMs(attempts));
      await database.write((trx) => retryPush(trx, push, attempts, at));
      logger.warn('push.send_failed', { subscriptionId: push.subscriptionId, attempts, error: reason });
      return 'retry';
    }
  }
}
