import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { apiRequest } from '../e2e/support/api';
import { type RunningServer, startServer } from '../e2e/support/server';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connect';
import { createTestDatabase, type TestDatabase } from '../src/server/test/databases';
import { localDayKey } from '../src/shared/dates';
import { type PushServicePeer, startPushService } from '../src/server/test/push-service';
import { signedInUser } from './support';

/** People whose reminder is due at the same minute. */
export const REMINDER_PEOPLE = 10_000;
/** Day reads of another user run at this many connections through the whole measure. */
const READ_CONNECTIONS = 10;
/** The reads before the reminders' minute, the measure without them. */
const IDLE_SECONDS = 15;
/** How often the benchmark looks at the database to see how many reminders are claimed and how many still queued. */
const POLL_MS = 25;
/** Gives up waiting for the emails to be sent after this long. */
const SEND_LIMIT_MS = 600_000;

/** Zones around the world, with their offsets of whole and half hours; each person's time is that minute on their clock. */
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Nairobi',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
];

function minuteOfDayIn(timeZone: string, at: number): number {
  const fields = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return (fields.hour ?? 0) * 60 + (fields.minute ?? 0);
}

/**
 * REMINDER_PEOPLE verified accounts, each with a reminder on every day at the minute that `dueAt` is on their own
 * clock, written straight into the database the server uses.
 */
async function seedPeople(database: DatabaseHandle, dueAt: number, peer?: PushServicePeer): Promise<void> {
  const now = new Date().toISOString();
  const verified = database.dialect === 'postgres' ? true : 1;
  for (let at = 0; at < REMINDER_PEOPLE; at += 500) {
    const people = Array.from({ length: Math.min(500, REMINDER_PEOPLE - at) }, (_, n) => {
      const id = randomUUID();
      const timeZone = ZONES[(at + n) % ZONES.length] ?? 'UTC';
      return { id, email: `reminded${at + n}@bench.test`, timeZone };
    });
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user')
        .values(people.map(({ id, email }) => ({ id, name: 'Reminded', email, emailVerified: verified, image: null, createdAt: now, updatedAt: now })))
        .execute();
      await trx
        .insertInto('profile')
        .values(people.map(({ id, email }) => ({ uid: id, email, display_name: 'Reminded', created_at: now, show_memory_section: 0, theme: null })))
        .execute();
      await trx
        .insertInto('reminder')
        .values(
          people.map(({ id, timeZone }) => ({
            user_id: id,
            enabled: 1,
            minute_of_day: minuteOfDayIn(timeZone, dueAt),
            weekdays: 0x7f,
            time_zone: timeZone,
            next_due_at: new Date(dueAt).toISOString(),
            last_sent_local_date: null,
            unsubscribe_nonce: randomUUID(),
            updated_at: now,
          })),
        )
        .execute();
      // With notifications: one device each, on the local push service.
      if (peer) {
        await trx
          .insertInto('push_subscription')
          .values(
            people.map(({ id }) => {
              const subscription = peer.subscribe();
              return { id: randomUUID(), user_id: id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, device: 'Bench', created_at: now };
            }),
          )
          .execute();
      }
    });
  }
}

