import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { localDayKey } from '../src/shared/dates';
import { apiRequest } from '../e2e/support/api';
import { startServer } from '../e2e/support/server';
import { hundredths, medianByP99, type ReadRound, readRound, readsUntil } from './reads';
import { signedInUser } from './support';

/**
 * Importing photos (docs/decisions/035), run alone with `npx tsx bench/photo-import.ts`, its figures printed as JSON:
 * another person's day reads, in rounds taken in turns: alone (READS reads), then for as long as a Day One zip of
 * PHOTOS entries with a photo each (2048 x 1536 camera-like JPEGs, deflated as Day One's zip is) is imported into a
 * fresh account, ROUNDS times over. Each answer is timed to a hundredth of a millisecond; every round is reported, and
 * the round with the median p99 of each kind is the figure. The zip is sent by a process of its own
 * (photo-import-sender.mjs), so that sending it does not delay the reads this one times.
 */
const PHOTOS = 20;
const READS = 2000;
const ROUNDS = 5;


/** A camera-like photo: noise, a little blurred, about 1.2 MB at 2048 x 1536, which deflate cannot make smaller. */
function noisyJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed + 1;
  for (let i = 0; i < pixels.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).blur(1).jpeg({ quality: 85 }).toBuffer();
}

const md5 = (n: number) => n.toString(16).padStart(32, '0');
const files: Record<string, [Uint8Array, { level: 1 }]> = {};
const entries = [];
for (let n = 0; n < PHOTOS; n += 1) {
  files[`photos/${md5(n)}.jpeg`] = [new Uint8Array(await noisyJpeg(2048, 1536, n)), { level: 1 }];
  entries.push({
    uuid: `${md5(n + 1000)}`.toUpperCase(),
    creationDate: new Date(Date.UTC(2025, 0, 1 + n, 9)).toISOString(),
    timeZone: 'Europe/London',
    text: `A day by the sea, number ${n} ![](dayone-moment://P${n})`,
    photos: [{ identifier: `P${n}`, md5: md5(n), type: 'jpeg' }],
  });
}
const zip = zipSync({ 'Journal.json': [new TextEncoder().encode(JSON.stringify({ metadata: { version: '1.0' }, entries })), { level: 1 }], ...files });

const server = await startServer({ LOG_LEVEL: 'silent', MEDIA_QUOTA_MB: '100000', IMPORT_MAX_MB: '200' });
try {
  const zipFile = join(server.dataDir, 'dayone.zip');
  writeFileSync(zipFile, zip);
  const today = localDayKey(new Date());
  const reader = await signedInUser(server, 'reader@bench.test');
  for (let i = 0; i < 3; i += 1) {
    const content = { gratitude: 'The morning light', celebration: 'A finished chapter', manifestation: 'A calm week' };
    await apiRequest(server.url, 'POST', '/api/entries', { cookie: reader.cookie, body: { content, localDate: today } });
  }
  const dayUrl = `${server.url}/api/entries?day=${today}`;
  const imports: { ms: number; notes: string[] }[] = [];

  /** Reads from the moment a fresh account's import is sent until it is answered. */
  const duringImport = async (n: number): Promise<ReadRound> => {
    const importer = await signedInUser(server, `importer${n}@bench.test`);
    const child = fork(join(import.meta.dirname, 'photo-import-sender.mjs'), [], {
      env: { PATH: process.env.PATH, IMPORT_URL: `${server.url}/api/import?format=dayone`, IMPORT_COOKIE: importer.cookie, IMPORT_FILE: zipFile },
    });
    const answered = new Promise<{ ms: number; status: number; notes: string[] }>((resolve, reject) => {
      child.on('message', (message) => resolve(message as { ms: number; status: number; notes: string[] }));
      child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`the import's sender exited with ${code}`))));
    });
    let done = false;
    void answered.finally(() => (done = true));
    const round = await readsUntil(dayUrl, reader.cookie, () => done);
    const { ms, status, notes } = await answered;
    if (status !== 200) throw new Error(`the import answered ${status}`);
    imports.push({ ms: Math.round(ms), notes });
    return round;
  };

  // Warms the read path and the photo decoder (sharp's first run loads its library).
  await readRound(dayUrl, reader.cookie, READS);
  await duringImport(0);
  imports.length = 0;
  const rounds: { idle: ReadRound; during: ReadRound }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const idle = await readRound(dayUrl, reader.cookie, READS);
    const during = await duringImport(round);
    rounds.push({ idle, during });
  }
  const idle = medianByP99(rounds.map((round) => round.idle));
  const during = medianByP99(rounds.map((round) => round.during));
  process.stdout.write(
    `${JSON.stringify({
      zipBytes: zip.length,
      photos: PHOTOS,
      dayReadsIdle: idle,
      dayReadsDuringImport: during,
      p99Ratio: hundredths(during.p99 / idle.p99),
      p99RatioByRound: rounds.map((round) => hundredths(round.during.p99 / round.idle.p99)).sort((a, b) => a - b),
      rounds,
      imports,
    })}\n`,
  );
} finally {
  await server.stop();
}
