import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MAX_PHOTO_PIXELS, PHOTO_MAX_SIDE, PHOTO_MESSAGES, THUMB_MAX_SIDE } from '../../shared/photos';
import { HttpError } from '../http/errors';
import type { PhotoLimits, RefusalReason, Renditions } from './decode-photo.mjs';
import type { DecodeAnswer, DecodeRequest, DecodeWorkerData } from './decode-worker.mjs';

// What an upload becomes is decode-photo.mjs's (decodePhoto), run on the decoding thread: this thread never loads
// sharp. Here are the process's bounds on uploads and the answers to a refused one.
export type { Renditions } from './decode-photo.mjs';

const LIMITS: PhotoLimits = { maxPixels: MAX_PHOTO_PIXELS, maxSide: PHOTO_MAX_SIDE, thumbMaxSide: THUMB_MAX_SIDE };

/** The answer to each refusal of decodePhoto: its status and code; its words are PHOTO_MESSAGES'. */
const REFUSALS: Record<RefusalReason, { status: 400 | 413 | 415; code: string }> = {
  notAnImage: { status: 415, code: 'unsupported-photo' },
  svg: { status: 415, code: 'unsupported-photo' },
  heic: { status: 415, code: 'unsupported-photo' },
  tooManyPixels: { status: 413, code: 'photo-too-many-pixels' },
  unreadable: { status: 400, code: 'unreadable-photo' },
};

/** A refused upload, as the writer is told. */
export function photoRefusal(reason: RefusalReason): HttpError {
  const { status, code } = REFUSALS[reason];
  return new HttpError(status, code, PHOTO_MESSAGES[reason]);
}

/**
 * The process's bounds on uploads: at most `admitted` are read or decoded at once (each body up to the upload limit),
 * checked before the body is read; of those, at most `decoding` decode at once, the others waiting their turn. The
 * decoding is done by a worker thread (decode-worker.mjs), which also holds the bodies waiting their turn.
 */
export class PhotoDecoder {
  private inFlight = 0;
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (renditions: Renditions) => void; reject: (error: unknown) => void }>();

  constructor(
    // One core is left to the requests: decodes on every core made other people's day reads wait (bench/photos.ts).
    private readonly decoding = Math.min(2, Math.max(1, availableParallelism() - 1)),
    private readonly admitted = 8,
  ) {}

  /** Runs one upload's work, or refuses it at once (503) when the process holds as many as it takes. */
  async admit<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.admitted) {
      throw new HttpError(503, 'photos-busy', PHOTO_MESSAGES.busy, { 'retry-after': '5' });
    }
    this.inFlight += 1;
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
    }
  }

  /**
   * Decodes when a place is free. With `move`, the bytes move to the decoding thread instead of being copied (when they
   * are a whole buffer of their own), and `input` is empty afterwards: an upload's body, used for nothing else.
   */
  decode(input: Buffer, { move = false } = {}): Promise<Renditions> {
    const worker = this.start();
    const id = (this.nextId += 1);
    return new Promise<Renditions>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      const whole = move && input.byteOffset === 0 && input.byteLength === input.buffer.byteLength;
      const request: DecodeRequest = { id, input };
      worker.postMessage(request, whole ? [input.buffer as ArrayBuffer] : []);
    });
  }

  /** Ends the decoding thread (the server is stopping). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const workerData: DecodeWorkerData = { decoding: this.decoding, limits: LIMITS };
    const worker = new Worker(new URL('./decode-worker.mjs', import.meta.url), { workerData });
    // Waiting for work, it does not keep the process running; at work, it does (decode).
    worker.unref();
    worker.on('message', (answer: DecodeAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ('renditions' in answer) {
        const { full, thumb } = answer.renditions;
        waiting.resolve({
          ...answer.renditions,
          full: Buffer.from(full.buffer, full.byteOffset, full.byteLength),
          thumb: Buffer.from(thumb.buffer, thumb.byteOffset, thumb.byteLength),
        });
      } else if ('refused' in answer) {
        waiting.reject(photoRefusal(answer.refused));
      } else {
        waiting.reject(new Error(`The photo could not be decoded: ${answer.failed}`));
      }
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.once('exit', (code) => fail(new Error(`The photo decoder stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
