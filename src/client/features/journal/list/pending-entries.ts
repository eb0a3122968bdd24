import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { Mood } from '../../../../shared/mood';
import { writtenTexts } from '../../../../shared/prompts';
import { chipsOf, entryTags } from '../../../../shared/tags';
import { dayOfCreate, type PendingWrite } from '../sync/outbox';

/** An entry as listed: the server's, or one changed on this device and not yet confirmed (`pending`). */
export interface ListedEntry extends JournalEntry {
  pending: boolean;
}

type ContentWrite = Extract<PendingWrite, { kind: 'create' | 'update' }>;

/**
 * A write's text, mood, answers and tags: an edit that leaves the mood out keeps `kept.mood`, one that sends null
 * clears it; an edit that leaves the tags out keeps the entry's chips, and the answers' `#words` (its answers to the
 * writer's own prompts included) are read again, as the server does.
 */
function textOf(write: ContentWrite, memory: string, kept: { mood?: Mood; entry?: JournalEntry } = {}) {
  const { gratitude, celebration, manifestation, mood, answers } = write.content;
  const chosen = mood === undefined ? kept.mood : (mood ?? undefined);
  const text = { gratitude, celebration, manifestation, memory: write.content.memory ?? memory };
  const { entry } = kept;
  const chips = write.content.tags ?? (entry ? chipsOf(entry.tags, writtenTexts(entry)) : []);
  const tags = entryTags(chips, writtenTexts({ ...text, answers }));
  return {
    ...text,
    ...(chosen === undefined ? {} : { mood: chosen }),
    ...(answers === undefined ? {} : { answers }),
    ...(tags.ok && tags.tags.length > 0 ? { tags: tags.tags } : {}),
  };
}

/**
 * The server's entries as this device last saw them, with the writes still waiting in the outbox laid over:
 * new entries of the listed period appear (newest first, like the server's), edits show their new text, and
 * deleted entries are gone. `belongs` tells whether a local day is part of the listed day or month.
 */
export function withPendingWrites(
  entries: readonly JournalEntry[],
  writes: readonly PendingWrite[],
  belongs: (localDate: string) => boolean,
): ListedEntry[] {
  const deleted = new Set<string>();
  const edits = new Map<string, ContentWrite>();
  const created: ContentWrite[] = [];
  for (const write of writes) {
    if (write.kind === 'delete') deleted.add(write.id);
    else if (write.kind === 'update') edits.set(write.id, write);
    else created.push(write);
  }

  const listed: ListedEntry[] = entries
    .filter((entry) => !deleted.has(entry.id))
    .map((entry) => {
      const edit = edits.get(entry.id);
      if (!edit) return { ...entry, pending: false };
      const { mood: kept, tags: _tags, ...rest } = entry;
      return { ...rest, ...textOf(edit, entry.memory, { mood: kept, entry }), pending: true };
    });

  const known = new Set(entries.map((entry) => entry.id));
  const added: ListedEntry[] = [];
  for (const write of created) {
    if (write.kind !== 'create' || known.has(write.id) || deleted.has(write.id) || !belongs(dayOfCreate(write))) {
      continue;
    }
    const latest = edits.get(write.id) ?? write;
    added.push({
      id: write.id,
      userId: '',
      date: write.writtenAt,
      localDate: dayOfCreate(write),
      ...(write.day === undefined || write.day === write.localDate ? {} : { addedOn: write.localDate }),
      utcOffset: write.utcOffset ?? null,
      updatedAt: write.writtenAt,
      ...textOf(latest, ''),
      pending: true,
    });
  }
  if (added.length === 0) return listed;
  return [...added, ...listed].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
