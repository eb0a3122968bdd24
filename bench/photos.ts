import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { localDayKey } from '../src/shared/dates';
import { apiRequest } from '../e2e/support/api';
import { startServer } from '../e2e/support/server';
import { hundredths, medianByP99, type ReadRound, readRound } from './reads';
import { signedInUser } from './support';

/**
 * Photos (docs/decisions/035), run alone with `npx tsx bench/photos.ts`, its figures printed as JSON:
 * - the time from sending a 12-megapixel camera JPEG whole (as a client that does not scale it would) to the server's
 *   201, and the same for the 2048 px JPEG the app sends;
 * - another person's day reads, in rounds taken in turns: alone, then while four people upload the 12-megapixel JPEG
 *   back to back, ROUNDS times over; each answer timed to a hundredth of a millisecond, every round reported, and the
 *   round with the median p99 of each kind taken as the figure (as bench/data.ts does for imports);
 * - the server process's resident memory before the uploads and at its highest during them.
 * The uploads are sent by a process of their own (photo-uploads.mjs), so that sending them does not delay the reads
 * this one times.
 */
const UPLOADERS = 4;
/** Day reads in each round, one after another. */
const READS = 2000;
/** Rounds of each kind; five, as one round in three or four on this shared machine is far off the others. */
const ROUNDS = 5;
/** How long the uploads run before a round's reads begin: the four bodies are on their way. */
const SETTLE_MS = 1000;

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
// What the C allocator reads (MALLOC_ARENA_MAX), given to this process, is given to the server's too.
const allocator = process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {};
const server = await startServer({ LOG_LEVEL: 'silent', MEDIA_QUOTA_MB: '100000', ...allocator });
try {
  const pid = server.child.pid ?? 0;
  const cameraFile = join(server.dataDir, 'camera.jpg');
  writeFileSync(cameraFile, camera);
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

  const dayUrl = `${server.url}/api/entries?day=${today}`;
  const uploadsDuring: { uploads: number; medianMs: number }[] = [];
  let rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  /** Runs `measure` while UPLOADERS people upload the camera JPEG back to back from another process. */
  const whileUploading = async <T>(measure: () => Promise<T>): Promise<T> => {
    const child = fork(join(import.meta.dirname, 'photo-uploads.mjs'), [], {
      env: { PATH: process.env.PATH, PHOTO_URL: server.url, PHOTO_COOKIE: uploader.cookie, PHOTO_FILE: cameraFile, UPLOADERS: String(UPLOADERS) },
    });
    const report = new Promise<{ uploads: number; medianMs: number }>((resolve, reject) => {
      child.on('message', (message) => {
        if (typeof message === 'object') resolve(message as { uploads: number; medianMs: number });
      });
      child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`the uploads exited with ${code}`))));
    });
    await new Promise((resolve) => child.once('message', resolve));
    rssBefore = Math.min(rssBefore, rssMb(pid));
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return await measure();
    } finally {
      child.send('stop');
      uploadsDuring.push(await report);
      clearInterval(sampler);
    }
  };

  await readRound(dayUrl, reader.cookie, READS); // warms the read path
  const rounds: { idle: ReadRound; during: ReadRound }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const idle = await readRound(dayUrl, reader.cookie, READS);
    const during = await whileUploading(() => readRound(dayUrl, reader.cookie, READS));
    rounds.push({ idle, during });
  }
  const idle = medianByP99(rounds.map((round) => round.idle));
  const during = medianByP99(rounds.map((round) => round.during));
  const ratios = rounds.map((round) => hundredths(round.during.p99 / round.idle.p99)).sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({
      cameraJpegBytes: camera.length,
      cameraToAcknowledgedMs: cameraMs,
      scaledJpegBytes: scaled.length,
      scaledToAcknowledgedMs: scaledMs,
      dayReadsIdle: idle,
      dayReadsDuring4Uploads: during,
      p99Ratio: hundredths(during.p99 / idle.p99),
      p99RatioByRound: ratios,
      rounds,
      uploadsDuringRounds: uploadsDuring,
      serverRssMb: { before: rssBefore, peak: rssPeak },
    })}\n`,
  );
} finally {
  await server.stop();
}
