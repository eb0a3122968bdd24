import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiRequest } from '../e2e/support/api';
import { ARGON2_PARAMS, HASH_CONCURRENCY } from '../src/server/auth/password-hash';
import { localDayKey } from '../src/shared/dates';
import { alternate, load, type LoadResult, signedInUser, startFloors, startJournal } from './support';

export interface FloorBench {
  bare: LoadResult;
  bareHono: LoadResult;
  healthz: LoadResult;
}

/**
 * GET /healthz against a bare node:http server and a bare Hono server sending the same bytes (headers included),
 * in alternating rounds of one run. Bare Hono is the framework's own ceiling: no app built on it can pass it.
 */
export async function benchFloor(): Promise<FloorBench> {
  const server = await startJournal();
  try {
    const url = `${server.url}/healthz`;
    const floors = await startFloors(url, {}, server.dataDir);
    return await alternate({
      bare: { url: floors.bareUrl },
      bareHono: { url: floors.bareHonoUrl },
      healthz: { url },
    }).finally(() => floors.stop());
  } finally {
    await server.stop();
  }
}

export interface IsolationBench {
  idle: LoadResult;
  duringSignIns: LoadResult;
  signInsPerSecond: number;
  hash: string;
}

/** Day reads at 10 connections, alone and while 20 sign-ins run back to back. */
export async function benchSignInIsolation(): Promise<IsolationBench> {
  const server = await startJournal();
  try {
    const reader = await signedInUser(server, 'isolation-reader@bench.test');
    const today = localDayKey(new Date());
    await apiRequest(server.url, 'POST', '/api/entries', {
      cookie: reader.cookie,
      body: { content: { gratitude: 'tea', celebration: 'walk', manifestation: 'calm' }, localDate: today },
    });
    const signers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signedInUser(server, `signer${i}@bench.test`).then(() => `signer${i}@bench.test`)),
    );
    const dayUrl = `${server.url}/api/entries?day=${today}`;
    const readOptions = { url: dayUrl, headers: { cookie: reader.cookie }, connections: 10, duration: 8 };
    await load({ ...readOptions, duration: 2 });
    const idle = await load(readOptions);

    let stop = false;
    let signIns = 0;
    const started = performance.now();
    const loops = signers.map(async (email) => {
      // Each email may sign in 5 times in 15 minutes; alternate between wrong passwords (also hashed) and none.
      while (!stop) {
        const res = await apiRequest(server.url, 'POST', '/api/auth/sign-in', { body: { email, password: 'Wrong#Password1' } });
        await res.arrayBuffer();
        if (res.status === 429) {
          // The limit stops hashing for this email; use a fresh address (unknown emails are hashed too).
          email = `nobody-${randomUUID()}@bench.test`;
        } else signIns += 1;
      }
    });
    const duringSignIns = await load(readOptions);
    stop = true;
    await Promise.all(loops);
    const seconds = (performance.now() - started) / 1000;
    return {
      idle,
      duringSignIns,
      signInsPerSecond: Math.round((signIns / seconds) * 10) / 10,
      hash: `argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}, at most ${HASH_CONCURRENCY} at once`,
    };
  } finally {
    await server.stop();
  }
}

export interface MemoryBench {
  afterLoadMb: number;
  soakSeconds: number;
  samplesMb: number[];
  growthMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** RSS after 100 users write and read 10,000 entries, then during a soak of the same load. */
export async function benchMemory(soakSeconds: number): Promise<MemoryBench> {
  const server = await startJournal();
  try {
    const pid = server.child.pid ?? 0;
    const users = [];
    for (let batch = 0; batch < 100; batch += 10) {
      users.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => signedInUser(server, `mem${batch + i}@bench.test`)))));
    }
    const today = localDayKey(new Date());
    const workload = async (cookie: string, writes: number) => {
      for (let i = 0; i < writes; i += 1) {
        const res = await apiRequest(server.url, 'POST', '/api/entries', {
          cookie,
          body: { content: { gratitude: `thanks ${i}`, celebration: 'a good day', manifestation: 'more of the same' }, localDate: today },
        });
        await res.arrayBuffer();
        const read = await apiRequest(server.url, 'GET', `/api/entries?month=${today.slice(0, 7)}`, { cookie });
        await read.arrayBuffer();
      }
    };
    await Promise.all(users.map(({ cookie }) => workload(cookie, 100)));
    const afterLoadMb = rssMb(pid);

    const samplesMb: number[] = [];
    const deadline = Date.now() + soakSeconds * 1000;
    const sampler = setInterval(() => samplesMb.push(rssMb(pid)), Math.max(1000, (soakSeconds * 1000) / 20));
    await Promise.all(
      users.map(async ({ cookie }) => {
        while (Date.now() < deadline) await workload(cookie, 1);
      }),
    );
    clearInterval(sampler);
    samplesMb.push(rssMb(pid));
    // Growth after warm-up: the last sample against the median of the first quarter.
    const warm = [...samplesMb.slice(0, Math.max(1, Math.floor(samplesMb.length / 4)))].sort((a, b) => a - b);
    const baseline = warm[Math.floor(warm.length / 2)] ?? afterLoadMb;
    return { afterLoadMb, soakSeconds, samplesMb, growthMb: Math.round(((samplesMb.at(-1) ?? 0) - baseline) * 10) / 10 };
  } finally {
    await server.stop();
  }
}

