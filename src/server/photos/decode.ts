import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS, PHOTO_MAX_SIDE, PHOTO_MESSAGES, THUMB_MAX_SIDE } from '../../shared/photos';
import { HttpError } from '../http/errors';

// libvips keeps no cache of decoded images between uploads and uses one thread per image: the decodes a process
// runs at once (PhotoDecoder) are then what bounds its memory and its share of the cores.
sharp.cache(false);
sharp.concurrency(1);

/** A photo as kept: both renditions, re-encoded from the decoded pixels, with no metadata at all. */
export interface Renditions {
  full: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
  thumbWidth: number;
  thumbHeight: number;
}

type Kind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'svg';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/**
 * What a file is, from its first bytes alone: the formats kept, the two refused with words of their own, or null. A
 * declared Content-Type is not asked: it is the sender's to choose.
 */
function sniff(bytes: Buffer): Kind | null {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // The major brand, then the compatible ones, up to the box's end.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    return null;
  }
  const start = ascii(0, 512).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return 'svg';
  return null;
}

const refused = (status: 400 | 413 | 415, code: string, message: string) => new HttpError(status, code, message);

/**
 * Decodes an upload and makes what is kept of it: refuses anything but a JPEG, PNG, WebP, AVIF or GIF (the first frame
 * of an animation), refuses more than MAX_PHOTO_PIXELS from the header before any pixel is decoded, turns the image
 * upright by its orientation, scales it to PHOTO_MAX_SIDE and THUMB_MAX_SIDE, and writes both as WebP. sharp writes no
 * metadata unless asked, so location, camera serials and the rest stay behind.
 */
export async function decodePhoto(input: Buffer): Promise<Renditions> {
  const kind = sniff(input);
  if (kind === 'svg') throw refused(415, 'unsupported-photo', PHOTO_MESSAGES.svg);
  if (kind === 'heic') throw refused(415, 'unsupported-photo', PHOTO_MESSAGES.heic);
  if (kind === null) throw refused(415, 'unsupported-photo', PHOTO_MESSAGES.notAnImage);
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'warning', animated: false } as const;
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw decodeRefusal(error);
  }
  const expected = kind === 'avif' ? 'heif' : kind;
  if (metadata.format !== expected || (kind === 'avif' && metadata.compression !== 'av1')) {
    throw refused(415, 'unsupported-photo', kind === 'avif' ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.notAnImage);
  }
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) {
    throw refused(413, 'photo-too-many-pixels', PHOTO_MESSAGES.tooManyPixels);
  }
  try {
    const full = await sharp(input, options)
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    return {
      full: full.data,
      width: full.info.width,
      height: full.info.height,
      thumb: thumb.data,
      thumbWidth: thumb.info.width,
      thumbHeight: thumb.info.height,
    };
  } catch (error) {
    throw decodeRefusal(error);
  }
}

/** sharp's refusal of a file, in the writer's words: too many pixels (libvips checks the header), or unreadable. */
function decodeRefusal(error: unknown): HttpError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return refused(413, 'photo-too-many-pixels', PHOTO_MESSAGES.tooManyPixels);
  }
  return refused(400, 'unreadable-photo', PHOTO_MESSAGES.unreadable);
}

type DecodeAnswer =
  | { id: number; renditions: Renditions }
  | { id: number; refused: { status: 400 | 413 | 415; code: string; message: string } }
  | { id: number; failed: string };

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
      worker.postMessage({ id, input }, whole ? [input.buffer as ArrayBuffer] : []);
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
    const worker = new Worker(new URL('./decode-worker.mjs', import.meta.url), { workerData: { decoding: this.decoding } });
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
        waiting.reject(refused(answer.refused.status, answer.refused.code, answer.refused.message));
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
