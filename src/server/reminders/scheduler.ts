import type { Transaction } from 'kysely';
import { dayKeyToNumber } from '../../shared/dates';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import {
  advanceMonthly,
  advanceReminders,
  type DueReminder,
  enqueuePushes,
  enqueueReminders,
  entryDays,
  entryMonths,
  lockDueMonthly,
  lockDueReminders,
  takeWriteLock,
} from './repository';
import { localDateIn, monthIndexOfKey, nextMonthly, nextReminder } from '../zoned-time';

/** How often each process looks for due reminders; ticks fall on the half-minute, just after it begins. */
const TICK_MS = 30_000;
const TICK_DELAY_MS = 250;
/**
 * A reminder found more than this late (the server was down at its time) is not sent, nor one whose day is over on
 * the person's clock: its next one is awaited.
 */
export const LATE_LIMIT_MS = 60 * 60_000;
/**
 * Reminders claimed and queued per transaction. Each transaction is short, and the pass rests between them, so that
 * 10,000 reminders due at the same minute never hold up anyone's reading or writing for long (bench/RESULTS.md,
 * "Reminders").
 */
const CHUNK = 100;
/** A pass ends after this many transactions, whatever is left, and the next tick goes on: a safety net only. */
const MAX_CHUNKS_PER_PASS = 4_000;

export interface ReminderRun {
  /** Reminders sent, one per person: an email, notifications to their devices, or both. */
  queued: number;
  /** Due reminders passed over, moved on to their next time without an email. */
  written: number;
  late: number;
  inactive: number;
  /** Monthly look-back emails queued, and those passed over (late, an inactive account, or a month without entries). */
  monthly: number;
  monthlySkipped: number;
}

export interface ReminderSchedulerDeps {
  database: DatabaseHandle;
  logger: Logger;
  now: () => Date;
  /** Tells the mail worker that emails are waiting. */
  mailQueued: () => void;
  /** Tells the push worker that notifications are waiting. */
  pushQueued?: () => void;
}

type Outcome = 'send' | 'written' | 'late' | 'inactive';
type MonthlyOutcome = 'send' | 'skip';

/** The longest rest between two transactions of a pass. */
const MAX_REST_MS = 50;

