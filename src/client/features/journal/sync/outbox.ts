import { OFFLINE_MESSAGES } from '../../../../shared/messages';
import { isMood, type Mood } from '../../../../shared/mood';
import { type PromptAnswer, readAnswers } from '../../../../shared/prompts';
import { isTagName, MAX_TAGS } from '../../../../shared/tags';
import { ApiError } from '../../../lib/api';

interface WriteContent {
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory?: string;
  /** How the day felt; null clears an entry's mood, left out keeps it (writes queued before moods have none). */
  mood?: Mood | null;
  /** The answers to the writer's own prompts, each with its wording as written (writes of the app's own have none). */
  answers?: PromptAnswer[];
  /** The entry's chips (src/shared/tags.ts); left out keeps an entry's (writes queued before tags have none). */
  tags?: string[];
  /** The ids of the entry's photos, uploaded before it was saved; left out keeps an edited entry's own. */
  photos?: string[];
}

/**
 * A change to the journal waiting to reach the server. Each carries the entry id, which makes sending it
 * twice harmless: a repeated create returns the stored entry, a repeated update writes the same text, and a
 * repeated delete answers 404 (taken as done).
 */
export type EntryWrite =
  | {
      kind: 'create';
      id: string;
      content: WriteContent;
      /** The writer's local day when they saved. */
      localDate: string;
      /** Their offset from UTC then, in minutes east; writes queued by an older version have none. */
      utcOffset?: number;
      /** When it was written, to place it in the list until the server has it. */
      writtenAt: string;
      /** The earlier day the entry is for (past days); absent for an entry of the writer's today. */
      day?: string;
    }
  | { kind: 'update'; id: string; content: WriteContent; localDate: string }
  | { kind: 'delete'; id: string };

/** The day a queued new entry belongs to: the earlier day it names, or the writer's day when they saved it. */
export function dayOfCreate(write: Extract<EntryWrite, { kind: 'create' }>): string {
  return write.day ?? write.localDate;
}

/**
 * A write in the queue; `opId` names this one attempt at a change, so it can be removed exactly once. `waited` marks a
 * write that could not be sent when it was tried (offline, or the server failed): once it reaches the server, the
 * writer is told (docs/product.md §10), which a write sent at once needs not.
 */
export type PendingWrite = EntryWrite & { opId: string; waited?: boolean };

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === 'string';

/** The content of a stored write, with only its own fields; undefined when it is not one. */
function readContent(value: unknown): WriteContent | undefined {
  if (!isFields(value)) return undefined;
  const { gratitude, celebration, manifestation, memory, mood, answers, tags, photos } = value;
  if (!text(gratitude) || !text(celebration) || !text(manifestation)) return undefined;
  if (memory !== undefined && !text(memory)) return undefined;
  if (mood !== undefined && mood !== null && !isMood(mood)) return undefined;
  const ownAnswers = answers === undefined ? undefined : readAnswers(answers);
  if (ownAnswers === null || (ownAnswers && Array.isArray(answers) && ownAnswers.length !== answers.length)) return undefined;
  if (tags !== undefined && !(Array.isArray(tags) && tags.length <= MAX_TAGS && tags.every(isTagName))) return undefined;
  if (photos !== undefined && !(Array.isArray(photos) && photos.every(text))) return undefined;
  return {
    gratitude,
    celebration,
    manifestation,
    ...(memory === undefined ? {} : { memory }),
    ...(mood === undefined ? {} : { mood }),
    ...(ownAnswers === undefined ? {} : { answers: ownAnswers }),
    ...(tags === undefined ? {} : { tags: tags as string[] }),
    ...(photos === undefined ? {} : { photos: photos as string[] }),
  };
}

/**
 * One stored write as this version reads it, with only the fields it knows; undefined when it cannot be read. Plain
 * code rather than a schema: the lists read the queue as the journal opens, before any validation code has loaded.
 */
