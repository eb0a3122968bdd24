import { useMutation, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { monthKeyOf } from '../../../../shared/dates';
import { newEntryId } from '../../../../shared/entry-id';
import type { EntryContent, EntryPage, JournalEntry, Stats } from '../../../../shared/entry-schemas';
import { AUTH_MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api';
import { connection } from '../../../lib/connection/connection-state';
import { localDatabase } from '../../../lib/persistence/local-database';
import { useAuth } from '../../../lib/session/auth-context';
import { todayKey } from '../../../lib/today';
import { journalApi, journalKeys, type NewEntry } from '../api';
import { lookBackKeys } from '../look-back/api';
import { knownJournal, statsWithPendingWrites } from '../stats/pending-stats';
import { Outbox, parseQueue, type EntryWrite, type OutboxStore, type PendingWrite, type SubmitResult } from './outbox';
import { unsentWrites } from './unsent-writes';
import { forgetWaitingPhotos, isWaitingPhoto, uploadWaitingPhotos } from '../photos/waiting-photos';

/** After a round stalled on a server error (5xx, 401...) while the server answers, when to try again. */
export const SYNC_RETRY_MS = 30_000;

/** One queue per user, so one account's unsent writes are never sent with another's session. */
function storedQueue(userId: string): OutboxStore {
  const key = `outbox:${userId}`;
  return {
    read: async () => parseQueue(await localDatabase.get(key)),
    change: (change) => localDatabase.update(key, (stored) => change(parseQueue(stored))),
  };
}

/** Two tabs sending the same queue at once could replay a create after its delete: one round at a time. */
async function oneTabAtATime(task: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return task();
  return await navigator.locks.request('gratitude-journal-outbox', task);
}

/** The write's content with its photos added offline uploaded first, named by their server ids. */
async function withPhotosSent<T extends { content: EntryContent }>(write: T): Promise<T> {
  const photos = write.content.photos;
  if (!photos?.some(isWaitingPhoto)) return write;
  return { ...write, content: { ...write.content, photos: await uploadWaitingPhotos(photos) } };
}

async function sendWrite(queued: PendingWrite): Promise<JournalEntry | null> {
  const write = queued.kind === 'delete' ? queued : await withPhotosSent(queued);
  switch (write.kind) {
    case 'create':
      return journalApi.create({
        id: write.id,
        content: write.content,
        localDate: write.localDate,
        ...(write.utcOffset === undefined ? {} : { utcOffset: write.utcOffset }),
        ...(write.day === undefined ? {} : { day: write.day }),
      });
    case 'update':
      return journalApi.update(write.id, write.content, write.localDate);
    case 'delete':
      try {
        await journalApi.remove(write.id);
      } catch (error) {
        // Already gone: an earlier attempt deleted it and its answer was lost, or it never reached the server.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      return null;
  }
}

type CachedEntries = EntryPage | InfiniteData<EntryPage, string | null>;

function isInfinite(data: CachedEntries): data is InfiniteData<EntryPage, string | null> {
  return 'pages' in data;
}

/**
 * Changes every cached list (day pages, month pages and a tag's pages alike). Other answers live under the entries'
 * key too, to be read again after every write (the tag list): they are left as they are.
 */
function editCachedLists(queryClient: QueryClient, edit: (entries: JournalEntry[]) => JournalEntry[]): void {
  queryClient.setQueriesData<CachedEntries>({ queryKey: journalKeys.entries }, (data) => {
    if (!data) return data;
    if (isInfinite(data)) return { ...data, pages: data.pages.map((page) => ({ ...page, entries: edit(page.entries) })) };
    if (!Array.isArray(data.entries)) return data;
    return { ...data, entries: edit(data.entries) };
  });
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Counts a confirmed write in every cached day's stats as the server now does, before the lists take it in: while it
 * waited, the stats panel counted it from the outbox (stats/pending-stats.ts), and once it is in the lists it counts
 * from there. So the numbers neither dip nor count it twice until the stats' refetch brings the server's.
 */
function countConfirmed(queryClient: QueryClient, write: PendingWrite): void {
  if (write.kind === 'update') return;
  const known = knownJournal(queryClient);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: journalKeys.stats })) {
    const [, day, ...rest] = query.queryKey;
    // Only the stats of a day; the calendar's day counts live under the same key (calendar/api.ts).
    if (typeof day !== 'string' || !DAY_KEY.test(day) || rest.length > 0) continue;
    queryClient.setQueryData<Stats>(query.queryKey, (stats) => stats && statsWithPendingWrites(stats, [write], day, known));
  }
}

/**
 * Puts the server's answer into the cached lists the moment a write is confirmed, so the card does not blink
 * between leaving the outbox and the lists' refetch, and into the cached stats (countConfirmed).
 */
function showConfirmed(queryClient: QueryClient, write: PendingWrite, entry: JournalEntry | null): void {
  countConfirmed(queryClient, write);
  if (write.kind === 'delete') {
    editCachedLists(queryClient, (entries) => entries.filter((cached) => cached.id !== write.id));
    return;
  }
  if (!entry) return;
  if (write.kind === 'update') {
    editCachedLists(queryClient, (entries) => entries.map((cached) => (cached.id === entry.id ? entry : cached)));
    return;
  }
  const prepend = (page: EntryPage): EntryPage => ({
    ...page,
    entries: [entry, ...page.entries.filter((cached) => cached.id !== entry.id)],
  });
  queryClient.setQueryData<EntryPage>(journalKeys.day(entry.localDate), (page) => (page ? prepend(page) : page));
  queryClient.setQueryData<InfiniteData<EntryPage, string | null>>(journalKeys.month(monthKeyOf(entry.localDate)), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    return data && first ? { ...data, pages: [prepend(first), ...rest] } : data;
  });
}

