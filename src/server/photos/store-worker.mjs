// Writes uploaded photos to the SQLite file on a thread of its own, with a connection of its own (store.ts), so that
// the commit of half a megabyte and more, and its wait for the disk (synchronous = FULL, docs/decisions/010), never
// holds up the thread that answers requests. One photo per message, in its own transaction: the quota is checked and
// the row written together (an imported photo attached to its entry, the entry marked changed), and the answer comes
// once the commit has reached the disk.
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const db = new SQLite(workerData.file);
// As the server's own connection (db/connect.ts); WAL is the file's, set when the server opened it.
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
db.pragma('synchronous = FULL');

// The row repository.ts's insertPhoto writes.
const used = db.prepare('select coalesce(sum(bytes), 0) as bytes from photo where user_id = ?');
const insert = db.prepare(
  `insert into photo (id, user_id, entry_id, created_at, width, height, thumb_width, thumb_height, bytes, thumb, full_size)
   values (?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
// The rows repository.ts's attachImported writes: the photo on its entry, the entry changed, the journal's version on.
const attachPhoto = db.prepare('update photo set entry_id = ?, position = ? where id = ? and user_id = ?');
const entryChanged = db.prepare('update journal_entry set updated_at = ? where id = ? and user_id = ?');
const journalChanged = db.prepare('update profile set journal_version = journal_version + 1 where uid = ?');
const keep = db.transaction((photo, quotaBytes, attach) => {
  const bytes = photo.full.length + photo.thumb.length;
  if (used.get(photo.userId).bytes + bytes > quotaBytes) return 'over-quota';
  insert.run(
    photo.id,
    photo.userId,
    photo.createdAt,
    photo.width,
    photo.height,
    photo.thumbWidth,
    photo.thumbHeight,
    bytes,
    photo.thumb,
    photo.full,
  );
  if (attach) {
    attachPhoto.run(attach.entryId, attach.position, photo.id, photo.userId);
    entryChanged.run(attach.at, attach.entryId, photo.userId);
    journalChanged.run(photo.userId);
  }
  return 'kept';
});

parentPort.on('message', ({ photo, quotaBytes, attach }) => {
  try {
    // BEGIN IMMEDIATE, as the server's transactions (db/connect.ts): the write lock first, then the quota's read.
    parentPort.postMessage({ outcome: keep.immediate(photo, quotaBytes, attach) });
  } catch (error) {
    parentPort.postMessage({ outcome: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