/**
 * Queues the reminders that are due, as emails and as notifications to the person's devices (docs/product.md §14,
 * docs/decisions/019-reminders.md, 030-push-notifications.md). Every process
 * runs one: each pass claims due reminders in transactions of CHUNK, moving each on to its next time with a
 * conditional update in the transaction that queues its email, so a reminder is queued exactly once however many
 * processes look and whenever one stops. The email itself goes through the mail queue (mail/queue.ts), and is written
 * when it is sent (ReminderService.composeMail).
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReminderRun> | undefined;
  private stopped = false;

  constructor(private readonly deps: ReminderSchedulerDeps) {}

  /** Looks for due reminders now and then at every half-minute. */
  start(): void {
    this.stopped = false;
    this.wakeIn(TICK_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Queues every reminder due now. One pass at a time; a call during a pass shares it. */
  runDue(): Promise<ReminderRun> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private wakeIn(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.runDue()
        .catch(() => undefined)
        .finally(() => {
          const now = Date.now();
          this.wakeIn(Math.ceil((now + 1) / TICK_MS) * TICK_MS - now + TICK_DELAY_MS);
        });
    }, ms);
    this.timer.unref();
  }

  private async pass(): Promise<ReminderRun> {
    const run: ReminderRun = { queued: 0, written: 0, late: 0, inactive: 0, monthly: 0, monthlySkipped: 0 };
    const started = performance.now();
    // One moment for the whole pass: what is due, what is late and what comes next are judged against it.
    const now = this.deps.now();
    const nextTimes = new Map<string, string | null>();
    const todays = new Map<string, string>();
    try {
      for (let chunk = 0; chunk < MAX_CHUNKS_PER_PASS && !this.stopped; chunk += 1) {
        const chunkStarted = performance.now();
        const { seen, outcomes } = await this.deps.database.write((trx) => this.claimChunk(trx, now, nextTimes, todays));
        for (const outcome of outcomes) {
          if (outcome === 'send') run.queued += 1;
          else run[outcome] += 1;
        }
        if (seen < CHUNK) break;
        // Rest as long as the transaction took: a burst takes at most about half of the process's time, and the
        // requests that came in meanwhile are answered before the next transaction begins.
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, performance.now() - chunkStarted)));
      }
      // The monthly look-back emails due, claimed the same way in transactions of their own.
      for (let chunk = 0; chunk < MAX_CHUNKS_PER_PASS && !this.stopped; chunk += 1) {
        const chunkStarted = performance.now();
        const { seen, outcomes } = await this.deps.database.write((trx) => this.claimMonthlyChunk(trx, now));
        for (const outcome of outcomes) {
          if (outcome === 'send') run.monthly += 1;
          else run.monthlySkipped += 1;
        }
        if (seen < CHUNK) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, performance.now() - chunkStarted)));
      }
    } catch (error) {
      // Nothing of the failed transaction was kept: its reminders are still due, and the next tick tries again.
      this.deps.logger.error('reminders.pass_failed', { error: error instanceof Error ? error.name : 'unknown' });
    }
    if (run.queued + run.monthly > 0) this.deps.mailQueued();
    if (run.queued > 0) this.deps.pushQueued?.();
    if (run.queued + run.written + run.late + run.inactive + run.monthly + run.monthlySkipped > 0) {
      this.deps.logger.info('reminders.queued', { ...run, ms: Math.round(performance.now() - started) });
    }
    return run;
  }

  /**
   * One transaction: locks up to CHUNK due reminders, decides each (send, or pass over: already written, too late,
   * account disabled or unverified), moves each on to its next time, and queues the emails of those it claimed.
   * It touches only its transaction, so it can run again if the group commit retries it.
   */
  private async claimChunk(
    trx: Transaction<Database>,
    now: Date,
    nextTimes: Map<string, string | null>,
    todays: Map<string, string>,
  ): Promise<{ seen: number; outcomes: Outcome[] }> {
    const { dialect } = this.deps.database;
    await takeWriteLock(trx, dialect);
    const due = await lockDueReminders(trx, dialect, now, CHUNK);
    if (due.length === 0) return { seen: 0, outcomes: [] };

    // The person's day each reminder is for: the day its moment falls on in their zone.
    const dayOf = (reminder: DueReminder) => localDateIn(reminder.timeZone, new Date(reminder.dueAt));
    const days = due.map(dayOf);
    const todayIn = (timeZone: string) => {
      let today = todays.get(timeZone);
      if (today === undefined) {
        today = localDateIn(timeZone, now);
        todays.set(timeZone, today);
      }
      return today;
    };
    const written = await entryDays(
      trx,
      due.map((reminder) => reminder.userId),
      days,
    );

    // Reminders with the same time, days, zone and due moment share their next time, and one update.
    const groups = new Map<string, { dueAt: string; next: string | null; sentFor: string | null; ids: string[] }>();
    const outcomeOf = new Map<string, Outcome>();
    due.forEach((reminder, index) => {
      const day = days[index] ?? '';
      // Late: more than an hour, or its day is over on the person's clock (a reminder at 23:30 found at 00:10).
      const outcome: Outcome =
        now.getTime() - Date.parse(reminder.dueAt) > LATE_LIMIT_MS || todayIn(reminder.timeZone) !== day
          ? 'late'
          : !reminder.emailVerified || reminder.disabled
            ? 'inactive'
            : written.has(`${reminder.userId} ${dayKeyToNumber(day)}`) ||
                (reminder.lastSentLocalDate !== null && reminder.lastSentLocalDate >= day)
              ? 'written'
              : 'send';
      outcomeOf.set(reminder.userId, outcome);
      const scheduleKey = `${reminder.timeZone}|${reminder.minuteOfDay}|${reminder.weekdays}|${day}`;
      let next = nextTimes.get(scheduleKey);
      if (next === undefined) {
        next = nextReminder(reminder, now, day)?.toISOString() ?? null;
        nextTimes.set(scheduleKey, next);
      }
      const sentFor = outcome === 'send' ? day : null;
      const groupKey = `${reminder.dueAt}|${next}|${sentFor}`;
      const group = groups.get(groupKey) ?? { dueAt: reminder.dueAt, next, sentFor, ids: [] };
      group.ids.push(reminder.userId);
      groups.set(groupKey, group);
    });

    const claimed = new Set<string>();
    for (const group of groups.values()) {
      for (const id of await advanceReminders(trx, group.ids, group.dueAt, group.next, group.sentFor)) claimed.add(id);
    }
    const sending = due.filter((reminder) => claimed.has(reminder.userId) && outcomeOf.get(reminder.userId) === 'send');
    await enqueueReminders(
      trx,
      sending.filter((reminder) => reminder.byEmail).map((reminder) => reminder.email),
      now,
    );
    // A notification for each of their devices, for the same day: every channel the person chose, once that day.
    await enqueuePushes(
      trx,
      sending.map((reminder) => ({ userId: reminder.userId, day: dayOf(reminder) })),
      now,
    );
    return {
      seen: due.length,
      outcomes: due.filter((reminder) => claimed.has(reminder.userId)).map((reminder) => outcomeOf.get(reminder.userId) ?? 'late'),
    };
  }

  /**
   * One transaction of monthly look-back emails: locks up to CHUNK due ones, moves each on to the first of the next
   * month, and queues the emails of those it claimed that are to go: on time (within the hour, and still the first
   * on the person's clock), for a verified, enabled account, and for a month with at least one entry. A month
   * without entries gets no email: the daily reminder is the nudge to write, and this one only says what there is.
   */
  private async claimMonthlyChunk(trx: Transaction<Database>, now: Date): Promise<{ seen: number; outcomes: MonthlyOutcome[] }> {
    const { dialect } = this.deps.database;
    await takeWriteLock(trx, dialect);
    const due = await lockDueMonthly(trx, dialect, now, CHUNK);
    if (due.length === 0) return { seen: 0, outcomes: [] };
    // The month each email looks back on: the month before the first it is due on, in the person's zone.
    const lookBacks = due.map((monthly) => monthIndexOfKey(localDateIn(monthly.timeZone, new Date(monthly.dueAt))) - 1);
    const written = await entryMonths(
      trx,
      due.map((monthly) => monthly.userId),
      lookBacks,
    );
    const groups = new Map<string, { dueAt: string; next: string; sentFor: number | null; ids: string[] }>();
    const outcomeOf = new Map<string, MonthlyOutcome>();
    // Writers with the same zone, time and month share their next first.
    const nextTimes = new Map<string, string>();
    due.forEach((monthly, index) => {
      const lookBack = lookBacks[index] ?? 0;
      const onTime =
        now.getTime() - Date.parse(monthly.dueAt) <= LATE_LIMIT_MS &&
        localDateIn(monthly.timeZone, now) === localDateIn(monthly.timeZone, new Date(monthly.dueAt));
      const send =
        onTime &&
        monthly.emailVerified &&
        !monthly.disabled &&
        (monthly.sentFor === null || monthly.sentFor < lookBack) &&
        written.has(`${monthly.userId} ${lookBack}`);
      outcomeOf.set(monthly.userId, send ? 'send' : 'skip');
      const after = Math.max(lookBack, monthly.sentFor ?? lookBack);
      const scheduleKey = `${monthly.timeZone}|${monthly.minuteOfDay}|${after}`;
      const next = nextTimes.get(scheduleKey) ?? nextMonthly(monthly, now, after).at.toISOString();
      nextTimes.set(scheduleKey, next);
      const sentFor = send ? lookBack : null;
      const key = `${monthly.dueAt}|${next}|${sentFor ?? ''}`;
      const group = groups.get(key) ?? { dueAt: monthly.dueAt, next, sentFor, ids: [] };
      group.ids.push(monthly.userId);
      groups.set(key, group);
    });
    const claimed = new Set<string>();
    for (const group of groups.values()) {
      for (const id of await advanceMonthly(trx, group.ids, group.dueAt, group.next, group.sentFor)) claimed.add(id);
    }
    const mine = due.filter((monthly) => claimed.has(monthly.userId));
    await enqueueReminders(
      trx,
      mine.filter((monthly) => outcomeOf.get(monthly.userId) === 'send').map((monthly) => monthly.email),
      now,
      'monthlyLookBack',
    );
    return { seen: due.length, outcomes: mine.map((monthly) => outcomeOf.get(monthly.userId) ?? 'skip') };
  }
}
