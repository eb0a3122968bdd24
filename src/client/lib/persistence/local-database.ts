import { createStore, del, delMany, get, getMany, keys, set, update, type UseStore } from 'idb-keyval';

const DATABASE_NAME = 'gratitude-journal';
const STORE_NAME = 'keyval';

// Opened on first use, not on import: unit tests and old browsers have no IndexedDB at all.
let store: UseStore | null | undefined;
const memory = new Map<string, unknown>();

function idbStore(): UseStore | null {
  if (store !== undefined) return store;
  if (typeof indexedDB === 'undefined') {
    // The words of docs/product.md §7 for a browser without offline storage: the app keeps working from memory.
    console.warn('Browser does not support offline persistence');
    store = null;
  } else {
    store = createStore(DATABASE_NAME, STORE_NAME);
  }
  return store;
}

/**
 * The app's small key-value store in IndexedDB (via idb-keyval): the persisted query cache, the remembered
 * session and the outbox of unsent writes. Where IndexedDB does not exist it falls back to memory, so the tab
 * still works, just without surviving a reload. Values come back as `unknown`: callers validate what they read.
 */
export const localDatabase = {
  async get(key: string): Promise<unknown> {
    const target = idbStore();
    return target ? get<unknown>(key, target) : memory.get(key);
  },
  async set(key: string, value: unknown): Promise<void> {
    const target = idbStore();
    if (target) await set(key, value, target);
    else memory.set(key, value);
  },
  async remove(key: string): Promise<void> {
    const target = idbStore();
    if (target) await del(key, target);
    else memory.delete(key);
  },
  /** Reads several values in one transaction, in the order of `names` (undefined where there is none). */
  async getMany(names: readonly string[]): Promise<unknown[]> {
    const target = idbStore();
    return target ? getMany<unknown>([...names], target) : names.map((name) => memory.get(name));
  },
  /** Removes every value whose key starts with `prefix`. */
  async removeStartingWith(prefix: string): Promise<void> {
    const target = idbStore();
    if (!target) {
      for (const name of [...memory.keys()]) if (name.startsWith(prefix)) memory.delete(name);
      return;
    }
    const names = (await keys<IDBValidKey>(target)).filter((name) => typeof name === 'string' && name.startsWith(prefix));
    await delMany(names, target);
  },
  /** Reads, changes and writes one value in a single transaction, so two tabs cannot interleave. */
  async update<T>(key: string, change: (old: unknown) => T): Promise<T> {
    const target = idbStore();
    let next: T | undefined;
    if (target) {
      await update<unknown>(key, (old) => (next = change(old)), target);
      if (next === undefined) throw new Error(`update of "${key}" did not run`);
      return next;
    }
    next = change(memory.get(key));
    memory.set(key, next);
    return next;
  },
};
