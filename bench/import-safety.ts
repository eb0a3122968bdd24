import { Zip, ZipDeflate } from 'fflate';
import { type RunningServer, startServer } from '../e2e/support/server';
import { dayOneFile, rssKb, steadyRssKb, toMb } from './data';
import { signedInUser } from './support';

const MB = 1024 * 1024;
/** How often the server's resident memory is read while a file is sent. */
const SAMPLE_MS = 10;

export interface SafetyRun {
  label: string;
  fileMb: number;
  /** From sending the file to the last answer, in ms. */
  ms: number;
  statuses: number[];
  message: string;
  baselineRssMb: number;
  growthMb: number;
}

export interface ImportSafetyBench {
  limitMb: number;
  runs: SafetyRun[];
  /** A 4-row CSV file on a fresh server: its preview (the first file the server reads) and its import right after. */
  tiny: { firstPreviewMs: number; importMs: number; progressLines: number };
}

/**
 * A zip of one Journal.json of `mb` megabytes of spaces, made a megabyte at a time, as a streaming zip writes it: the
 * sizes come after the data, so the server knows them only by unpacking. The worst kind of zip bomb for it.
 */
function zipBomb(mb: number): Buffer {
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

function csvRows(count: number, row: (index: number) => string): Buffer {
  return Buffer.from(['date,gratitude', ...Array.from({ length: count }, (_, index) => row(index))].join('\n'));
}

const dayOf = (index: number) => new Date(Date.UTC(1990, 0, 1) + (index % 12_000) * 86_400_000).toISOString().slice(0, 10);

async function post(
  server: RunningServer,
  cookie: string,
  query: string,
  file: Buffer,
  accept = 'application/json',
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/api/import?${query}`, {
    method: 'POST',
    headers: { origin: server.url, cookie, 'content-type': 'application/octet-stream', accept },
    body: file,
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Sends each of `people` the file at once (previews, unless told), on a server that has read a small file first (its reader
 * thread is started), while its resident memory is read every SAMPLE_MS; the growth is the highest reading less the
 * median of the half second before.
 */
async function measure(label: string, file: Buffer, people: number, format: string, dryRun = true): Promise<SafetyRun> {
  const server = await startServer({ LOG_LEVEL: 'silent' });
  try {
    const cookies: string[] = [];
    for (let n = 0; n < people; n += 1) cookies.push((await signedInUser(server, `safety${n}@bench.test`)).cookie);
    for (const cookie of cookies) await post(server, cookie, 'format=csv&dryRun=1', csvRows(2, dayOf));
    const pid = server.child.pid ?? 0;
    const baseline = await steadyRssKb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), SAMPLE_MS);
    const started = performance.now();
    let answers: { status: number; text: string }[];
    try {
      answers = await Promise.all(cookies.map((cookie) => post(server, cookie, `format=${format}${dryRun ? '&dryRun=1' : ''}`, file)));
    } finally {
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    peak = Math.max(peak, rssKb(pid));
    const first = JSON.parse(answers[0]?.text ?? '{}') as { message?: string; toImport?: number; imported?: number };
    return {
      label,
      fileMb: Math.round((file.length / MB) * 10) / 10,
      ms: Math.round(ms),
      statuses: answers.map((answer) => answer.status),
      message: first.message ?? (dryRun ? `previewed: ${first.toImport ?? '?'} entries to import` : `imported ${first.imported ?? '?'} entries`),
      baselineRssMb: toMb(baseline),
      growthMb: toMb(peak - baseline),
    };
  } finally {
    await server.stop();
  }
}

async function tinyImport(): Promise<ImportSafetyBench['tiny']> {
  const server = await startServer({ LOG_LEVEL: 'silent' });
  try {
    const { cookie } = await signedInUser(server, 'tiny@bench.test');
    const file = csvRows(4, (index) => `${dayOf(index)},Row ${index + 1}`);
    let started = performance.now();
    const preview = await post(server, cookie, 'format=csv&dryRun=1', file);
    const firstPreviewMs = Math.round(performance.now() - started);
    if (preview.status !== 200) throw new Error(`the tiny preview answered ${preview.status}`);
    started = performance.now();
    const imported = await post(server, cookie, 'format=csv', file, 'application/x-ndjson');
    const importMs = Math.round(performance.now() - started);
    const lines = imported.text.trim().split('\n');
    if (!lines.at(-1)?.includes('"imported":4')) throw new Error(`the tiny import ended with ${lines.at(-1)}`);
    return { firstPreviewMs, importMs, progressLines: lines.length - 1 };
  } finally {
    await server.stop();
  }
}

/** Hostile and large files sent to a server with the default file limit (IMPORT_MAX_MB 50), each on a fresh server. */
export async function benchImportSafety(): Promise<ImportSafetyBench> {
  const bomb = zipBomb(1024);
  const runs = [
    await measure('zip bomb: a Journal.json of 1 GiB of spaces, sizes after the data', bomb, 1, 'dayone'),
    await measure('two such zip bombs at once, from two people', bomb, 2, 'dayone'),
    await measure('CSV of 1,000,000 short rows', csvRows(1_000_000, (index) => `${dayOf(index)},r${index}`), 1, 'csv'),
    await measure(
      'CSV of 50,000 rows of about 900 characters, the most one import takes',
      csvRows(50_000, (index) => `${dayOf(index)},${`Row ${index} of the day `.repeat(40)}`),
      1,
      'csv',
    ),
    await measure('Day One JSON of 10,000 entries (the import benchmark\'s file)', dayOneFile(10_000), 1, 'dayone'),
    await measure('the same file imported, not previewed', dayOneFile(10_000, 3), 1, 'dayone', false),
  ];
  return { limitMb: 50, runs, tiny: await tinyImport() };
}
