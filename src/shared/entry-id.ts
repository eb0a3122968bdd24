import { v7 } from 'uuid';

/**
 * A new entry's id (and an outbox operation's): a UUID v7, whose first 48 bits are the time it was made. Ids made
 * one after another sort one after another, so each new entry lands next to the last ones in the id index, in a
 * page they already touched, instead of in a random page of it, as a v4 id does: on a large journal that is one
 * more page to write back on every create (docs/decisions/011-throughput-goals.md). The server still accepts any UUID: writes
 * queued by an earlier version of the app carry v4 ids.
 */
export function newEntryId(): string {
  return v7();
}