/**
 * After any write the lists and the numbers are out of date; active ones refetch before this resolves. Today's list
 * brings looking back with it (a deleted entry may have been on it); the jar goes back to the day's pick.
 */
function refreshJournal(queryClient: QueryClient): Promise<unknown> {
  queryClient.removeQueries({ queryKey: lookBackKeys.jars });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: journalKeys.entries }),
    queryClient.invalidateQueries({ queryKey: journalKeys.stats }),
  ]);
}

let active: Outbox<JournalEntry | null> | null = null;
/**
 * Writes made before OutboxSync has started wait for it. Its code loads on its own once the user is known, so the
 * journal can be on screen, and a Save pressed, a moment before the outbox is there. Each waits for its own user's
 * outbox: if another user's starts first (a sign-out, then a sign-in, in the same tab), the write is refused.
 */
const waitingForOutbox: {
  userId: string;
  resume: (outbox: Outbox<JournalEntry | null>) => void;
  refuse: (error: unknown) => void;
}[] = [];

function noUser(): ApiError {
  return new ApiError(401, 'no-user', AUTH_MESSAGES['no-user']);
}

/** What the sync tells the screen: a queued write refused for good, and writes that waited and have now gone. */
export interface SyncReports {
  refused: (write: PendingWrite, error: unknown) => void;
  deliveredAfterWaiting: (writes: readonly PendingWrite[]) => void;
}

/**
 * Starts syncing the signed-in user's outbox: once now (app start), whenever the connection comes back, and
 * again after SYNC_RETRY_MS when a round stalled although the server answers. Returns the stop function.
 */
export function startSync(userId: string, queryClient: QueryClient, reports: SyncReports): () => void {
  const outbox = new Outbox<JournalEntry | null>({
    store: storedQueue(userId),
    send: sendWrite,
    onSent: (write, answer) => {
      showConfirmed(queryClient, write, answer);
      if (write.kind !== 'delete' && write.content.photos) void forgetWaitingPhotos(write.content.photos).catch(() => undefined);
    },
    onRefused: reports.refused,
    onDeliveredAfterWaiting: reports.deliveredAfterWaiting,
    onSynced: () => refreshJournal(queryClient),
    exclusive: oneTabAtATime,
    newOpId: newEntryId,
  });
  let stopped = false;
  let retryTimer: number | undefined;

  function sync(): void {
    window.clearTimeout(retryTimer);
    outbox
      .flush()
      .catch((error: unknown) => console.warn('Could not sync the journal outbox', error))
      .finally(() => {
        if (stopped || outbox.pending().length === 0 || connection.state() !== 'online') return;
        window.clearTimeout(retryTimer);
        retryTimer = window.setTimeout(sync, SYNC_RETRY_MS);
      });
  }

  const unsubscribeOutbox = outbox.subscribe(unsentWrites.changed);
  const unsubscribeConnection = connection.subscribe((state) => {
    if (state === 'online') sync();
  });
  active = outbox;
  for (const waiting of waitingForOutbox.splice(0)) {
    if (waiting.userId === userId) waiting.resume(outbox);
    else waiting.refuse(noUser());
  }
  unsentWrites.attach({ pending: outbox.pending, sendNow: sync });
  outbox
    .load()
    .then(sync)
    .catch((error: unknown) => console.warn('Could not read the journal outbox', error));

  return () => {
    stopped = true;
    window.clearTimeout(retryTimer);
    unsubscribeConnection();
    unsubscribeOutbox();
    if (active !== outbox) return;
    active = null;
    unsentWrites.attach(null);
  };
}

function submitWrite(userId: string | undefined, write: EntryWrite): Promise<SubmitResult> {
  if (!userId) return Promise.reject(noUser());
  if (active) return active.submit(write);
  return new Promise<Outbox<JournalEntry | null>>((resume, refuse) =>
    waitingForOutbox.push({ userId, resume, refuse }),
  ).then((outbox) => outbox.submit(write));
}

/** The signed-in user's writes not yet confirmed by the server, oldest first. */
export function usePendingWrites(): readonly PendingWrite[] {
  return useSyncExternalStore(unsentWrites.subscribe, unsentWrites.pending, unsentWrites.pending);
}

/**
 * Saving, editing and deleting all go through the outbox: each resolves 'sent' when the server has the change,
 * 'queued' when it will be sent once the connection is back, and rejects when the server refuses it.
 */
export function useCreateEntry() {
  const userId = useAuth().user?.id;
  return useMutation({
    mutationFn: (entry: NewEntry) =>
      submitWrite(userId, { kind: 'create', ...entry, writtenAt: new Date().toISOString() }),
  });
}

export function useUpdateEntry() {
  const userId = useAuth().user?.id;
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: EntryContent }) =>
      submitWrite(userId, { kind: 'update', id, content, localDate: todayKey() }),
  });
}

export function useDeleteEntry() {
  const userId = useAuth().user?.id;
  return useMutation({
    mutationFn: (id: string) => submitWrite(userId, { kind: 'delete', id }),
  });
}
