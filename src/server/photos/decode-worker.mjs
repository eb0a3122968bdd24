// @ts-check
// Decodes uploads on a thread of their own (decode.ts, PhotoDecoder): the upload's bytes move here from the requests'
// thread without a copy, and sharp's work and the megabytes it holds never touch that thread's memory, whose garbage
// collector otherwise paused every request for tens of milliseconds as each upload's 8 MB came and went. At most
// `workerData.decoding` photos decode at once; the others wait here. It is plain JavaScript (decode-photo.mjs), so
// the thread starts without the TypeScript loader the server runs with.
import { parentPort, workerData } from 'node:worker_threads';
import { decodePhoto, PhotoRefusal } from './decode-photo.mjs';

/**
 * What the thread is given when it starts: how many photos it decodes at once, and their limits.
 * @typedef {object} DecodeWorkerData
 * @property {number} decoding
 * @property {import('./decode-photo.mjs').PhotoLimits} limits
 */

/**
 * One upload to decode: its bytes, moved here when they were a whole buffer of their own.
 * @typedef {{ id: number, input: Uint8Array }} DecodeRequest
 */

/**
 * The answer to a DecodeRequest: the renditions (their bytes moved back), the reason it is refused, or what failed.
 * @typedef {{ id: number, renditions: Omit<import('./decode-photo.mjs').Renditions, 'full' | 'thumb'> & { full: Uint8Array, thumb: Uint8Array } }
 *   | { id: number, refused: import('./decode-photo.mjs').RefusalReason }
 *   | { id: number, failed: string }} DecodeAnswer
 */

if (!parentPort) throw new Error('decode-worker.mjs runs as a worker thread (PhotoDecoder)');
const port = parentPort;
const { decoding: atOnce, limits } = /** @type {DecodeWorkerData} */ (workerData);

let decoding = 0;
/** @type {(() => void)[]} */
const waiting = [];

/** @param {DecodeAnswer} answer @param {ArrayBuffer[]} [moved] */
const answer = (answer, moved = []) => port.postMessage(answer, moved);

port.on('message', async (/** @type {DecodeRequest} */ { id, input }) => {
  if (decoding >= atOnce) await new Promise((resolve) => waiting.push(() => resolve(undefined)));
  else decoding += 1;
  try {
    const renditions = await decodePhoto(Buffer.from(input.buffer, input.byteOffset, input.byteLength), limits);
    // sharp's buffers are memory of its own, which cannot move: copied here into buffers that move without a copy.
    const full = new Uint8Array(renditions.full);
    const thumb = new Uint8Array(renditions.thumb);
    answer({ id, renditions: { ...renditions, full, thumb } }, [full.buffer, thumb.buffer]);
  } catch (error) {
    if (error instanceof PhotoRefusal) answer({ id, refused: error.reason });
    else answer({ id, failed: error instanceof Error ? error.message : String(error) });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
});