function readWrite(item: unknown): PendingWrite | undefined {
  if (!isFields(item) || !text(item.id) || !text(item.opId)) return undefined;
  const { kind, id, opId, waited } = item;
  if (waited !== undefined && typeof waited !== 'boolean') return undefined;
  const mark = { opId, ...(waited === undefined ? {} : { waited }) };
  if (kind === 'delete') return { kind, id, ...mark };
  const content = readContent(item.content);
  if (!content || !text(item.localDate)) return undefined;
  if (kind === 'update') return { kind, id, content, localDate: item.localDate, ...mark };
  if (kind !== 'create' || !text(item.writtenAt)) return undefined;
  const { utcOffset, day } = item;
  if (utcOffset !== undefined && typeof utcOffset !== 'number') return undefined;
  if (day !== undefined && !text(day)) return undefined;
  return {
    kind,
    id,
    content,
    localDate: item.localDate,
    ...(utcOffset === undefined ? {} : { utcOffset }),
    writtenAt: item.writtenAt,
    ...(day === undefined ? {} : { day }),
    ...mark,
  };
}

/** The stored queue, keeping whatever is still readable (a newer or older app version may have written it). */
export function parseQueue(stored: unknown): PendingWrite[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const write = readWrite(item);
    return write ? [write] : [];
  });
}

/**
 * The queue with one more write. A delete replaces everything queued for its entry (a create that may or may
 * not have reached the server is covered: the delete removes it or answers 404). A second edit, or a second
 * save of the same new entry, takes the place of the first: only the latest text needs sending.
 */
export function withWrite(queue: readonly PendingWrite[], write: PendingWrite): PendingWrite[] {
  if (write.kind === 'delete') return [...queue.filter((queued) => queued.id !== write.id), write];
  const index = queue.findIndex((queued) => queued.kind === write.kind && queued.id === write.id);
  if (index === -1) return [...queue, write];
  return queue.map((queued, i) => (i === index ? write : queued));
}

/**
 * What is said once writes that had waited reached the server: '2 entries synced', '1 entry synced' (an entry
 * written and then edited counts once), and deletions apart; null when there is nothing to say.
 */
export function syncedMessage(writes: readonly PendingWrite[]): string | null {
  const written = new Set(writes.filter((write) => write.kind !== 'delete').map((write) => write.id)).size;
  const deleted = new Set(writes.filter((write) => write.kind === 'delete').map((write) => write.id)).size;
  return OFFLINE_MESSAGES.synced(written, deleted);
}

/**
 * A refusal the server will repeat however often it is asked (validation, an entry no longer editable): the
 * write is dropped and the user told. Anything else (no answer, 5xx, 401 until the user signs in again, 408,
 * 429) keeps it queued for a later try.
 */
export function isFinalRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

export interface OutboxStore {
  read(): Promise<PendingWrite[]>;
  /** Applies `change` to the stored queue in one step and returns the new queue. */
  change(change: (queue: PendingWrite[]) => PendingWrite[]): Promise<PendingWrite[]>;
}

export interface OutboxOptions<TAnswer> {
  store: OutboxStore;
  /** Sends one write; resolves with the server's answer, rejects with an ApiError. */
  send: (write: PendingWrite) => Promise<TAnswer>;
  /** A write reached the server; called before it leaves the queue, so the cache can take its place. */
  onSent?: (write: PendingWrite, answer: TAnswer) => void;
  /** A write the server refused for good, that no submit() is waiting for (those reject instead). */
  onRefused?: (write: PendingWrite, error: unknown) => void;
  /**
   * After a round that delivered writes that had waited (`waited`), with them: only the round that sent them, in the
   * tab that ran it, tells of them, once.
   */
  onDeliveredAfterWaiting?: (writes: readonly PendingWrite[]) => void;
  /** After a round that sent at least one write. */
  onSynced?: () => unknown;
  /** Runs a sending round alone, across tabs where the platform allows. */
  exclusive?: (task: () => Promise<boolean>) => Promise<boolean>;
  newOpId?: () => string;
}

export type SubmitResult = 'sent' | 'queued';

type Outcome = { sent: true } | { sent: false; error: unknown };

/**
 * The queue of journal writes of one user. Every write goes through it, online or not: it is stored first,
 * then sent in order. A write that gets no answer stays queued and is sent again later; one the server
 * refuses for good is dropped.
 */
