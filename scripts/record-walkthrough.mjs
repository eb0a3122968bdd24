// `npm run record-walkthrough` (after `npm run build`): records the demo the landing page plays when DEMO_VIDEO_ID
// is not set. It starts the built app on SQLite in a throwaway folder, walks a phone-sized headless Chromium
// through a first visit (landing, sign-up, the emailed verification link, the breathing step, an entry with its
// three prompts, the list and the stats, a theme) and writes public/demo/walkthrough.webm and its poster.
//
// There is no video encoder outside the browser: the page is filmed with the DevTools screencast (one JPEG per
// painted frame), then a second page draws those frames on a canvas, with a caption for each step, and records the
// canvas with MediaRecorder. The file is rebuilt from scratch each run; commit it when it looks right.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { chromium } from 'playwright-core';

const OUT_DIR = 'public/demo';
const VIDEO_FILE = join(OUT_DIR, 'walkthrough.webm');
const POSTER_FILE = join(OUT_DIR, 'walkthrough-poster.jpg');
const PHONE = { width: 390, height: 844 };
const FPS = 12;
const BITS_PER_SECOND = 450_000;
/** A pause longer than this (the app waiting on nothing) is shortened in the video. */
const LONGEST_STILL_MS = 1800;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const EMAIL = 'sam@example.com';

if (!existsSync('dist/client/index.html')) {
  console.error('The client is not built. Run: npm run build');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'journal-walkthrough-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await sleep(100);
  }
  return {
    url,
    async verificationLink() {
      const outbox = join(dataDir, 'outbox');
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
        for (const file of files) {
          const mail = await simpleParser(readFileSync(join(outbox, file)));
          const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
          if (link) return link;
        }
        await sleep(100);
      }
      throw new Error('No verification email arrived');
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The journey, filmed. Returns the frames (JPEG, with the time each was painted) and the captions' start times. */
async function film(browser, server) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'no-preference',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const frames = [];
  const captions = [];
  const start = Date.now();
  const caption = (text) => captions.push({ at: Date.now() - start, text });
  // While a new page loads the screen is blank; those frames are left out, so the video cuts straight across.
  let loading = false;
  cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
    if (!loading) frames.push({ at: Date.now() - start, data });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });

  const type = (label, text) => page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: 45 });

  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: PHONE.width, maxHeight: PHONE.height });
  caption('A calm daily gratitude journal');
  await sleep(2200);
  await page.mouse.wheel(0, 500);
  await sleep(1200);
  await page.mouse.wheel(0, -500);
  await sleep(400);

  caption('Create your free account');
  await page.getByRole('link', { name: 'Start Your Free Journal' }).click();
  await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
  await sleep(500);
  await type('Name', 'Sam Rivera');
  await type('Email', EMAIL);
  await type('Password', 'Quiet#Morning7');
  await sleep(500);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Account created!').first().waitFor();
  await sleep(1500);

  caption('Confirm your email, then sign in');
  const link = await server.verificationLink();
  loading = true;
  await page.goto(link);
  await page.getByText('Email verified successfully!').first().waitFor();
  await sleep(300);
  loading = false;
  await sleep(900);
  await type('Email', EMAIL);
  await type('Password', 'Quiet#Morning7');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/journal');
  caption('A short welcome, once');
  await page.getByRole('heading', { name: 'Welcome to your journal' }).waitFor();
  await sleep(2200);
  await page.getByRole('button', { name: 'Skip the welcome' }).click();
  await page.getByRole('button', { name: 'Add Your Journal Entry' }).waitFor();
  caption('Your journal');
  await sleep(1800);

  caption('Arrive with a few calm breaths');
  await page.getByRole('button', { name: 'Add Your Journal Entry' }).click();
  await page.getByRole('heading', { name: 'Prepare Your Mind' }).waitFor();
  await sleep(1500);
  await page.getByRole('button', { name: 'Start Breathing Exercise' }).click();
  await sleep(3500);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();

  caption('Three prompts, a few minutes');
  await page.getByRole('heading', { name: "Today's Reflection" }).waitFor();
  await sleep(600);
  await type('I am grateful for...', 'Coffee with my sister');
  await type('I want to celebrate...', 'Finishing my first 5k');
  await type('I am manifesting...', 'A calm, unhurried week');
  await sleep(600);
  await page.getByRole('button', { name: 'Save Entry' }).click();

  caption('Every day kept, with your streak');
  await page.getByText('1 day streak').waitFor();
  await sleep(1600);
  await page.getByText('Coffee with my sister').first().scrollIntoViewIfNeeded();
  await sleep(1600);

  caption('Pick the colours you like');
  const themes = page.getByRole('group', { name: 'Theme' });
  await themes.scrollIntoViewIfNeeded();
  await sleep(800);
  await themes.getByRole('button', { name: /^Serene theme/ }).click();
  await sleep(1200);
  await themes.getByRole('button', { name: 'Dark theme' }).click();
  await sleep(1200);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
  await sleep(1500);
  caption('Gratitude Journal: free, private, yours');
  await sleep(2200);

  await cdp.send('Page.stopScreencast');
  const end = Date.now() - start;
  const poster = await (async () => {
    await page.getByText('Coffee with my sister').first().scrollIntoViewIfNeeded();
    await themes.getByRole('button', { name: /^Default theme/ }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await sleep(500);
    return page.screenshot({ type: 'jpeg', quality: 78 });
  })();
  await context.close();
  return { frames, captions, end, poster };
}

