import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../../test/harness';

const MB = 1024 * 1024;
/** The file limit of these tests' server (IMPORT_MAX_MB). */
const LIMIT_MB = 16;

/**
 * A zip of one Journal.json that unpacks to `mb` megabytes of spaces, made a megabyte at a time (the test's own
 * memory stays flat), written as a streaming zip does it: the sizes come after the data, so the unpacked size is
 * known only by unpacking.
 */
function zipBomb(mb: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const file = new ZipDeflate('Journal.json', { level: 9 });
  zip.add(file);
  const spaces = new Uint8Array(MB).fill(0x20);
  for (let n = 0; n < mb; n += 1) file.push(spaces, n === mb - 1);
  zip.end();
  return Buffer.concat(parts);
}

/**
 * The highest resident memory of this process, above what it was before, while `run` runs, in megabytes. The import
 * reads its file on a worker thread of this same process, so its memory is counted here.
 */
async function peakGrowthMb<T>(run: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sample);
  }
}

describe.each(DATABASE_KINDS)('the limits of an import on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { IMPORT_MAX_MB: String(LIMIT_MB) });
  });
  afterAll(async () => {
    await h.close();
  });

  function importFile(agent: Agent, format: string, file: Uint8Array, query = '') {
    return agent.request('POST', `/api/import?format=${format}${query}`, file, { 'content-type': 'application/octet-stream' });
  }

  /**
   * An import whose file is still on its way: its body stays open until `send` is called with the rest. Whether the
   * server has asked for any of it shows in `pulled`.
   */
  function slowImport(agent: Agent, query = '&dryRun=1') {
    let finish: (rest: string) => void = () => undefined;
    const state = { pulled: false };
    let started = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          state.pulled = true;
          if (started) return undefined;
          started = true;
          controller.enqueue(new TextEncoder().encode('date,gratitude\n'));
          return new Promise<void>((resolve) => {
            finish = (rest) => {
              controller.enqueue(new TextEncoder().encode(rest));
              controller.close();
              resolve();
            };
          });
        },
      },
      { highWaterMark: 0 },
    );
    const answer = h.journal.app.request(`/api/import?format=csv${query}`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { origin: 'http://localhost:3000', cookie: agent.cookie, 'content-type': 'application/octet-stream' },
    } as RequestInit);
    return { answer: Promise.resolve(answer), state, send: (rest: string) => finish(rest) };
  }

  /** Waits until the server has begun to read this import's file (it has its slot). */
  async function reading(state: { pulled: boolean }) {
    while (!state.pulled) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** A preview of a small file first, so that what any import costs once (its reader's start) is not counted. */
  async function warmUp(agent: Agent) {
    expect((await importFile(agent, 'dayone', strToU8(JSON.stringify({ entries: [] })), '&dryRun=1')).status).toBe(200);
  }

  it('refuses a zip bomb while it unpacks, its memory growing by about the file limit and no more', async () => {
    const { agent } = await signUpAndVerify(h);
    // 128 MB of spaces in a zip of about 130 kB: eight times the file limit.
    const bomb = zipBomb(128);
    expect(bomb.length).toBeLessThan(MB);
    await warmUp(agent);
    const { result: refused, growthMb } = await peakGrowthMb(() => importFile(agent, 'dayone', bomb, '&dryRun=1'));
    expect(refused.status).toBe(400);
    // What it keeps of the journal, at most the file limit, and the piece being unpacked: not the 128 MB it holds
    // (unpacked whole in one step, it took this process 260 MB more).
    expect(growthMb).toBeLessThan(LIMIT_MB * 1.5);
    expect(refused.json).toEqual({
      code: 'unreadable-file',
      message: `The journal in the zip file is larger than this server accepts (${LIMIT_MB} MB).`,
    });
  });

  it('runs one import per person at a time, and two on the server, refusing the rest before reading their files', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    const carol = await signUpAndVerify(h);
    const csv = new TextEncoder().encode('date,gratitude\n2020-01-01,Tea\n');

    const adas = slowImport(ada.agent);
    await reading(adas.state);
    // Ada's second import, while her first is on its way: refused at once, with words.
    const again = await importFile(ada.agent, 'csv', csv, '&dryRun=1');
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'import-running',
      message: 'An import of yours is still running. Wait until it has finished, then try again: what it has saved is not imported twice.',
    });

    const bobs = slowImport(bob.agent, '');
    await reading(bobs.state);
    // Two imports run: Carol's is refused, and her file is not read at all.
    const carols = slowImport(carol.agent);
    const busy = await carols.answer;
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect(await busy.json()).toEqual({
      code: 'imports-busy',
      message: 'The server is busy with other imports just now. Please try again in a minute.',
    });
    expect(carols.state.pulled).toBe(false);
    // Nor is the file of someone not signed in.
    const stranger = slowImport(h.agent());
    expect((await stranger.answer).status).toBe(401);
    expect(stranger.state.pulled).toBe(false);

    // Once they end, answered, others can import.
    adas.send('2020-01-02,Bread\n');
    bobs.send('2020-01-03,Soup\n');
    expect((await adas.answer).status).toBe(200);
    expect(await (await bobs.answer).json()).toMatchObject({ imported: 1 });
    expect((await importFile(carol.agent, 'csv', csv)).status).toBe(200);
    expect((await importFile(ada.agent, 'csv', csv, '&dryRun=1')).status).toBe(200);
  });

  it('gives the slot back when an import fails, and after a streamed import has ended', async () => {
    const { agent } = await signUpAndVerify(h);
    const unreadable = await importFile(agent, 'csv', new Uint8Array([0xff, 0xfe, 0x00]));
    expect(unreadable.status).toBe(400);
    const streamed = await agent.request('POST', '/api/import?format=csv', new TextEncoder().encode('date,gratitude\n2020-02-01,Tea\n'), {
      'content-type': 'application/octet-stream',
      accept: 'application/x-ndjson',
    });
    expect(streamed.text.trim().split('\n').at(-1)).toContain('"imported":1');
    expect((await importFile(agent, 'csv', new TextEncoder().encode('date,gratitude\n2020-02-02,Tea\n'))).status).toBe(200);
  });

  it('refuses a CSV file of a million rows as it counts them, its memory growing by a few times the file at most', async () => {
    const { agent } = await signUpAndVerify(h);
    const rows = Array.from({ length: 1_000_000 }, (_, index) => `2020-01-01,r${index % 10}`);
    const csv = new TextEncoder().encode(['date,gratitude', ...rows].join('\n'));
    const fileMb = csv.length / MB;
    expect(fileMb).toBeLessThan(LIMIT_MB);
    // The request is made first: what the test's own client copies of the file is not the server's.
    const body = new Blob([csv]);
    await warmUp(agent);
    const { result: refused, growthMb } = await peakGrowthMb(async () => {
      const res = await h.journal.app.request('/api/import?format=csv&dryRun=1', {
        method: 'POST',
        body,
        headers: { origin: 'http://localhost:3000', cookie: agent.cookie, 'content-type': 'application/octet-stream' },
      });
      return { status: res.status, json: (await res.json()) as unknown };
    });
    expect(refused.status).toBe(400);
    // The file itself, its text, and nothing for each of its rows (read whole, they took 2.1 GB of an 18 MB file).
    expect(growthMb).toBeLessThan(fileMb * 4);
    expect(refused.json).toEqual({
      code: 'unreadable-file',
      message: 'The file holds more than 50,000 entries: one import takes at most 50,000. Split it into smaller files and import each of them.',
    });
  });

  it('counts the entries of JSON files and the cells of CSV files before reading them one by one', async () => {
    const { agent } = await signUpAndVerify(h);
    const encode = (text: string) => new TextEncoder().encode(text);
    const entry = { id: 'x', date: '2020-01-01T00:00:00.000Z', localDate: '2020-01-01', gratitude: 'a', celebration: '', manifestation: '', memory: '', updatedAt: '2020-01-01T00:00:00.000Z' };
    const ours = encode(JSON.stringify({ format: 'gratitude-journal', version: 1, entries: Array.from({ length: 50_001 }, () => entry) }));
    const dayOne = encode(JSON.stringify({ entries: Array.from({ length: 50_001 }, (_, index) => ({ uuid: String(index) })) }));
    // Millions of empty objects, or of commas: tiny on disk, gigabytes once made into values.
    const braces = encode(`{"entries":[${'{},'.repeat(5_000_000)}{}]}`);
    const commas = encode(`date,gratitude\n2020-01-01,${','.repeat(3_000_000)}`);
    const cases: [string, Uint8Array, string][] = [
      ['ours', ours, 'The file holds more than 50,000 entries: one import takes at most 50,000. Split it into smaller files and import each of them.'],
      ['dayone', dayOne, 'The file holds more than 50,000 entries: one import takes at most 50,000. Split it into smaller files and import each of them.'],
      ['dayone', braces, 'The file holds far more than a journal of 50,000 entries would: this server does not read it.'],
      ['csv', commas, 'The file has more than 2,000,000 cells: leave out the columns that are not imported, or split it into smaller files.'],
    ];
    for (const [format, file, message] of cases) {
      const res = await importFile(agent, format, file, '&dryRun=1');
      expect(res.status, `${format}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.json).toEqual({ code: 'unreadable-file', message });
    }
  });
});
