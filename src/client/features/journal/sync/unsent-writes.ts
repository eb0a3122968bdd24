import { useSyncExternalStore } from 'react';
import type { PendingWrite } from './outbox';

/** The running outbox, as far as code outside the journal needs it. */
export interface RunningOutbox {
  pending(): readonly PendingWrite[];
  /** Tries to send what is queued now, rather than at the next reconnect or retry. */
  sendNow(): void;
}

let running: RunningOutbox | null = null;
const listeners = new Set<() => void>();
const NOTHING_PENDING: readonly PendingWrite[] = [];

/**
 * The signed-in user's writes still waiting for the server, read by the journal's lists and by Sign Out
 * (SignOutDialog.tsx). The outbox itself is started by entry-writes.ts, which attaches it here while it runs.
 */
export const unsentWrites = {
  pending: (): readonly PendingWrite[] => running?.pending() ?? NOTHING_PENDING,
  count: (): number => unsentWrites.pending().length,
  sendNow: (): void => running?.sendNow(),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For entry-writes.ts: the outbox now running, or null once it stopped. */
  attach(outbox: RunningOutbox | null): void {
    running = outbox;
    unsentWrites.changed();
  },
  /** For entry-writes.ts: the running outbox's queue changed. */
  changed(): void {
    for (const listener of listeners) listener();
  },
};

/** How many of the signed-in user's writes wait to be sent, kept current. */
export function useUnsentWriteCount(): number {
  return useSyncExternalStore(unsentWrites.subscribe, unsentWrites.count, unsentWrites.count);
}
