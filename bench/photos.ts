import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { localDayKey } from '../src/shared/dates';
import { apiRequest } from '../e2e/support/api';
import { startServer } from '../e2e/support/server';
import { latencies, signedInUser } from './support';

/**
 * Photos (docs/decisions/035), run alone with `npx tsx bench/photos.ts`, its figures printed as JSON:
 * - the time from sending a 12-megapixel camera JPEG whole (as a client that does not scale it would) to the server's
 *   201, and the same for the 2048 px JPEG the app sends;
 * - another person's day reads, alone and while four uploads of the 12-megapixel JPEG run back to back, p50 and p99;
 * - the server process's resident memory before and at its highest during those uploads.
 */
const UPLOADERS = 4;
const READS = 1000;

function noiseJpeg(width: number, height: number): Promise<Buffer> {
  // Noise, as a camera's sensor gives, so that the file is as large as a real photo's (about 5 MB at 12 MP).
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function upload(url: string, cookie: string, bytes: Buffer): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/photos`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`upload refused: ${res.status}`);
  return performance.now() - started;
}

const camera = await noiseJpeg(4000, 3000);
const scaled = await noiseJpeg(2048, 1536);
const server = await startServer({ LOG_LEVEL: 'silent', MEDIA_QUOTA_MB: '100000' });
try {
  const pid = server.child.pid ?? 0;
  const today = localDayKey(new Date());
  const reader = await signedInUser(server, 'reader@bench.test');
  for (let i = 0; i < 3; i += 1) {
    const content = { gratitude: 'The morning light', celebration: 'A finished chapter', manifestation: 'A calm week' };
    await apiRequest(server.url, 'POST', '/api/entries', { cookie: reader.cookie, body: { content, localDate: today } });
  }
  const uploader = await signedInUser(server, 'uploader@bench.test');
  await upload(server.url, uploader.cookie, scaled); // sharp's first run loads its library
  const times = async (bytes: Buffer, runs: number) => {
    const all: number[] = [];
    for (let i = 0; i < runs; i += 1) all.push(await upload(server.url, uploader.cookie, bytes));
    all.sort((a, b) => a - b);
    return Math.round(all[Math.floor(runs / 2)] ?? 0);
  };
  const cameraMs = await times(camera, 5);
  const scaledMs = await times(scaled, 5);

  const target = [{ url: `${server.url}/api/entries?day=${today}`, cookie: reader.cookie }];
  const [idle] = await latencies(target, READS);
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  let stop = false;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 20);
  let uploads = 0;
  const loops = Array.from({ length: UPLOADERS }, async () => {
    while (!stop) {
      await upload(server.url, uploader.cookie, camera);
      uploads += 1;
    }
  });
  const [during] = await latencies(target, READS);
  stop = true;
  await Promise.all(loops);
  clearInterval(sampler);
  process.stdout.write(
    `${JSON.stringify({
      cameraJpegBytes: camera.length,
      cameraToAcknowledgedMs: cameraMs,
      scaledJpegBytes: scaled.length,
      scaledToAcknowledgedMs: scaledMs,
      dayReadsIdle: idle,
      dayReadsDuring4Uploads: during,
      uploadsDuringReads: uploads,
      serverRssMb: { before: rssBefore, peak: rssPeak },
    })}\n`,
  );
} finally {
  await server.stop();
}
