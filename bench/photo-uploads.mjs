// Uploaders for bench/photos.ts, in a process of their own: sending four 8 MB bodies would otherwise hold up the
// bench's own event loop, and the day reads it times would count the bench's delays as the server's.
// Env: PHOTO_URL (the server), PHOTO_COOKIE, PHOTO_FILE (the JPEG), UPLOADERS. Each uploader sends the photo again
// and again until the parent says 'stop'; then, once every upload under way is answered, it reports and exits.
import { readFileSync } from 'node:fs';

const url = process.env.PHOTO_URL;
const cookie = process.env.PHOTO_COOKIE;
const bytes = new Uint8Array(readFileSync(process.env.PHOTO_FILE));
let stop = false;
const times = [];
process.on('message', (message) => {
  if (message === 'stop') stop = true;
});

async function upload() {
  const started = performance.now();
  const res = await fetch(`${url}/api/photos`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'image/jpeg' },
    body: bytes,
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`upload refused: ${res.status}`);
  times.push(performance.now() - started);
}

const loops = Array.from({ length: Number(process.env.UPLOADERS ?? 4) }, async (_, index) => {
  // Started a moment apart, as people's uploads are, rather than four bodies in the same instant.
  await new Promise((resolve) => setTimeout(resolve, index * 150));
  while (!stop) await upload();
});
process.send('started');
await Promise.all(loops);
times.sort((a, b) => a - b);
process.send({ uploads: times.length, medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0) });
process.disconnect();
