import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '../db/connect';
import type { Renditions } from './decode';
import { attachImported, insertPhoto, lockPhotoSpace, photoUsage } from './repository';

/** A decoded upload, as it is written: its id, owner and time, and both renditions. */
export type NewPhoto = { id: string; userId: string; createdAt: string } & Renditions;

/**
 * An imported photo's entry (journal/import/service.ts): the photo is attached to it at `position`, in the transaction
 * that writes it, and the entry marked changed at `at` (repository.ts, attachImported).
 */
export interface AttachTo {
  entryId: string;
  position: number;
  at: string;
}

type Answer = { outcome: 'kept' | 'over-quota' } | { outcome: 'failed'; message: string };

/**
 * Where uploads and imported photos are written. On a SQLite file, by a worker thread with its own connection (store-worker.mjs): better-
 * sqlite3 runs on the thread that calls it, and the commit of a photo's half a megabyte and more waits for the disk
 * (tens of milliseconds on a busy one) with every other request held up behind it; meanwhile the server's own writes
 * wait their turn (DatabaseHandle.writeApart) and its reads go on. On PostgreSQL, and on an in-memory database, in a
 * transaction of the server's own. Either way the quota is checked in the transaction that writes the row, and the
 * answer comes once it is committed.
 */
export class PhotoStore {
  private worker: Worker | null = null;
  private closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'dialect' | 'file' | 'write' | 'writeApart'>,
  ) {}

  /**
   * Writes the photo if it fits the person's quota: 'over-quota' (and nothing written) if not; an imported one
   * attached to its entry in the same transaction (`attach`). Its renditions' bytes may be moved to the writer's
   * thread: the caller reads only their sizes after.
   */
  async keep(photo: NewPhoto, quotaBytes: number, attach?: AttachTo): Promise<'kept' | 'over-quota'> {
    const { database } = this;
    if (database.dialect === 'sqlite' && database.file !== null && !this.closed) {
      return database.writeApart(() => this.keepApart(photo, quotaBytes, attach));
    }
    return database.write(async (trx) => {
      await lockPhotoSpace(trx, photo.userId, database.dialect);
      const { bytes } = await photoUsage(trx, photo.userId);
      if (bytes + photo.full.length + photo.thumb.length > quotaBytes) return 'over-quota';
      await insertPhoto(trx, photo);
      if (attach) await attachImported(trx, photo.userId, attach.entryId, photo.id, attach.position, attach.at);
      return 'kept';
    });
  }

  /** Ends the worker (the server is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  /** One photo at a time: writeApart runs them in turn. */
  private keepApart(photo: NewPhoto, quotaBytes: number, attach: AttachTo | undefined): Promise<'kept' | 'over-quota'> {
    const worker = this.start();
    return new Promise((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
      };
      const onMessage = (answer: Answer) => {
        done();
        if (answer.outcome === 'failed') reject(new Error(`The photo could not be written: ${answer.message}`));
        else resolve(answer.outcome);
      };
      const onError = (error: Error) => {
        done();
        this.worker = null;
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        this.worker = null;
        reject(new Error(`The photo writer stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      // While it writes, the worker keeps the process running: an acknowledged photo is a written one.
      worker.ref();
      // The renditions move to the writer's thread when they are whole buffers of their own (as the decoder's are),
      // rather than being copied on this one; nothing here reads them after.
      const whole = (bytes: Buffer) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const movable = whole(photo.full) && whole(photo.thumb) && photo.full.buffer !== photo.thumb.buffer;
      worker.postMessage({ photo, quotaBytes, attach }, movable ? [photo.full.buffer as ArrayBuffer, photo.thumb.buffer as ArrayBuffer] : []);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./store-worker.mjs', import.meta.url), { workerData: { file: this.database.file } });
    worker.unref();
    worker.on('error', () => {
      if (this.worker === worker) this.worker = null;
    });
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
