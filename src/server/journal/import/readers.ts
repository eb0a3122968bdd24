import { Worker } from 'node:worker_threads';
import { type ImportFormat, UnreadableFile } from './candidates';
import type { CheckedFile, Planned, ReadOptions } from './read-file';

/**
 * A reader is kept for the next file after reading one of at most this size (and not a zip): starting a worker thread
 * and loading the parsers in it took 2 to 12 s on a busy machine, which a tiny import spent at "Importing 0 of 3
 * entries" before its first line of progress, and each preview of a CSV file again. After a larger file, or a zip, the
 * reader ends, and the memory its parse used goes back to the system with it.
 */
const KEEP_AFTER_BYTES = 1024 * 1024;

/** A reader nobody has asked for this long ends. */
const KEEP_IDLE_MS = 5 * 60_000;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

type Answer =
  | { kind: 'entries'; entries: Planned[] }
  | { kind: 'photo'; path: string; bytes: Uint8Array }
  | { kind: 'done'; file: Omit<CheckedFile, 'planned'> }
  | { kind: 'failed'; unreadable: string | null };

/**
 * The worker threads that read and check import files (read-file-worker.mjs), so that parsing many megabytes never
 * holds up the thread that serves requests. A thread reads one file at a time; the server runs at most a few imports
 * at once (import-slots.ts), so there are never more threads than that.
 */
export class ImportReaders {
  private idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private closed = false;

  read(userId: string, format: ImportFormat, bytes: Uint8Array, options: ReadOptions): Promise<CheckedFile> {
    const reusable = bytes.length <= KEEP_AFTER_BYTES && !ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
    const kept = this.idle.pop();
    if (kept) clearTimeout(kept.timer);
    const worker = kept?.worker ?? this.start();
    return new Promise((resolve, reject) => {
      // The entries come in batches, each its own message, so taking them in never holds this thread for long.
      const planned: Planned[] = [];
      // The photo files, when asked for (ReadOptions.maxPhotoBytes): each its own message, its bytes moved, not copied.
      const photos = new Map<string, Buffer>();
      const finish = (keep: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep && !this.closed) this.park(worker);
        else void worker.terminate();
      };
      const onMessage = (answer: Answer) => {
        if (answer.kind === 'entries') {
          planned.push(...answer.entries);
          return;
        }
        if (answer.kind === 'photo') {
          photos.set(answer.path, Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
          return;
        }
        finish(reusable);
        if (answer.kind === 'done') resolve({ ...answer.file, planned, ...(options.maxPhotoBytes !== undefined ? { photos } : {}) });
        else if (answer.unreadable !== null) reject(new UnreadableFile(answer.unreadable));
        else reject(new Error('The import file could not be read'));
      };
      const onError = (error: Error) => {
        finish(false);
        reject(error);
      };
      const onExit = (code: number) => {
        finish(false);
        reject(new Error(`The import reader stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      // The file's bytes move to the worker instead of being copied.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      worker.postMessage({ userId, format, bytes, options }, whole ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  /** Ends the readers that wait for work (the server is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    const idle = this.idle;
    this.idle = [];
    await Promise.all(
      idle.map(({ worker, timer }) => {
        clearTimeout(timer);
        return worker.terminate();
      }),
    );
  }

  private start(): Worker {
    const worker = new Worker(new URL('./read-file-worker.mjs', import.meta.url));
    // A reader waiting for work does not keep the process running; one at work is waited for by its request.
    worker.unref();
    // One that fails or stops while it waits is simply not used again (at work, the job's own listeners answer).
    const forget = () => {
      this.idle = this.idle.filter((entry) => {
        if (entry.worker !== worker) return true;
        clearTimeout(entry.timer);
        return false;
      });
    };
    worker.on('error', forget);
    worker.once('exit', forget);
    return worker;
  }

  private park(worker: Worker): void {
    const timer = setTimeout(() => {
      this.idle = this.idle.filter((entry) => entry.worker !== worker);
      void worker.terminate();
    }, KEEP_IDLE_MS);
    timer.unref();
    this.idle.push({ worker, timer });
  }
}
