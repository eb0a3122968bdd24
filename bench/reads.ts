import { loadavg } from 'node:os';

/** Another person's day reads in one round: how many, their times' p50, p99, p99.9 and slowest, and the load. */
export interface ReadRound {
  reads: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** The one-minute load average as the round ended. */
  load: number;
}

/** A time, or a ratio, to a hundredth. */
export const hundredths = (ms: number) => Math.round(ms * 100) / 100;

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Day reads one after another, each timed from its request to its last byte, until `enough` says so. */
export async function readsUntil(url: string, cookie: string, enough: (reads: number) => boolean): Promise<ReadRound> {
  const times: number[] = [];
  while (!enough(times.length)) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`a day read answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    reads: times.length,
    p50: hundredths(at(times, 0.5)),
    p99: hundredths(at(times, 0.99)),
    p999: hundredths(at(times, 0.999)),
    max: hundredths(times.at(-1) ?? 0),
    load: hundredths(loadavg()[0] ?? 0),
  };
}

/** A fixed number of day reads, one after another. */
export const readRound = (url: string, cookie: string, reads: number) => readsUntil(url, cookie, (done) => done >= reads);

/** The round with the median p99: the figure of rounds taken in turns. */
export function medianByP99(rounds: ReadRound[]): ReadRound {
  const median = [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)];
  if (!median) throw new Error('no rounds');
  return median;
}
