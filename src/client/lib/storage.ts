import { STORAGE_KEYS } from './constants';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * localStorage that never throws: private browsing modes and full quotas make it fail, and a lost
 * preference must not break the page.
 */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Could not save "${key}" in local storage`, error);
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      console.warn(`Could not remove "${key}" from local storage`, error);
    }
  },
};
