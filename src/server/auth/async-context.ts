import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps each call's state in three AsyncLocalStorage instances. On Node 20, once an AsyncLocalStorage
 * has run, async_hooks calls back into JavaScript on every promise the process makes, for good: every later
 * request pays for it, though only better-auth's calls need it (a fifth of a cached day read's time, decision 011).
 *
 * This wraps the three instances' `run` so that they are turned off (`disable()`) whenever none of their runs is
 * in flight; their next `run` turns them on again. A run is in flight until the promise its callback returned
 * settles, and all three share one count, so a call nested in another, or a second sign-in during the first,
 * keeps the context of both. Done once per process, before the first better-auth call (AuthService awaits it).
 */
let confined: Promise<void> | undefined;

export function confineAuthContext(): Promise<void> {
  confined ??= Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]).then((storages) => turnOffWhenIdle(storages));
  return confined;
}

function turnOffWhenIdle(storages: AsyncLocalStorage<unknown>[]): void {
  let running = 0;
  const settled = () => {
    running -= 1;
    if (running === 0) for (const storage of storages) storage.disable();
  };
  for (const storage of storages) {
    const run = storage.run.bind(storage);
    storage.run = <R, A extends unknown[]>(store: unknown, callback: (...args: A) => R, ...args: A): R => {
      running += 1;
      let result: R;
      try {
        result = run(store, callback, ...args);
      } catch (error) {
        settled();
        throw error;
      }
      if (result instanceof Promise) result.then(settled, settled);
      else settled();
      return result;
    };
  }
}
