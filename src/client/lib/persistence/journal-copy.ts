import { useEffect, useSyncExternalStore } from 'react';
import type { JournalEntry } from '../../../shared/entry-schemas';
import type { MonthSignature } from '../../../shared/journal-copy';
import { localDatabase } from './local-database';

/**
 * The device's copy of the whole journal, for reading offline (docs/product.md §10): a record per month in IndexedDB,
 * written as each month arrives, and an index of the months held. It lives apart from the query cache, which is
 * restored whole each time the journal opens: the copy is read only when a screen needs it offline, so a journal of
 * years opens as fast as a new one. The filling is the journal's (features/journal/offline-copy).
 */

const PREFIX = 'journal-copy/';
const FORMAT = 1;

/** What the copy holds: each month's signature as the server gave it when the month was copied. */
export interface CopyIndex {
  format: typeof FORMAT;
  /** The journal's version when every month was last found current; null while a fill has yet to finish. */
  version: number | null;
  months: Record<string, HeldMonth>;
}

/** A month as the copy holds it: its signature when copied, and when (ms since the epoch; absent in older copies). */
type HeldMonth = Omit<MonthSignature, 'month'> & { keptAt?: number };

const indexKey = (userId: string) => `${PREFIX}${userId}`;
const monthKey = (userId: string, month: string) => `${PREFIX}${userId}/${month}`;

function isCopyIndex(value: unknown): value is CopyIndex {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as CopyIndex).format === FORMAT &&
    typeof (value as CopyIndex).months === 'object' &&
    (value as CopyIndex).months !== null
  );
}

const EMPTY_INDEX: CopyIndex = { format: FORMAT, version: null, months: {} };

export async function readCopyIndex(userId: string): Promise<CopyIndex> {
  const value = await localDatabase.get(indexKey(userId));
  return isCopyIndex(value) ? value : EMPTY_INDEX;
}

/**
 * Keeps a month's entries, then names the month in the index. A fill stopped in between (the app closed) leaves a
 * record the index does not name: the month is fetched again, and nothing half-written is ever read.
 */
export async function keepMonth(userId: string, signature: MonthSignature, entries: readonly JournalEntry[]) {
  await localDatabase.set(monthKey(userId, signature.month), entries);
  await localDatabase.update(indexKey(userId), (old) => {
    const index = isCopyIndex(old) ? old : EMPTY_INDEX;
    return {
      ...index,
      months: {
        ...index.months,
        [signature.month]: {
          entries: signature.entries,
          changedAt: signature.changedAt,
          digest: signature.digest,
          keptAt: Date.now(),
        },
      },
    };
  });
  progress.changed();
}

/** Forgets the months the server no longer has, and marks the copy current at `version` when `complete`. */
export async function settleCopy(userId: string, gone: readonly string[], version: number | null): Promise<void> {
  await localDatabase.update(indexKey(userId), (old) => {
    const index = isCopyIndex(old) ? old : EMPTY_INDEX;
    const months = { ...index.months };
    for (const month of gone) delete months[month];
    return { ...index, months, version };
  });
  for (const month of gone) await localDatabase.remove(monthKey(userId, month));
  progress.changed();
}

/** A month's entries as the copy holds them. */
export interface CopiedMonth {
  month: string;
  entries: readonly JournalEntry[];
}

/** What the copy holds: its months, and whether they are the whole journal (a fill finished since the last change). */
export interface JournalCopy {
  months: CopiedMonth[];
  whole: boolean;
}

/** Every month the copy holds, newest first: read only when a screen needs it (offline search and looking back). */
export async function readJournalCopy(userId: string): Promise<JournalCopy> {
  const index = await readCopyIndex(userId);
  return { months: await readCopiedMonths(userId, index), whole: index.version !== null };
}

export async function readCopiedMonths(userId: string, known?: CopyIndex): Promise<CopiedMonth[]> {
  const index = known ?? (await readCopyIndex(userId));
  const months = Object.keys(index.months).sort().reverse();
  const records = await localDatabase.getMany(months.map((month) => monthKey(userId, month)));
  return months.flatMap((month, i) => {
    const entries = records[i];
    return Array.isArray(entries) ? [{ month, entries: entries as JournalEntry[] }] : [];
  });
}

/** One month as the copy holds it, and when it was copied (0 when not known). */
export interface KeptMonth {
  entries: readonly JournalEntry[];
  keptAt: number;
}

/**
 * One month of the copy, for the day and month pages offline: its entries when the copy holds it, none when the copy
 * is the whole journal and the month had no entries, and null when the copy cannot tell (it has yet to copy it).
 */
export async function readCopiedMonth(userId: string, month: string): Promise<KeptMonth | null> {
  const index = await readCopyIndex(userId);
  const held = index.months[month];
  if (!held) return index.version !== null ? { entries: [], keptAt: 0 } : null;
  const entries = await localDatabase.get(monthKey(userId, month));
  return Array.isArray(entries) ? { entries: entries as JournalEntry[], keptAt: held.keptAt ?? 0 } : null;
}

/** Nothing of one writer's journal stays on the device after they sign out. */
export async function forgetJournalCopies(): Promise<void> {
  try {
    await localDatabase.removeStartingWith(PREFIX);
  } catch (error) {
    console.warn('Could not clear the offline copy of the journal', error);
  }
  progress.changed();
}

/** How far the copy has come, for Settings: entries held against entries in the journal (null when unknown). */
export interface CopyProgress {
  held: number;
  total: number | null;
  /** A fill finished since the journal last changed: the copy is the whole journal. */
  whole: boolean;
}

let snapshot: CopyProgress = { held: 0, total: null, whole: false };
let total: number | null = null;
let watched: string | null = null;
const listeners = new Set<() => void>();

/** Reads the index of the writer a screen watches again, and tells the screen when its figures moved. */
async function refresh(): Promise<void> {
  if (!watched) return;
  const index = await readCopyIndex(watched);
  const held = Object.values(index.months).reduce((sum, month) => sum + month.entries, 0);
  const whole = index.version !== null;
  if (held === snapshot.held && total === snapshot.total && whole === snapshot.whole) return;
  snapshot = { held, total, whole };
  for (const listener of listeners) listener();
}

const progress = {
  changed(): void {
    if (listeners.size > 0) void refresh();
  },
};

/** For the fill: how many entries the journal has, once the server said. */
export function announceJournalSize(entries: number | null): void {
  total = entries;
  progress.changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The copy's progress for the signed-in writer, kept current while the app fills it. */
export function useCopyProgress(userId: string | null): CopyProgress {
  useEffect(() => {
    watched = userId;
    void refresh();
  }, [userId]);
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}
