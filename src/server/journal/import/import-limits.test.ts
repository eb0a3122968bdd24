import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';
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

  /** A preview of a small zip first, so that what any import costs once (its worker's start) is not counted. */
  async function warmUp(agent: Agent) {
    const small = zipSync({ 'Journal.json': strToU8(JSON.stringify({ entries: [] })) });
    expect((await importFile(agent, 'dayone', small, '&dryRun=1')).status).toBe(200);
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
});
