import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id; its const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;

/**
 * argon2id at OWASP's minimum recommendation (m=19 MiB, t=2, p=1). @node-rs/argon2 hashes on libuv's thread
 * pool, so a sign-in never blocks the event loop that serves everyone else.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most this many hashes run at once; the rest wait their turn. Off the event loop is not enough: a burst of
 * sign-ins would otherwise take every core, and every reader's request would wait behind them.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_PARAMS));
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await limited(() => verify(stored, password));
  } catch {
    return false;
  }
}