/**
 * The timeline of the video: each frame shown until the next, long stills shortened. Times are in ms of video.
 */
function timeline({ frames, captions, end }) {
  const shots = [];
  let shift = 0;
  for (let index = 0; index < frames.length; index += 1) {
    const frame = frames[index];
    const next = frames[index + 1]?.at ?? end;
    const length = Math.min(next - frame.at, LONGEST_STILL_MS);
    shots.push({ at: frame.at - shift, length, data: frame.data, realAt: frame.at });
    shift += next - frame.at - length;
  }
  const first = shots[0]?.at ?? 0;
  for (const shot of shots) shot.at -= first;
  // A caption starts with the first frame painted at or after the moment it was given.
  const timed = captions.map((entry) => {
    const shot = shots.find((candidate) => candidate.realAt >= entry.at) ?? shots[shots.length - 1];
    return { at: shot.at, text: entry.text };
  });
  const last = shots[shots.length - 1];
  return { shots: shots.map(({ at, length, data }) => ({ at, length, data })), captions: timed, duration: last.at + last.length };
}

/** Plays the timeline on a canvas in a blank page and records it; the WebM comes back as base64. */
async function encode(browser, plan) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.setContent('<canvas></canvas>');
  await page.evaluate((shots) => {
    window.shots = shots;
  }, plan.shots);
  return page.evaluate(
    async ({ captions, duration, size, fps, bits }) => {
      const canvas = document.querySelector('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      const images = await Promise.all(
        window.shots.map(async (shot) => {
          const bytes = Uint8Array.from(atob(shot.data), (char) => char.charCodeAt(0));
          return createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
        }),
      );
      const starts = window.shots.map((shot) => shot.at);

      function draw(time) {
        let index = 0;
        while (index + 1 < starts.length && starts[index + 1] <= time) index += 1;
        ctx.drawImage(images[index], 0, 0, size.width, size.height);
        const current = captions.filter((entry) => entry.at <= time).pop();
        if (!current) return;
        ctx.font = '600 17px system-ui, sans-serif';
        const width = ctx.measureText(current.text).width + 32;
        const x = (size.width - width) / 2;
        // Near the top: the player's controls cover the bottom of the picture.
        const y = 60;
        ctx.fillStyle = 'rgba(20, 24, 28, 0.82)';
        ctx.beginPath();
        ctx.roundRect(x, y, width, 40, 20);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(current.text, size.width / 2, y + 20);
      }

      const mime = MediaRecorder.isTypeSupported('video/webm;codecs=vp9') ? 'video/webm;codecs=vp9' : 'video/webm;codecs=vp8';
      draw(0);
      const stream = canvas.captureStream(fps);
      const recorder = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: bits });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      const begin = performance.now();
      await new Promise((resolve) => {
        const tick = () => {
          const time = performance.now() - begin;
          draw(Math.min(time, duration));
          if (time >= duration) resolve();
          else setTimeout(tick, 1000 / fps / 2);
        };
        tick();
      });
      recorder.stop();
      await stopped;
      const blob = new Blob(chunks, { type: 'video/webm' });
      const buffer = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
      return { data: btoa(binary), mime };
    },
    { captions: plan.captions, duration: plan.duration, size: PHONE, fps: FPS, bits: BITS_PER_SECOND },
  );
}

/**
 * MediaRecorder writes a live stream: its WebM has no Duration, so a player shows no length and cannot seek well.
 * The Segment's Info gets one (an 8-byte float, in the file's timecode scale, 1 ms by default).
 */
function withDuration(webm, durationMs) {
  const INFO = [0x15, 0x49, 0xa9, 0x66];
  const at = webm.findIndex((_, i) => INFO.every((byte, k) => webm[i + k] === byte));
  if (at < 0) return webm;
  const sizeAt = at + 4;
  const first = webm[sizeAt];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let size = first & (0xff >> length);
  for (let k = 1; k < length; k += 1) size = size * 256 + webm[sizeAt + k];
  const body = webm.subarray(sizeAt + length, sizeAt + length + size);
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88], 0);
  duration.writeDoubleBE(durationMs, 3);
  const newSize = size + duration.length;
  // The new size written on 8 bytes, so any size fits.
  const sizeBytes = Buffer.alloc(8);
  sizeBytes[0] = 0x01;
  sizeBytes.writeUIntBE(newSize, 2, 6);
  return Buffer.concat([webm.subarray(0, sizeAt), sizeBytes, body, duration, webm.subarray(sizeAt + length + size)]);
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  console.log('Filming the walkthrough...');
  const filmed = await film(browser, server);
  const plan = timeline(filmed);
  console.log(`${filmed.frames.length} frames, ${(plan.duration / 1000).toFixed(1)} s; encoding in real time...`);
  const { data, mime } = await encode(browser, plan);
  const webm = withDuration(Buffer.from(data, 'base64'), plan.duration);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(VIDEO_FILE, webm);
  writeFileSync(POSTER_FILE, filmed.poster);
  console.log(`Wrote ${VIDEO_FILE} (${mime}, ${(webm.length / 1024).toFixed(0)} KB) and ${POSTER_FILE}.`);
} finally {
  await browser.close();
  await server.stop();
}
