import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * A value only the device knows (its storage, its kind of screen), read without breaking a page rendered ahead of
 * time: while React takes over the ready-made HTML it uses `rendered`, the value that HTML was made with, and then
 * draws again with the device's own. Outside that first pass the device's value is used at once.
 */
export function useDeviceValue<T>(read: () => T, rendered: T): T {
  return useSyncExternalStore(noChanges, read, () => rendered);
}
