import { type AddressInfo, connect } from 'node:net';
import { deflateSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import type { JournalMonths } from '../../shared/journal-copy';
import type { LookBack } from '../../shared/look-back';
import { type EntryPhoto, MAX_PHOTOS_PER_ENTRY, PHOTO_MAX_SIDE, PHOTO_MESSAGES, THUMB_MAX_SIDE } from '../../shared/photos';
import { createApp } from '../app';
import { openDatabase } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS } from '../test/databases';
import { exchange, responses } from '../test/raw-http';
import { Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';
const MB = 1024 * 1024;

/** A photo as a camera writes it: location and the camera's serial in its EXIF, turned by its orientation tag. */
async function cameraJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Serial 12345' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG whose header says 20,000 x 20,000 pixels (1.6 GB decoded) in a few hundred bytes: a decompression bomb. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The highest resident memory of this process above what it was before, while `run` runs, in megabytes. */
async function peakGrowthMb(run: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  return (peak - before) / MB;
}

describe.each(DATABASE_KINDS)('photos on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { MEDIA_QUOTA_MB: '1', MEDIA_MAX_UPLOAD_MB: '2' });
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  function upload(agent: Agent, bytes: Uint8Array, type = 'image/jpeg') {
    return agent.post('/api/photos', bytes, { 'content-type': type });
  }

  async function uploaded(agent: Agent, bytes?: Uint8Array): Promise<EntryPhoto> {
    const res = await upload(agent, bytes ?? (await cameraJpeg()));
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as EntryPhoto;
  }

  /** A rendition as the browser gets it: status, headers and bytes. */
  async function fetchPhoto(agent: Agent, path: string) {
    const response = await h.journal.app.request(path, { headers: { cookie: agent.cookie } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  function create(agent: Agent, photos?: unknown, gratitude = 'The light this morning') {
    return agent.post('/api/entries', {
      content: { gratitude, celebration: '', manifestation: '', ...(photos === undefined ? {} : { photos }) },
      localDate: TODAY,
    });
  }

  function edit(agent: Agent, id: string, photos?: unknown) {
    return agent.put(`/api/entries/${id}`, {
      content: { gratitude: 'Edited', celebration: '', manifestation: '', ...(photos === undefined ? {} : { photos }) },
      localDate: TODAY,
    });
  }

  async function todays(agent: Agent): Promise<JournalEntry[]> {
    return ((await agent.get(`/api/entries?day=${TODAY}`)).json as unknown as EntryPage).entries;
  }

  async function usage(agent: Agent) {
    return (await agent.get('/api/photos/usage')).json as { count: number; bytes: number };
  }

  it('keeps an upright photo with no metadata, full size and thumbnail, served to its owner only and privately', async () => {
    const { agent } = await signUpAndVerify(h);
    const original = await cameraJpeg();
    const inputMeta = await sharp(original).metadata();
    expect(inputMeta.exif?.includes('Serial 12345')).toBe(true);
    expect(inputMeta.orientation).toBe(6);

    const photo = await uploaded(agent, original);
    // Turned upright by its orientation: 64 x 48 stored sideways is 48 x 64.
    expect(photo).toMatchObject({ width: 48, height: 64, thumbWidth: 48, thumbHeight: 64 });
    expect(photo.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const size of ['full', 'thumb'] as const) {
      const res = await fetchPhoto(agent, `/api/photos/${photo.id}/${size}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toMatch(/^private\b/);
      const meta = await sharp(res.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([48, 64]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(res.bytes.includes('PhoneMaker')).toBe(false);
      expect(res.bytes.includes('Serial 12345')).toBe(false);
    }
  });

  it('scales a large photo to 2048 px on its long side, and its thumbnail to 480', async () => {
    const { agent } = await signUpAndVerify(h);
    const large = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#37a' } }).png().toBuffer();
    const photo = await uploaded(agent, large);
    expect(photo).toMatchObject({ width: PHOTO_MAX_SIDE, height: 1365, thumbWidth: THUMB_MAX_SIDE, thumbHeight: 320 });
    const full = await sharp((await fetchPhoto(agent, `/api/photos/${photo.id}/full`)).bytes).metadata();
    const thumb = await sharp((await fetchPhoto(agent, `/api/photos/${photo.id}/thumb`)).bytes).metadata();
    expect([full.width, full.height]).toEqual([2048, 1365]);
    expect([thumb.width, thumb.height]).toEqual([480, 320]);
  });

  it('takes PNG, WebP, AVIF and GIF as well as JPEG', async () => {
    const { agent } = await signUpAndVerify(h);
    const image = () => sharp({ create: { width: 20, height: 10, channels: 4, background: '#0a0' } });
    for (const bytes of [
      await image().png().toBuffer(),
      await image().webp().toBuffer(),
      await image().avif().toBuffer(),
      await image().gif().toBuffer(),
    ]) {
      expect((await uploaded(agent, bytes)).width).toBe(20);
    }
  });

  it('refuses what is not a photo it can keep, with a message that says why, and keeps nothing', async () => {
    const { agent } = await signUpAndVerify(h);
    const jpeg = await cameraJpeg();
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    // A HEIC file's opening box, as an iPhone writes it.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]);
    const unsupported = [415, 'unsupported-photo'] as const;
    const unreadable = [400, 'unreadable-photo', PHOTO_MESSAGES.unreadable] as const;
    const cases: [string, Uint8Array, number, string, string][] = [
      ['text', Buffer.from('just some words, not a photo'), ...unsupported, PHOTO_MESSAGES.notAnImage],
      ['empty', Buffer.alloc(0), ...unsupported, PHOTO_MESSAGES.notAnImage],
      ['svg', svg, ...unsupported, PHOTO_MESSAGES.svg],
      ['svg without xml line', Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"/>'), ...unsupported, PHOTO_MESSAGES.svg],
      ['heic', heic, ...unsupported, PHOTO_MESSAGES.heic],
      ['pdf', Buffer.from('%PDF-1.7\n'), ...unsupported, PHOTO_MESSAGES.notAnImage],
      ['truncated jpeg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), ...unreadable],
      ['jpeg header alone', jpeg.subarray(0, 3), ...unreadable],
      ['20,000 x 20,000 png', pngBomb(), 413, 'photo-too-many-pixels', PHOTO_MESSAGES.tooManyPixels],
    ];
    for (const [name, bytes, status, code, message] of cases) {
      const res = await upload(agent, bytes, name === 'svg' ? 'image/svg+xml' : 'image/jpeg');
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.json, name).toEqual({ code, message });
    }
    expect(await usage(agent)).toMatchObject({ count: 0, bytes: 0 });
  });

  it('refuses a 20,000 x 20,000 PNG from its header, its memory growing by little', async () => {
    const { agent } = await signUpAndVerify(h);
    const bomb = pngBomb();
    await upload(agent, await cameraJpeg()); // sharp's own start-up is not the bomb's
    let status = 0;
    const growth = await peakGrowthMb(async () => {
      for (let i = 0; i < 5; i += 1) status = (await upload(agent, bomb, 'image/png')).status;
    });
    expect(status).toBe(413);
    // Decoded, it would take 1.6 GB.
    expect(growth).toBeLessThan(100);
  });

  it('refuses an upload over the per-upload limit, declared or streamed, before reading it', async () => {
    const { agent } = await signUpAndVerify(h);
    const big = Buffer.alloc(2 * MB + 1, 1);
    const declared = await upload(agent, big);
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ code: 'photo-too-large', message: PHOTO_MESSAGES.tooLarge(2 * MB) });
    const streamed = await h.journal.app.request('/api/photos', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: agent.cookie, 'transfer-encoding': 'chunked' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 3; i += 1) controller.enqueue(new Uint8Array(MB));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await usage(agent)).toMatchObject({ count: 0 });
  });

  it('refuses an upload over the quota, and keeps nothing of it', async () => {
    const { agent } = await signUpAndVerify(h);
    // Noise does not compress: each of these takes several hundred kB of the 1 MB quota.
    const noisy = async () =>
      sharp(Buffer.from(Array.from({ length: 800 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width: 800, height: 600, channels: 3 },
      })
        .png()
        .toBuffer();
    const statuses: number[] = [];
    let refusal: Record<string, unknown> | undefined;
    for (let i = 0; i < 6; i += 1) {
      const res = await upload(agent, await noisy());
      statuses.push(res.status);
      if (res.status !== 201) refusal = res.json;
    }
    expect(statuses).toContain(201);
    expect(statuses.at(-1)).toBe(413);
    expect(refusal).toMatchObject({ code: 'over-quota', message: PHOTO_MESSAGES.overQuota(MB) });
    const used = await usage(agent);
    expect(used.bytes).toBeLessThanOrEqual(MB);
    expect(used.count).toBe(statuses.filter((status) => status === 201).length);
  });

  it('attaches photos to an entry in order, reorders and removes them on an edit, and deletes them with the entry', async () => {
    const { agent } = await signUpAndVerify(h);
    const [a, b, c] = [await uploaded(agent), await uploaded(agent), await uploaded(agent)];
    const created = await create(agent, [b.id, a.id]);
    expect(created.status, created.text).toBe(201);
    const entry = created.json as unknown as JournalEntry;
    expect(entry.photos?.map((photo) => photo.id)).toEqual([b.id, a.id]);
    expect((await todays(agent))[0]?.photos).toEqual([b, a]);

    // The JSON export (and the printed view made from it) lists them with the entry.
    const exported = JSON.parse((await agent.get('/api/export?format=json')).text) as { entries: JournalEntry[] };
    expect(exported.entries.map((e) => e.photos?.map((photo) => photo.id))).toEqual([[b.id, a.id]]);

    // An edit without photos keeps them.
    expect((await edit(agent, entry.id)).status).toBe(200);
    expect((await todays(agent))[0]?.photos?.map((photo) => photo.id)).toEqual([b.id, a.id]);

    // Reordered, one added and one left off: that one is gone.
    const edited = await edit(agent, entry.id, [c.id, b.id]);
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as unknown as JournalEntry).photos?.map((photo) => photo.id)).toEqual([c.id, b.id]);
    expect((await fetchPhoto(agent, `/api/photos/${a.id}/thumb`)).status).toBe(404);
    expect((await usage(agent)).count).toBe(2);

    // A saved entry's photo is removed by editing the entry.
    expect((await agent.delete(`/api/photos/${c.id}`)).status).toBe(409);

    expect((await agent.delete(`/api/entries/${entry.id}`)).status).toBe(200);
    for (const photo of [b, c]) expect((await fetchPhoto(agent, `/api/photos/${photo.id}/full`)).status).toBe(404);
    expect(await usage(agent)).toMatchObject({ count: 0, bytes: 0 });
  });

  it('keeps answers to one’s own prompts, tags and photos together on an entry, in a tag’s entries and through the zip', async () => {
    const { agent } = await signUpAndVerify(h);
    const [a, b] = [await uploaded(agent), await uploaded(agent)];
    const answers = [{ prompt: 'Who made you smile?', answer: 'My #family at the lake' }];
    const content = { gratitude: '', celebration: '', manifestation: '', answers, tags: ['summer'] };
    const created = await agent.post('/api/entries', { content: { ...content, photos: [a.id, b.id] }, localDate: TODAY });
    expect(created.status, created.text).toBe(201);
    const entry = created.json as unknown as JournalEntry;
    expect(entry).toMatchObject({ answers, tags: ['summer', 'family'] });
    expect(entry.photos?.map((photo) => photo.id)).toEqual([a.id, b.id]);

    // An edit of its answers that leaves tags and photos out keeps both; one that sends photos keeps the answers.
    const reworded = [{ prompt: 'Who made you smile?', answer: 'The #kids' }];
    const edited = await agent.put(`/api/entries/${entry.id}`, { content: { ...content, answers: reworded, tags: undefined }, localDate: TODAY });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ answers: reworded, tags: ['summer', 'kids'] });
    expect((edited.json as unknown as JournalEntry).photos?.map((photo) => photo.id)).toEqual([a.id, b.id]);
    const reordered = await agent.put(`/api/entries/${entry.id}`, { content: { ...content, answers: reworded, photos: [b.id] }, localDate: TODAY });
    expect(reordered.json).toMatchObject({ answers: reworded, tags: ['summer', 'kids'] });

    // The journal filtered by a tag draws the entry with its photos.
    const tagged = (await agent.get('/api/tags/entries?tag=kids')).json as unknown as EntryPage;
    expect(tagged.entries.map((e) => [e.id, e.photos?.map((photo) => photo.id)])).toEqual([[entry.id, [b.id]]]);

    // The zip export brings all three into another account.
    const zip = new Uint8Array(await (await h.journal.app.request('/api/export?format=zip', { headers: { cookie: agent.cookie } })).arrayBuffer());
    const other = await signUpAndVerify(h);
    const imported = await other.agent.request('POST', '/api/import?format=ours', zip, { 'content-type': 'application/octet-stream' });
    expect(imported.json).toMatchObject({ imported: 1, notes: ['1 photo imported.'] });
    const [copy] = await todays(other.agent);
    expect(copy).toMatchObject({ answers: reworded, tags: ['summer', 'kids'] });
    expect(copy?.photos?.length).toBe(1);
    expect(Buffer.from(unzipSync(zip)['journal.md'] ?? []).toString()).toContain(
      `**Who made you smile?**\n\nThe #kids\n\n![Photo 1](photos/${b.id}.webp)`,
    );
  });

  it('exports a zip of the journal with every photo, its JSON and its Markdown pointing at them', async () => {
    const { agent } = await signUpAndVerify(h);
    const [a, b] = [await uploaded(agent), await uploaded(agent, await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123' } }).png().toBuffer())];
    const loose = await uploaded(agent);
    const entry = (await create(agent, [a.id, b.id])).json as unknown as JournalEntry;
    await create(agent, undefined, 'Without photos');
    const res = await h.journal.app.request('/api/export?format=zip', { headers: { cookie: agent.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename="gratitude-journal-\d{4}-\d\d-\d\d\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['journal.json', 'journal.md', `photos/${a.id}.webp`, `photos/${b.id}.webp`].sort());
    for (const photo of [a, b]) {
      const served = (await fetchPhoto(agent, `/api/photos/${photo.id}/full`)).bytes;
      expect(Buffer.from(files[`photos/${photo.id}.webp`] ?? []).equals(served)).toBe(true);
    }
    expect(Object.keys(files)).not.toContain(`photos/${loose.id}.webp`);
    const json = JSON.parse(Buffer.from(files['journal.json'] ?? []).toString()) as { entries: JournalEntry[] };
    expect(json.entries.find((e) => e.id === entry.id)?.photos?.map((photo) => photo.id)).toEqual([a.id, b.id]);
    const markdown = Buffer.from(files['journal.md'] ?? []).toString();
    expect(markdown).toContain(`![Photo 1](photos/${a.id}.webp)\n![Photo 2](photos/${b.id}.webp)`);

    // Imported into another account, the zip gives back the same journal with the same photos.
    const zip = new Uint8Array(await (await h.journal.app.request('/api/export?format=zip', { headers: { cookie: agent.cookie } })).arrayBuffer());
    const other = await signUpAndVerify(h);
    const imported = await other.agent.request('POST', '/api/import?format=ours', zip, { 'content-type': 'application/octet-stream' });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: 2, notes: ['2 photos imported.'] });
    const theirs = await todays(other.agent);
    const copy = theirs.find((e) => e.gratitude === 'The light this morning');
    expect(copy?.photos?.map((photo) => [photo.width, photo.height])).toEqual([
      [a.width, a.height],
      [b.width, b.height],
    ]);
    for (const [index, photo] of (copy?.photos ?? []).entries()) {
      const mine = await fetchPhoto(agent, `/api/photos/${[a, b][index]?.id}/full`);
      const theirsNow = await fetchPhoto(other.agent, `/api/photos/${photo.id}/full`);
      expect(theirsNow.status).toBe(200);
      expect(photo.id).not.toBe([a, b][index]?.id);
      const [x, y] = await Promise.all([sharp(mine.bytes).metadata(), sharp(theirsNow.bytes).metadata()]);
      expect([y.width, y.height]).toEqual([x.width, x.height]);
    }
    expect(theirs.find((e) => e.gratitude === 'Without photos')?.photos).toBeUndefined();
    // The JSON alone says the photos are in the zip only.
    const json2 = Buffer.from(files['journal.json'] ?? []);
    const third = await signUpAndVerify(h);
    const plain = await third.agent.request('POST', '/api/import?format=ours', new Uint8Array(json2), { 'content-type': 'application/octet-stream' });
    expect(plain.status, plain.text).toBe(200);
    expect((plain.json.notes as string[]).join(' ')).toContain('which only the zip export holds');
  });

  it('brings the photos of a Day One zip in with their entries, stripped, and says which it left out', async () => {
    const { agent } = await signUpAndVerify(h);
    const md5 = (n: number) => String(n).repeat(32);
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
          creationDate: `${TODAY}T09:00:00Z`,
          timeZone: 'Europe/London',
          text: 'A day by the sea ![](dayone-moment://P1)\n\n![](dayone-moment://P2)',
          photos: [
            { identifier: 'P2', md5: md5(2), type: 'jpeg', orderInEntry: 1 },
            { identifier: 'P1', md5: md5(1), type: 'jpeg', orderInEntry: 0 },
            { identifier: 'P3', md5: md5(3), type: 'jpeg', orderInEntry: 2 },
          ],
        },
      ],
    };
    const zip = zipSync({
      'Journal.json': new TextEncoder().encode(JSON.stringify(journal)),
      [`photos/${md5(1)}.jpeg`]: [new Uint8Array(await cameraJpeg(64, 48)), { level: 0 }],
      [`photos/${md5(2)}.jpeg`]: [new Uint8Array(await cameraJpeg(30, 20)), { level: 0 }],
      // The third is named but not in the zip; a fourth file is in the zip but no entry's.
      [`photos/${md5(4)}.jpeg`]: [new Uint8Array(await cameraJpeg(10, 10)), { level: 0 }],
    });
    const res = await agent.request('POST', '/api/import?format=dayone', zip, { 'content-type': 'application/octet-stream' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ imported: 1 });
    expect(res.json.notes).toEqual(['2 photos imported.', `1 photo was left out: ${PHOTO_MESSAGES.unreadable}`]);
    const [entry] = await todays(agent);
    expect(entry?.gratitude).not.toContain('dayone-moment');
    // In Day One's order, upright.
    expect(entry?.photos?.map((photo) => [photo.width, photo.height])).toEqual([
      [48, 64],
      [20, 30],
    ]);
    const full = await fetchPhoto(agent, `/api/photos/${entry?.photos?.[0]?.id}/full`);
    expect((await sharp(full.bytes).metadata()).exif).toBeUndefined();
    expect(full.bytes.includes('Serial 12345')).toBe(false);
    expect(await usage(agent)).toMatchObject({ count: 2 });
  });

  it('brings in a zip’s photos that unpack to more than the zip itself, within the file limit', async () => {
    const { agent } = await signUpAndVerify(h);
    // A camera's JPEG with 200 kB of blank comments, as some cameras pad theirs: deflated, far smaller than unpacked.
    const padded = async (width: number) => {
      const jpeg = await cameraJpeg(width, 20);
      const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(0xfffd)]);
      return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), comment, comment, comment, jpeg.subarray(2)]));
    };
    const photo = (n: number) => ({ identifier: `P${n}`, md5: String(n).repeat(32), type: 'jpeg', orderInEntry: n });
    const journal = {
      metadata: { version: '1.0' },
      entries: [{ uuid: 'E1B2C3D4E5F60718293A4B5C6D7E8F90', creationDate: `${TODAY}T09:00:00Z`, timeZone: 'Europe/London', text: 'Padded photos', photos: [photo(1), photo(2)] }],
    };
    const zip = zipSync({
      'Journal.json': new TextEncoder().encode(JSON.stringify(journal)),
      [`photos/${'1'.repeat(32)}.jpeg`]: await padded(30),
      [`photos/${'2'.repeat(32)}.jpeg`]: await padded(40),
    });
    expect(zip.length).toBeLessThan(100_000);
    const res = await agent.request('POST', '/api/import?format=dayone', zip, { 'content-type': 'application/octet-stream' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.notes).toEqual(['2 photos imported.']);
    const [entry] = await todays(agent);
    // In their order, upright (the camera turned them).
    expect(entry?.photos?.map((p) => [p.width, p.height])).toEqual([
      [20, 30],
      [20, 40],
    ]);
  });

  it('gives a photo of a Day One zip to each entry that names it', async () => {
    const { agent } = await signUpAndVerify(h);
    const shared = { identifier: 'P1', md5: '5'.repeat(32), type: 'jpeg' };
    const entry = (uuid: string, text: string) => ({ uuid, creationDate: `${TODAY}T09:00:00Z`, timeZone: 'Europe/London', text, photos: [shared] });
    const journal = {
      metadata: { version: '1.0' },
      entries: [entry('A2B2C3D4E5F60718293A4B5C6D7E8F90', 'The picnic'), entry('A3B2C3D4E5F60718293A4B5C6D7E8F90', 'The picnic again')],
    };
    const zip = zipSync({
      'Journal.json': new TextEncoder().encode(JSON.stringify(journal)),
      [`photos/${'5'.repeat(32)}.jpeg`]: [new Uint8Array(await cameraJpeg()), { level: 0 }],
    });
    const res = await agent.request('POST', '/api/import?format=dayone', zip, { 'content-type': 'application/octet-stream' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.notes).toEqual(['2 photos imported.']);
    const entries = await todays(agent);
    expect(entries.map((e) => e.photos?.map((p) => [p.width, p.height]))).toEqual([[[48, 64]], [[48, 64]]]);
  });

  it('imports the entries of a zip whose photos pass the quota, with the photos that fit and the others named in a note', async () => {
    const { agent } = await signUpAndVerify(h);
    // Noise does not compress: each of these takes several hundred kB of the 1 MB quota.
    const noisy = async () =>
      new Uint8Array(
        await sharp(Buffer.from(Array.from({ length: 800 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
          raw: { width: 800, height: 600, channels: 3 },
        })
          .png()
          .toBuffer(),
      );
    const photo = (n: number) => ({ identifier: `P${n}`, md5: String(n).repeat(32), type: 'png', orderInEntry: n });
    const entry = (uuid: string, hour: string, text: string, photos: object[]) => ({
      uuid,
      creationDate: `${TODAY}T${hour}:00:00Z`,
      modifiedDate: `${TODAY}T${hour}:30:00Z`,
      timeZone: 'Europe/London',
      text,
      photos,
    });
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        entry('F1B2C3D4E5F60718293A4B5C6D7E8F90', '09', 'Four photos of the hills', [photo(1), photo(2), photo(3), photo(4)]),
        entry('F2B2C3D4E5F60718293A4B5C6D7E8F90', '10', 'One photo of the lake', [photo(5)]),
      ],
    };
    const files: Record<string, Uint8Array> = { 'Journal.json': new TextEncoder().encode(JSON.stringify(journal)) };
    for (let n = 1; n <= 5; n += 1) files[`photos/${String(n).repeat(32)}.png`] = await noisy();
    h.clock.set(`${TODAY}T18:00:00.000Z`);
    let res;
    try {
      res = await agent.request('POST', '/api/import?format=dayone', zipSync(files), { 'content-type': 'application/octet-stream' });
    } finally {
      h.clock.set(`${TODAY}T12:00:00.000Z`);
    }
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ imported: 2 });
    const notes = res.json.notes as string[];
    const kept = Number(/^(\d+) photos? imported\.$/.exec(notes[0] ?? '')?.[1]);
    const left = Number(/^(\d+) photos? (?:was|were) left out: (.*)$/.exec(notes[1] ?? '')?.[1]);
    expect(notes[1]).toContain(PHOTO_MESSAGES.overQuota(MB));
    expect(notes).toHaveLength(2);
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept + left).toBe(5);
    // The photos that fit are the first entry's, in order; the second's photo did not fit, and its entry is as the
    // file had it. Nothing is kept that is not on an entry.
    const entries = await todays(agent);
    const hills = entries.find((e) => e.memory.includes('hills'));
    const lake = entries.find((e) => e.memory.includes('lake'));
    expect(hills?.photos).toHaveLength(kept);
    expect(hills?.updatedAt).toBe(`${TODAY}T18:00:00.000Z`);
    expect(lake?.photos).toBeUndefined();
    expect(lake?.updatedAt).toBe(`${TODAY}T10:30:00.000Z`);
    const used = await usage(agent);
    expect(used.count).toBe(kept);
    expect(used.bytes).toBeLessThanOrEqual(MB);
  });

  it('marks an imported entry changed when its photos come, so a device that copied it before fetches it again', async () => {
    const { agent } = await signUpAndVerify(h);
    const entry = (uuid: string, text: string, photos: object[]) => ({
      uuid,
      creationDate: `${TODAY}T09:00:00Z`,
      modifiedDate: `${TODAY}T09:30:00Z`,
      timeZone: 'Europe/London',
      text,
      photos,
    });
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        entry('B1B2C3D4E5F60718293A4B5C6D7E8F90', 'The harbour at dawn', [{ identifier: 'P1', md5: '7'.repeat(32), type: 'jpeg' }]),
        entry('C1B2C3D4E5F60718293A4B5C6D7E8F90', 'A quiet evening', []),
      ],
    };
    const zip = zipSync({
      'Journal.json': new TextEncoder().encode(JSON.stringify(journal)),
      [`photos/${'7'.repeat(32)}.jpeg`]: [new Uint8Array(await cameraJpeg()), { level: 0 }],
    });
    h.clock.set(`${TODAY}T18:00:00.000Z`);
    try {
      const res = await agent.request('POST', '/api/import?format=dayone', zip, { 'content-type': 'application/octet-stream' });
      expect(res.status, res.text).toBe(200);
    } finally {
      h.clock.set(`${TODAY}T12:00:00.000Z`);
    }
    const entries = await todays(agent);
    const withPhoto = entries.find((e) => e.memory.includes('harbour'));
    expect(withPhoto?.photos).toHaveLength(1);
    // The entry was written from the file before its photo was kept: the photo is its latest change.
    expect(withPhoto?.updatedAt).toBe(`${TODAY}T18:00:00.000Z`);
    expect(entries.find((e) => e.memory.includes('quiet'))?.updatedAt).toBe(`${TODAY}T09:30:00.000Z`);
    const months = (await agent.get('/api/entries/months')).json as unknown as JournalMonths;
    expect(months.months?.[0]).toMatchObject({ month: TODAY.slice(0, 7), entries: 2, changedAt: `${TODAY}T18:00:00.000Z` });
  });

  it('shows an entry’s photos in On this day, a year on', async () => {
    const { agent } = await signUpAndVerify(h);
    const yearAgo = '2025-03-15';
    h.clock.set(`${yearAgo}T12:00:00.000Z`);
    try {
      const photo = await uploaded(agent);
      const res = await agent.post('/api/entries', {
        content: { gratitude: 'Snow in March', celebration: '', manifestation: '', photos: [photo.id] },
        localDate: yearAgo,
      });
      expect(res.status, res.text).toBe(201);
      h.clock.set(`${TODAY}T12:00:00.000Z`);
      const lookBack = (await agent.get(`/api/look-back?today=${TODAY}`)).json as unknown as LookBack;
      const entries = lookBack.groups.flatMap((group) => group.entries);
      expect(entries.map((entry) => [entry.gratitude, entry.photos?.map((p) => p.id)])).toEqual([['Snow in March', [photo.id]]]);
    } finally {
      h.clock.set(`${TODAY}T12:00:00.000Z`);
    }
  });

  it('is seen by a second server process on the same database, with no shared folder', async () => {
    const person = await signUpAndVerify(h);
    const otherDatabase = await openDatabase(h.config.database);
    const other = createApp({ config: h.config, database: otherDatabase, logger: createLogger('silent'), now: h.clock.now });
    try {
      const elsewhere = new Agent(other);
      expect((await elsewhere.post('/api/auth/sign-in', { email: person.email, password: person.password })).status).toBe(200);
      const photo = await uploaded(person.agent);
      const created = await elsewhere.post('/api/entries', {
        content: { gratitude: 'Written on the other one', celebration: '', manifestation: '', photos: [photo.id] },
        localDate: TODAY,
      });
      expect(created.status, created.text).toBe(201);
      const served = await other.app.request(`/api/photos/${photo.id}/full`, { headers: { cookie: elsewhere.cookie } });
      expect(served.status).toBe(200);
      const here = await fetchPhoto(person.agent, `/api/photos/${photo.id}/full`);
      expect(Buffer.from(await served.arrayBuffer()).equals(here.bytes)).toBe(true);
      expect((await todays(person.agent))[0]?.photos?.map((p) => p.id)).toEqual([photo.id]);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  it('deletes an upload not yet saved, and refuses more than ten photos, an unknown one or one used twice', async () => {
    const { agent } = await signUpAndVerify(h);
    const loose = await uploaded(agent);
    expect((await agent.delete(`/api/photos/${loose.id}`)).status).toBe(200);
    expect((await fetchPhoto(agent, `/api/photos/${loose.id}/thumb`)).status).toBe(404);
    expect((await agent.delete(`/api/photos/${loose.id}`)).status).toBe(404);

    const photo = await uploaded(agent);
    const tooMany = await create(agent, Array.from({ length: MAX_PHOTOS_PER_ENTRY + 1 }, () => photo.id));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ message: PHOTO_MESSAGES.tooMany });
    for (const photos of [[photo.id, photo.id], ['not-an-id'], [42], 'x', [loose.id]]) {
      const res = await create(agent, photos);
      expect(res.status, JSON.stringify(photos)).toBe(400);
    }
    expect(await todays(agent)).toEqual([]);
    // A photo already saved with one entry is not taken by another.
    const first = (await create(agent, [photo.id])).json as unknown as JournalEntry;
    const second = await create(agent, [photo.id], 'Another');
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({ code: 'invalid-photos', message: PHOTO_MESSAGES.missing });
    expect((await todays(agent)).map((entry) => entry.id)).toEqual([first.id]);
  });

  it('never shows, attaches or deletes another person’s photo, by any identifier', async () => {
    const owner = await signUpAndVerify(h);
    const other = await signUpAndVerify(h);
    const loose = await uploaded(owner.agent);
    const saved = await uploaded(owner.agent);
    const entry = (await create(owner.agent, [saved.id])).json as unknown as JournalEntry;
    for (const photo of [loose, saved]) {
      for (const size of ['thumb', 'full']) {
        for (const id of [photo.id, photo.id.toUpperCase(), photo.id.toLowerCase(), `${photo.id}%00`, encodeURIComponent(`../${photo.id}`)]) {
          const res = await fetchPhoto(other.agent, `/api/photos/${id}/${size}`);
          expect(res.status, `${id} ${size}`).toBe(404);
          expect(res.bytes.length).toBeLessThan(200);
        }
      }
      expect((await other.agent.delete(`/api/photos/${photo.id}`)).status).toBe(404);
      expect((await create(other.agent, [photo.id], 'Taken')).status).toBe(400);
    }
    const otherEntry = (await create(other.agent, [], 'Mine')).json as unknown as JournalEntry;
    expect((await edit(other.agent, otherEntry.id, [loose.id])).status).toBe(400);
    // Nor without a session.
    expect((await h.journal.app.request(`/api/photos/${saved.id}/full`)).status).toBe(401);
    expect((await todays(other.agent)).flatMap((e) => e.photos ?? [])).toEqual([]);
    expect((await todays(owner.agent)).find((e) => e.id === entry.id)?.photos?.map((p) => p.id)).toEqual([saved.id]);
    expect((await fetchPhoto(owner.agent, `/api/photos/${loose.id}/full`)).status).toBe(200);
  });

  it('cleans up uploads never saved with an entry after a day, and keeps saved ones', async () => {
    const { agent } = await signUpAndVerify(h);
    const loose = await uploaded(agent);
    const saved = await uploaded(agent);
    await create(agent, [saved.id]);
    h.clock.set(`${TODAY}T23:00:00.000Z`);
    await h.journal.pruner.run();
    expect((await fetchPhoto(agent, `/api/photos/${loose.id}/thumb`)).status).toBe(200);
    h.clock.set('2026-03-16T12:00:01.000Z');
    await h.journal.pruner.run();
    h.clock.set(`${TODAY}T12:00:00.000Z`);
    expect((await fetchPhoto(agent, `/api/photos/${loose.id}/thumb`)).status).toBe(404);
    expect((await fetchPhoto(agent, `/api/photos/${saved.id}/thumb`)).status).toBe(200);
  });

  it('reads an upload through Node’s HTTP server whole or chunked, refuses one past the limit, and keeps nothing of one cut off half way', async () => {
    const { agent } = await signUpAndVerify(h);
    const server = serve({ fetch: h.journal.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Large enough to come in many pieces: Node reads a socket 64 kB at a time.
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
        .jpeg({ quality: 90 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(256 * 1024);
      const head = (framing: string) =>
        `POST /api/photos HTTP/1.1\r\nhost: localhost\r\norigin: http://localhost:3000\r\ncookie: ${agent.cookie}\r\n` +
        `content-type: image/jpeg\r\nconnection: close\r\n${framing}\r\n`;
      const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
      const half = Math.floor(photo.length / 2);

      const whole = responses(await exchange(port, [head(`content-length: ${photo.length}\r\n`), photo.subarray(0, half), photo.subarray(half)]));
      expect(whole.map((r) => r.status)).toEqual([201]);
      const kept = JSON.parse(whole[0]?.body ?? '{}') as EntryPhoto;
      expect((await fetchPhoto(agent, `/api/photos/${kept.id}/full`)).status).toBe(200);
      // Each upload of noise takes most of the 1 MB quota: the next needs the room.
      const remove = async (answer: { body: string } | undefined) =>
        expect((await agent.delete(`/api/photos/${(JSON.parse(answer?.body ?? '{}') as EntryPhoto).id}`)).status).toBe(200);
      await remove(whole[0]);

      const chunked = responses(
        await exchange(port, [head('transfer-encoding: chunked\r\n'), chunk(photo.subarray(0, half)), Buffer.concat([chunk(photo.subarray(half)), Buffer.from('0\r\n\r\n')])]),
      );
      expect(chunked.map((r) => r.status)).toEqual([201]);
      await remove(chunked[0]);

      const past = responses(await exchange(port, [Buffer.concat([Buffer.from(head('transfer-encoding: chunked\r\n')), chunk(Buffer.alloc(3 * MB, 1))])]));
      expect(past.map((r) => r.status)).toEqual([413]);
      expect(JSON.parse(past[0]?.body ?? '{}')).toMatchObject({ code: 'photo-too-large', message: PHOTO_MESSAGES.tooLarge(2 * MB) });

      // Half the photo, then the connection is gone: the body can never be whole, so nothing of it is written.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(head(`content-length: ${photo.length}\r\n`));
          socket.write(photo.subarray(0, half), () => setTimeout(() => socket.destroy(), 100));
        });
        socket.once('close', () => resolve());
        socket.once('error', reject);
      });
      expect(await usage(agent)).toMatchObject({ count: 0, bytes: 0 });
      const after = responses(await exchange(port, [head(`content-length: ${photo.length}\r\n`), photo]));
      expect(after.map((r) => r.status)).toEqual([201]);
      expect(await usage(agent)).toMatchObject({ count: 1 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('deletes an account’s photos with it', async () => {
    const person = await signUpAndVerify(h);
    await uploaded(person.agent);
    await create(person.agent, [(await uploaded(person.agent)).id]);
    const deleted = await person.agent.request('DELETE', '/api/account', { password: person.password });
    expect(deleted.status, deleted.text).toBe(200);
    const left = await h.database.db.selectFrom('photo').select('id').where('user_id', '=', person.userId).execute();
    expect(left).toEqual([]);
  });
});
