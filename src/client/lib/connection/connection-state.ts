import { useSyncExternalStore } from 'react';

/**
 * The data connection of docs/product.md §4: Unknown until the first request settles, Online once the server answers,
 * Offline after a request that could not reach it or got no answer in time (ONLINE_TIMEOUT_MS).
 */
export type ConnectionState = 'unknown' | 'online' | 'offline';

type Listener = (state: ConnectionState) => void;

let state: ConnectionState = 'unknown';
const listeners = new Set<Listener>();

function moveTo(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener(state);
}

export const connection = {
  state: (): ConnectionState => state,
  /** Any HTTP answer from our server, whatever its status, shows it can be reached. */
  reportAnswer: (): void => moveTo('online'),
  /** A request that never reached the server, or got no answer in time. */
  reportFailure: (): void => moveTo('offline'),
  /** Calls the listener on every change of state; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Back to Unknown, for tests. */
  reset(): void {
    state = 'unknown';
    listeners.clear();
  },
};

/** Pages made ahead of time cannot know the connection: they say Unknown, and the device's state follows. */
const renderedState = (): ConnectionState => 'unknown';

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connection.state, renderedState);
}
