import type { EntryPage, JournalEntry } from '../../../../shared/entry-schemas';
import type { JournalMonths, MonthSignature } from '../../../../shared/journal-copy';
import { MAX_PAGE_SIZE } from '../../../../shared/limits';
import { apiRequest } from '../../../lib/api';
import {
  announceJournalSize,
  type CopyIndex,
  keepMonth,
  readCopyIndex,
  settleCopy,
} from '../../../lib/persistence/journal-copy';

/**
 * Fills the device's copy of the journal (lib/persistence/journal-copy.ts, docs/product.md §10) in the background:
 * asks which months changed since the copy was last current, then fetches them one by one, newest first, and keeps
 * each as it arrives. Between months it waits for the browser to be idle, so the work on the page's thread comes in
 * slices of one month's page of entries: parsing and storing it, never the whole journal at once. Stopped half way
 * (the app closed, the connection lost), it goes on from the months it had not kept yet.
 */
export async function fillJournalCopy(userId: string, signal: AbortSignal): Promise<void> {
  await idle(signal);
  const index = await readCopyIndex(userId);
  const since = index.version === null ? '' : `?since=${index.version}`;
  const answer = await apiRequest<JournalMonths>('GET', `/api/entries/months${since}`);
  if (answer.months === null) return;
  announceJournalSize(answer.months.reduce((sum, month) => sum + month.entries, 0));
  const onServer = new Set(answer.months.map((month) => month.month));
  // Until every changed month is kept again, the copy is not the whole journal.
  await settleCopy(
    userId,
    Object.keys(index.months).filter((month) => !onServer.has(month)),
    null,
  );
  for (const signature of answer.months) {
    if (!changed(index, signature)) continue;
    await idle(signal);
    const entries = await monthEntries(signature.month, signal);
    await keepMonth(userId, signature, entries);
  }
  await settleCopy(userId, [], answer.version);
}

function changed(index: CopyIndex, signature: MonthSignature): boolean {
  const held = index.months[signature.month];
  return (
    held?.entries !== signature.entries || held.changedAt !== signature.changedAt || held.digest !== signature.digest
  );
}

/** A month's entries, every page of them, each page fetched after the browser was idle. */
async function monthEntries(month: string, signal: AbortSignal): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ month, limit: String(MAX_PAGE_SIZE) });
    if (cursor) params.set('cursor', cursor);
    const page: EntryPage = await apiRequest<EntryPage>('GET', `/api/entries?${params}`);
    entries.push(...page.entries);
    cursor = page.nextCursor;
    if (cursor) await idle(signal);
  } while (cursor);
  return entries;
}

/** Resolves once the browser has nothing more urgent to do (a tap, a frame); rejects once the fill is stopped. */
function idle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const handle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout: 2000 })
        : window.setTimeout(done, 0);
    const stop = () => {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