export class Outbox<TAnswer = unknown> {
  readonly #store: OutboxStore;
  readonly #options: OutboxOptions<TAnswer>;
  #queue: readonly PendingWrite[] = [];
  readonly #listeners = new Set<() => void>();
  #running: Promise<void> | null = null;
  #again = false;
  /** Writes whose submit() waits for the outcome, and the outcomes reached so far. */
  readonly #awaited = new Set<string>();
  readonly #outcomes = new Map<string, Outcome>();

  constructor(options: OutboxOptions<TAnswer>) {
    this.#store = options.store;
    this.#options = options;
  }

  /** The writes not yet confirmed by the server, oldest first. */
  pending = (): readonly PendingWrite[] => this.#queue;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  async load(): Promise<void> {
    this.#show(await this.#store.read());
  }

  /**
   * Queues the write and sends what is queued. Resolves 'sent' once the server has it, 'queued' when it has
   * to wait for a connection; rejects with the server's error when it is refused.
   */
  async submit(write: EntryWrite): Promise<SubmitResult> {
    const queued: PendingWrite = { ...write, opId: this.#options.newOpId?.() ?? crypto.randomUUID() };
    this.#awaited.add(queued.opId);
    try {
      this.#show(await this.#store.change((queue) => withWrite(queue, queued)));
      await this.flush();
      const outcome = this.#outcomes.get(queued.opId);
      if (!outcome) return 'queued';
      if (!outcome.sent) throw outcome.error;
      return 'sent';
    } finally {
      this.#awaited.delete(queued.opId);
      this.#outcomes.delete(queued.opId);
    }
  }

  /**
   * Sends the queued writes in order until the queue is empty or one gets no answer. A call made while a round
   * is running is served by that round (or one more, if the running round emptied the queue first).
   */
  flush(): Promise<void> {
    this.#again = true;
    this.#running ??= this.#run();
    return this.#running;
  }

  async #run(): Promise<void> {
    try {
      while (this.#again) {
        this.#again = false;
        const exclusive = this.#options.exclusive ?? ((task) => task());
        const finished = await exclusive(() => this.#round());
        // Stalled (no answer): asking again at once would stall again. The caller decides when to retry.
        if (!finished) break;
      }
    } finally {
      this.#again = false;
      this.#running = null;
    }
  }

  /** One pass over the queue; false when it stopped on a write that could not be delivered. */
  async #round(): Promise<boolean> {
    let sent = 0;
    const delivered: PendingWrite[] = [];
    try {
      for (;;) {
        // Read afresh each time: another tab may have sent or queued writes meanwhile.
        const queue = await this.#store.read();
        this.#show(queue);
        const next = queue[0];
        if (!next) return true;
        try {
          const answer = await this.#options.send(next);
          this.#options.onSent?.(next, answer);
          this.#settle(next, { sent: true });
          sent += 1;
          if (next.waited) delivered.push(next);
        } catch (error) {
          if (!isFinalRefusal(error)) {
            await this.#markWaiting(queue);
            return false;
          }
          this.#settle(next, { sent: false, error });
        }
        this.#show(await this.#store.change((current) => current.filter((write) => write.opId !== next.opId)));
      }
    } finally {
      if (delivered.length > 0) this.#options.onDeliveredAfterWaiting?.(delivered);
      if (sent > 0) await this.#options.onSynced?.();
    }
  }

  /** Everything queued when a round stalls has waited: said so once it is delivered, whichever tab sends it. */
  async #markWaiting(queue: readonly PendingWrite[]): Promise<void> {
    if (queue.every((write) => write.waited)) return;
    await this.#store.change((current) => current.map((write) => (write.waited ? write : { ...write, waited: true })));
  }

  #settle(write: PendingWrite, outcome: Outcome): void {
    if (this.#awaited.has(write.opId)) this.#outcomes.set(write.opId, outcome);
    else if (!outcome.sent) this.#options.onRefused?.(write, outcome.error);
  }

  #show(queue: readonly PendingWrite[]): void {
    const same =
      queue.length === this.#queue.length && queue.every((write, i) => write.opId === this.#queue[i]?.opId);
    if (same) return;
    this.#queue = queue;
    for (const listener of this.#listeners) listener();
  }
}