export interface PhaseLatencies {
  reads: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ReminderBench {
  database: 'sqlite' | 'postgres';
  processes: number;
  people: number;
  /** From the reminders' minute until the first and the last was claimed and its email queued. */
  firstQueuedMs: number;
  allQueuedMs: number;
  /** From the reminders' minute until the mail queue had sent them all to the outbox. */
  allSentMs: number;
  /** With notifications: from the minute until the push service had taken them all (0 without). */
  allPushedMs: number;
  /** Pushes the push service refused (a bad signature, a payload that did not decrypt). */
  pushesRefused: number;
  idle: PhaseLatencies;
  queueing: PhaseLatencies;
  sending: PhaseLatencies;
  errors: number;
  non2xx: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function latenciesOf(times: number[]): PhaseLatencies {
  const sorted = [...times].sort((a, b) => a - b);
  return { reads: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * REMINDER_PEOPLE reminders due at the same minute, on SQLite with one server process or on PostgreSQL with
 * `processes` of them, while another user reads their day at READ_CONNECTIONS connections: how long until every
 * email is queued (and then sent to the outbox), and the reads' latencies before the minute, while the reminders are
 * queued and while their emails are sent.
 */
export async function benchReminders(
  kind: 'sqlite' | 'postgres',
  processes = 1,
  options: { push?: boolean } = {},
): Promise<ReminderBench> {
  let testDb: TestDatabase | undefined;
  const servers: RunningServer[] = [];
  let database: DatabaseHandle | undefined;
  const peer = options.push ? await startPushService() : undefined;
  try {
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'silent' };
    if (peer) {
      // Every process trusts the local push service's certificate, as it would a private push service's.
      Object.assign(env, { VAPID_SUBJECT: 'mailto:bench@journal.example.com', PUSH_SERVICE_HOSTS: peer.host, NODE_EXTRA_CA_CERTS: peer.certificateFile });
    }
    if (kind === 'postgres') {
      testDb = await createTestDatabase('postgres', '');
      if (testDb.settings.kind === 'postgres') env.DATABASE_URL = testDb.settings.url;
    }
    servers.push(await startServer(env));
    const first = servers[0] as RunningServer;
    // Every process writes to the first one's outbox, so that the emails sent can be counted in one place.
    for (let n = 1; n < processes; n += 1) servers.push(await startServer({ ...env, MAIL_OUTBOX_DIR: join(first.dataDir, 'outbox') }));
    database = await openDatabase(testDb?.settings ?? { kind: 'sqlite', path: join(first.dataDir, 'journal.db') });

    const reader = await signedInUser(first, 'reminder-reader@bench.test');
    const today = localDayKey(new Date());
    const content = { gratitude: 'The morning light and a warm cup of tea', celebration: 'Finished the chapter', manifestation: 'A calm week' };
    for (let i = 0; i < 3; i += 1) {
      const res = await apiRequest(first.url, 'POST', '/api/entries', { cookie: reader.cookie, body: { content, localDate: today } });
      if (res.status !== 201) throw new Error(`writing the reader's entries failed: ${res.status}`);
    }

    // The minute the reminders are due: far enough ahead for the seeding and the reads without them.
    const dueAt = Math.ceil((Date.now() + (IDLE_SECONDS + 25) * 1000) / 60_000) * 60_000;
    await seedPeople(database, dueAt, peer);
    const dueIso = new Date(dueAt).toISOString();
    const { db } = database;
    const claimedCount = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from reminder where next_due_at > ${dueIso}`.execute(db))
          .rows[0]?.n ?? 0,
      );
    const queuedCount = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from mail_queue where template = 'reminder'`.execute(db))
          .rows[0]?.n ?? 0,
      );
    await pause(Math.max(0, dueAt - IDLE_SECONDS * 1000 - 1000 - Date.now()));

    // Day reads from here to the end, each kept with the moment it was asked.
    const answers: { asked: number; ms: number }[] = [];
    let reads: autocannon.Instance | undefined;
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      reads = autocannon(
        {
          url: `${first.url}/api/entries?day=${today}`,
          headers: { cookie: reader.cookie },
          connections: READ_CONNECTIONS,
          duration: 3600,
        },
        (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
      );
      reads.on('response', (_client, _status, _bytes, ms) => answers.push({ asked: Date.now() - ms, ms }));
    });

    let firstQueued = 0;
    let allQueued = 0;
    let allSent = 0;
    let allPushed = peer ? 0 : 1;
    try {
      await pause(Math.max(0, dueAt - Date.now()));
      for (;;) {
        const now = Date.now();
        if (!allQueued) {
          const claimed = await claimedCount();
          if (claimed > 0 && !firstQueued) firstQueued = now;
          if (claimed >= REMINDER_PEOPLE) allQueued = now;
        } else {
          if (!allSent && (await queuedCount()) === 0) allSent = now;
          if (!allPushed && (peer?.delivered.length ?? 0) >= REMINDER_PEOPLE) allPushed = now;
          if (allSent && allPushed) break;
        }
        if (now - dueAt > SEND_LIMIT_MS) {
          throw new Error(`after ${SEND_LIMIT_MS} ms, ${await claimedCount()} claimed, ${await queuedCount()} waiting, ${peer?.delivered.length ?? 0} pushed, ${peer?.refused.length ?? 0} refused`);
        }
        await pause(POLL_MS);
      }
    } finally {
      reads?.stop();
    }
    const result = await finished;
    process.stdout.write(
      `reminders on ${kind}: queued in ${allQueued - dueAt} ms, sent in ${allSent - dueAt} ms${peer ? `, pushed in ${allPushed - dueAt} ms` : ''}\n`,
    );
    const lastDone = Math.max(allSent, allPushed);
    const during = (from: number, to: number) => latenciesOf(answers.filter((a) => a.asked >= from && a.asked < to).map((a) => a.ms));
    return {
      database: kind,
      processes,
      people: REMINDER_PEOPLE,
      firstQueuedMs: firstQueued - dueAt,
      allQueuedMs: allQueued - dueAt,
      allSentMs: allSent - dueAt,
      allPushedMs: peer ? allPushed - dueAt : 0,
      pushesRefused: peer?.refused.length ?? 0,
      idle: during(dueAt - IDLE_SECONDS * 1000, dueAt),
      queueing: during(dueAt, allQueued),
      sending: during(allQueued, lastDone),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await database?.close();
    // The first process's folder last: the others write their emails into its outbox until they stop.
    for (const server of servers.reverse()) await server.stop();
    await testDb?.drop();
    await peer?.close();
  }
}
