import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { startServer } from '../e2e/support/server';
import { signedInUser } from './support';

/**
 * The server's resident memory at rest around its first uploads (docs/decisions/035), run alone with
 * `npx tsx bench/photos-memory.ts`, its figures printed as JSON, in MB: after it starts; once signed in; after a
 * refused upload (the decoding thread started, nothing decoded); after one 2048 x 1536 JPEG kept (the size the app
 * sends; the writing thread started too); after ten. Each is the lowest of five readings a second apart, once the
 * server is idle. Variables given to this process that the C allocator reads (MALLOC_ARENA_MAX) are given to the
 * server's.
 */
const READINGS = 5;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function atRest(pid: number): Promise<number> {
  let lowest = Infinity;
  for (let i = 0; i < READINGS; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    lowest = Math.min(lowest, rssMb(pid));
  }
  return lowest;
}

// Noise, as a camera's sensor gives, so that the file is as large as a real photo's.
const pixels = Buffer.alloc(2048 * 1536 * 3);
for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
const photo = await sharp(pixels, { raw: { width: 2048, height: 1536, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

const allocator = process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {};
const server = await startServer({ LOG_LEVEL: 'silent', MEDIA_QUOTA_MB: '100000', ...allocator });
try {
  const pid = server.child.pid ?? 0;
  const started = await atRest(pid);
  const { cookie } = await signedInUser(server, 'memory@bench.test');
  const signedIn = await atRest(pid);
  const upload = async (body: Uint8Array | string, expected: number) => {
    const res = await fetch(`${server.url}/api/photos`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'image/jpeg' },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`an upload answered ${res.status}, not ${expected}`);
  };
  await upload('not a photo', 415);
  const afterRefusal = await atRest(pid);
  await upload(new Uint8Array(photo), 201);
  const afterOne = await atRest(pid);
  for (let i = 0; i < 9; i += 1) await upload(new Uint8Array(photo), 201);
  const afterTen = await atRest(pid);
  process.stdout.write(
    `${JSON.stringify({ photoBytes: photo.length, ...allocator, serverRssMb: { started, signedIn, afterRefusal, afterOne, afterTen } })}\n`,
  );
} finally {
  await server.stop();
}
