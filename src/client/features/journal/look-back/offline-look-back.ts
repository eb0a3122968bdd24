import { isBlankEntry } from '../../../../shared/entry-fields';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import {
  type JarPick,
  type LookBack,
  type LookBackGroup,
  lookBackTargets,
  MAX_LOOK_BACK_ENTRIES,
} from '../../../../shared/look-back';

/**
 * Looking back without the server (docs/product.md §15): On this day and the jar, worked out from what the device's
 * cache holds. The rule is to say nothing rather than something wrong: a day counts as known only when the cache
 * holds all of its entries (a day's list, a month's list read to its end or past that day, or a look-back answer
 * that looked at it), and the answer says whether every date to look at was known.
 */

/** What the device's query cache holds of the journal, as plain data. */
export interface CachedJournal {
  /** Day lists: each holds its whole day. */
  days: { dayKey: string; entries: readonly JournalEntry[] }[];
  /** Month lists, newest first as far as their pages were read; `complete` when no page is left to read. */
  months: { monthKey: string; entries: readonly JournalEntry[]; complete: boolean }[];
  /** Earlier look-back answers, for any day. */
  lookBacks: readonly LookBack[];
  /** Gratitudes the jar has shown. */
  jarPicks: readonly JarPick[];
  /** The device's copy of the journal is whole (lib/persistence/journal-copy.ts): its months are among `months`. */
  whole?: boolean;
}

export interface OfflineLookBack {
  /** The dates looked at whose entries the cache holds, with entries; as the server would group them. */
  groups: LookBackGroup[];
  /** Whether the cache knew every date to look at: if not, the groups may miss some, and the screen says so. */
  complete: boolean;
}

/** The days whose every entry the cache holds, with those entries (none for a day known to be empty). */
export function knownDays(cache: CachedJournal): Map<string, JournalEntry[]> {
  const known = new Map<string, JournalEntry[]>();
  const add = (day: string, entries: readonly JournalEntry[]) => {
    const held = known.get(day) ?? [];
    const ids = new Set(held.map((entry) => entry.id));
    known.set(day, [...held, ...entries.filter((entry) => !ids.has(entry.id))]);
  };
  for (const answer of cache.lookBacks) {
    // An answer cut at its limit may have left out entries of its oldest dates.
    const count = answer.groups.reduce((sum, group) => sum + group.entries.length, 0);
    if (count >= MAX_LOOK_BACK_ENTRIES) continue;
    for (const target of lookBackTargets(answer.today, answer.firstDay)) {
      for (const day of target.days) {
        const group = answer.groups.find((candidate) => candidate.days.includes(day));
        add(day, group?.entries.filter((entry) => entry.localDate === day) ?? []);
      }
    }
  }
  for (const { dayKey, entries } of cache.days) add(dayKey, entries);
  for (const { monthKey, entries, complete } of cache.months) {
    // Pages come newest first: the days after the oldest day read are whole; that day itself may go on.
    const oldestRead = entries.at(-1)?.localDate;
    for (const day of daysOfMonth(monthKey)) {
      if (complete || (oldestRead !== undefined && day > oldestRead)) {
        add(day, entries.filter((entry) => entry.localDate === day));
      }
    }
  }
  return known;
}

function daysOfMonth(monthKey: string): string[] {
  const [year = 1970, month = 1] = monthKey.split('-').map(Number);
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${monthKey}-${String(i + 1).padStart(2, '0')}`);
}

/**
 * The oldest day of the journal as far as the device knows: the newest look-back answer's, or an older entry the
 * cache holds. Unknown (undefined) when the device holds neither a look-back answer nor the whole journal: then every
 * year could hold something. Null for a journal known to be empty.
 */
function oldestDay(cache: CachedJournal): string | null | undefined {
  const newest = [...cache.lookBacks].sort((a, b) => (a.today < b.today ? 1 : -1))[0];
  if (!newest && !cache.whole) return undefined;
  let oldest = newest?.firstDay ?? null;
  for (const entry of allEntries(cache)) {
    if (oldest === null || entry.localDate < oldest) oldest = entry.localDate;
  }
  return oldest;
}

function allEntries(cache: CachedJournal): JournalEntry[] {
  const byId = new Map<string, JournalEntry>();
  const add = (entries: readonly JournalEntry[]) => {
    for (const entry of entries) byId.set(entry.id, entry);
  };
  for (const answer of cache.lookBacks) {
    for (const group of answer.groups) add(group.entries);
    if (answer.jar.entry) add([answer.jar.entry]);
  }
  for (const pick of cache.jarPicks) if (pick.entry) add([pick.entry]);
  for (const list of [...cache.days, ...cache.months]) add(list.entries);
  return [...byId.values()];
}

/**
 * On this day from the cache. With the journal's oldest day unknown, every year back to 1900 is a date to look at,
 * so the answer is complete only when the device holds a look-back answer (which tells the oldest day).
 * `deleted` are entries deleted on this device and not yet confirmed: they are gone already.
 */
export function lookBackFromCache(today: string, cache: CachedJournal, deleted: ReadonlySet<string> = new Set()) {
  const oldest = oldestDay(cache);
  const known = knownDays(cache);
  const targets = lookBackTargets(today, oldest === undefined ? '1900-01-01' : oldest);
  let complete = oldest !== undefined;
  const groups: LookBackGroup[] = [];
  for (const target of targets) {
    const entries: JournalEntry[] = [];
    for (const day of target.days) {
      const held = known.get(day);
      if (held === undefined) complete = false;
      else entries.push(...held.filter((entry) => !deleted.has(entry.id)));
    }
    entries.sort(newestFirst);
    if (entries.length > 0) groups.push({ ...target, entries });
  }
  return { groups, complete } satisfies OfflineLookBack;
}

function newestFirst(a: JournalEntry, b: JournalEntry): number {
  if (a.localDate !== b.localDate) return a.localDate < b.localDate ? 1 : -1;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/**
 * A gratitude from the jar among the entries the cache holds: written before today, with a gratitude, not deleted,
 * and not `not` whenever there is another. `draw` in [0, 1) picks it. Null when the cache holds none.
 */
export function jarFromCache(
  today: string,
  cache: CachedJournal,
  draw: number,
  not?: string,
  deleted: ReadonlySet<string> = new Set(),
): JarPick {
  const gratitudes = allEntries(cache)
    .filter((entry) => entry.localDate < today && !deleted.has(entry.id) && !isBlankEntry({ gratitude: entry.gratitude }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const others = gratitudes.filter((entry) => entry.id !== not);
  const from = others.length > 0 ? others : gratitudes;
  const entry = from[Math.min(from.length - 1, Math.floor(draw * from.length))] ?? null;
  return { entry, single: gratitudes.length <= 1 };
}

/** A number in [0, 1) from a text, the same every time: the jar's offline pick of the day stays put between renders. */
export function drawFor(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 2 ** 32;
}
