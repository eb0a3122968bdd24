// Decodes uploads on a thread of their own (decode.ts, PhotoDecoder): the upload's bytes move here from the requests'
// thread without a copy, and sharp's work and the megabytes it holds never touch that thread's memory, whose garbage
// collector otherwise paused every request for tens of milliseconds as each upload's 8 MB came and went. At most
// `workerData.decoding` photos decode at once; the others wait here. The server runs TypeScript through tsx; a worker
// starts without the loader, so it registers it before loading the code.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { decodePhoto } = await import('./decode.ts');
const { HttpError } = await import('../http/errors.ts');

let decoding = 0;
const waiting = [];

parentPort.on('message', async ({ id, input }) => {
  if (decoding >= workerData.decoding) await new Promise((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    const renditions = await decodePhoto(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
    // sharp's buffers are memory of its own, which cannot move: copied here into buffers that move without a copy.
    const full = new Uint8Array(renditions.full);
    const thumb = new Uint8Array(renditions.thumb);
    parentPort.postMessage({ id, renditions: { ...renditions, full, thumb } }, [full.buffer, thumb.buffer]);
  } catch (error) {
    if (error instanceof HttpError) {
      parentPort.postMessage({ id, refused: { status: error.status, code: error.code, message: error.message } });
    } else {
      parentPort.postMessage({ id, failed: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
});
