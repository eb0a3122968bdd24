import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Journal entries, sessions and the auth secret: readable and writable by the server's user only. */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes sure a folder exists. The folders this creates (the missing parents included) are the server user's only;
 * a folder that exists already keeps the permissions its operator gave it.
 */
export function makePrivateDir(path: string): void {
  const target = resolve(path);
  const first = mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return;
  // The mode given to mkdir passes through the umask; chmod sets it exactly, on each folder made here.
  const top = resolve(first);
  for (let dir = target; ; dir = dirname(dir)) {
    chmodSync(dir, PRIVATE_DIR_MODE);
    if (dir === top || dirname(dir) === dir) break;
  }
}

/** Creates an empty file for the server user only, unless the file exists. Returns whether it created it. */
export function createPrivateFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
  return true;
}
