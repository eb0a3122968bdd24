// Runs the Dockerfile's steps without Docker, and checks that what they make runs as the image would: the build
// stage's `RUN scripts/container/build.sh ...` lines in a clone of the repository, then the runtime stage's CMD,
// with its ENV, as an unprivileged user (nobody) whose only writable folder is DATA_DIR, once on SQLite in that
// folder and once on PostgreSQL (as compose.yaml runs it). It passes when no devDependency is left in the image,
// and on each database GET /readyz answers 200, the HEALTHCHECK command succeeds and SIGTERM ends the server with
// exit code 0; the SQLite files must belong to that user.
//
// Usage: node scripts/container/check.mjs (from the repository; it clones HEAD, installs and builds: slow).
// scripts/check-production-recipe.mjs calls checkContainer() on the clone where it has just run the README's
// `npm ci --include=dev && npm run build`, the same install as build.sh's, so CI installs only once.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const DEADLINE_MS = 90_000;
/** The tests' PostgreSQL server (src/server/test/databases.ts), where compose.yaml's setting is tried. */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOBODY = { user: 'nobody', group: 'nogroup' };
/** What the image's build stage may run: its own steps, nothing else (so this check can follow them). */
const BUILD_SCRIPT = 'scripts/container/build.sh';

/** The Dockerfile's instructions per stage, each on one line (continuations joined), comments dropped. */
export function readDockerfile(text) {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const keyword = instruction.toUpperCase();
    const argument = rest.join(' ');
    if (keyword === 'FROM') stages.push({ from: argument, instructions: [] });
    else if (stages.length === 0) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
    else stages.at(-1).instructions.push({ keyword, argument });
  }
  if (stages.length < 2) throw new Error('Dockerfile: expected a build stage and a runtime stage');
  const build = stages[0];
  const runtime = stages.at(-1);

  const buildSteps = build.instructions
    .filter((step) => step.keyword === 'RUN' && step.argument.startsWith(BUILD_SCRIPT))
    .map((step) => step.argument.slice(BUILD_SCRIPT.length).trim().split(/\s+/).filter(Boolean));
  if (buildSteps.length === 0) throw new Error(`Dockerfile: the build stage runs no ${BUILD_SCRIPT}`);

  const env = {};
  for (const step of runtime.instructions.filter((s) => s.keyword === 'ENV')) {
    for (const pair of step.argument.split(/\s+/).filter(Boolean)) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
      if (!match) throw new Error(`Dockerfile: ENV ${pair} is not NAME=value`);
      env[match[1]] = match[2];
    }
  }
  const execForm = (argument, what) => {
    const json = /^\[.*\]$/.exec(argument.trim())?.[0];
    if (!json) throw new Error(`Dockerfile: ${what} must be in exec form (["node", ...]) so signals reach the server`);
    return JSON.parse(json);
  };
  const cmd = runtime.instructions.filter((s) => s.keyword === 'CMD').at(-1);
  if (!cmd) throw new Error('Dockerfile: the runtime stage has no CMD');
  const healthcheck = runtime.instructions.filter((s) => s.keyword === 'HEALTHCHECK').at(-1);
  const healthCmd = healthcheck ? /\bCMD\s+(\[.*\])\s*$/.exec(healthcheck.argument)?.[1] : undefined;
  if (!healthCmd) throw new Error('Dockerfile: the runtime stage has no HEALTHCHECK ... CMD [...]');
  const copy = runtime.instructions.find((s) => s.keyword === 'COPY' && s.argument.startsWith('--from=build'));
  const [copiedFrom, copiedTo] = copy?.argument.split(/\s+/).slice(1) ?? [];
  const workdir = runtime.instructions.filter((s) => s.keyword === 'WORKDIR').at(-1)?.argument;
  if (!copiedFrom || copiedTo !== workdir) {
    throw new Error('Dockerfile: the runtime stage must COPY --from=build the staged folder into its WORKDIR');
  }
  const user = runtime.instructions.filter((s) => s.keyword === 'USER').at(-1)?.argument;
  if (!user || user === 'root' || user.startsWith('0')) {
    throw new Error('Dockerfile: the runtime stage must set a USER other than root');
  }
  return {
    stages,
    buildSteps,
    stagedDir: copiedFrom,
    env,
    user,
    cmd: execForm(cmd.argument, 'CMD'),
    healthcheck: execForm(healthCmd, 'HEALTHCHECK'),
  };
}

/** A port nothing listens on, for a server started by a check. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The status a URL answers, or undefined when nothing answers within 2 s. */
export async function status(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return undefined;
  }
}

/** This shell's environment without npm's run variables, and npm's cache preferred (CI has filled it). */
function buildEnvironment() {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))),
    npm_config_prefer_offline: 'true',
  };
}

/** `setpriv` runs the command as nobody with no other groups, the way USER drops root in the image. */
function asNobody(command) {
  return ['setpriv', `--reuid=${NOBODY.user}`, `--regid=${NOBODY.group}`, '--clear-groups', '--', ...command];
}

/** The image's `node` is this machine's: the same Node 20 that runs this check. */
function withNode([program, ...args]) {
  return [program === 'node' ? process.execPath : program, ...args];
}

/** Every file under `dir` whose owner is not `uid`. */
function notOwnedBy(dir, uid) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.uid !== uid) found.push(path);
    if (stats.isDirectory()) found.push(...notOwnedBy(path, uid));
  }
  return found;
}

/**
 * The Dockerfile's steps in `clone`, then its server as nobody. `installed`: the clone's node_modules were just
 * made by `npm ci --include=dev` (the README's recipe), which is build.sh's install step, so it is not repeated.
 */
export async function checkContainer(clone, { installed = false, log = console.log } = {}) {
  const dockerfile = readDockerfile(readFileSync(join(clone, 'Dockerfile'), 'utf8'));
  // The image's root: the staged app and the data volume, in a folder nobody may enter but not write.
  const root = mkdtempSync(join(tmpdir(), 'container-check-'));
  chmodSync(root, 0o755);
  const appDir = join(root, 'app');
  let running;
  try {
    for (const step of dockerfile.buildSteps) {
      const args = step
        .filter((arg) => !(installed && arg === 'install'))
        .map((arg) => (arg === dockerfile.stagedDir ? appDir : arg));
      if (args.length === 0) continue;
      log(`Container: ${BUILD_SCRIPT} ${args.join(' ')}`);
      const run = spawnSync(join(clone, BUILD_SCRIPT), args, { cwd: clone, env: buildEnvironment(), encoding: 'utf8' });
      if (run.status !== 0) {
        throw new Error(`${BUILD_SCRIPT} ${args.join(' ')} failed (${run.status ?? run.signal}):\n${(run.stdout + run.stderr).slice(-4000)}`);
      }
    }

    const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
    const devLeft = Object.keys(manifest.devDependencies ?? {}).filter((name) => {
      try {
        return statSync(join(appDir, 'node_modules', name)).isDirectory();
      } catch {
        return false;
      }
    });
    if (devLeft.length > 0) throw new Error(`devDependencies left in the image: ${devLeft.join(', ')}`);

    const nobodyUid = Number(execFileSync('id', ['-u', NOBODY.user], { encoding: 'utf8' }).trim());
    const nogroupGid = Number(execFileSync('getent', ['group', NOBODY.group], { encoding: 'utf8' }).split(':')[2]);
    /** A fresh data volume, its user's alone, as the image's `chown node /data && chmod 700 /data` makes it. */
    const freshVolume = (name) => {
      const dir = join(root, name);
      mkdirSync(dir, { mode: 0o700 });
      chownSync(dir, nobodyUid, nogroupGid);
      return dir;
    };

    // SQLite in the volume: the image run alone.
    const sqliteData = freshVolume('data-sqlite');
    await runImage(dockerfile, appDir, { DATA_DIR: sqliteData }, log, (server) => (running = server));
    const strangers = notOwnedBy(sqliteData, nobodyUid);
    if (strangers.length > 0) throw new Error(`files in DATA_DIR not written by ${NOBODY.user}: ${strangers.join(', ')}`);
    if (!readdirSync(sqliteData).includes('journal.db')) throw new Error('the server made no SQLite database in DATA_DIR');

    // PostgreSQL: compose.yaml's way, in a schema of its own on the tests' server, dropped afterwards.
    const pg = createRequire(join(appDir, 'package.json'))('pg');
    const schema = `container_check_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`create schema ${schema}`);
      const url = new URL(POSTGRES_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const env = { DATA_DIR: freshVolume('data-postgres'), DATABASE_URL: url.href };
      await runImage(dockerfile, appDir, env, log, (server) => (running = server));
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  } finally {
    if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Starts the image's CMD as nobody with its ENV and `settings`; waits for GET /readyz to answer 200, runs the
 * HEALTHCHECK command, then sends SIGTERM and expects exit code 0. `track` learns the process, to end it on failure.
 */
async function runImage(dockerfile, appDir, settings, log, track) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    ...dockerfile.env,
    // What compose.yaml or `docker run -e` give. The server listens on this machine's loopback: the image's
    // HOST=0.0.0.0 is for the container's own network.
    PORT: String(port),
    HOST: '127.0.0.1',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    APP_URL: `http://127.0.0.1:${port}`,
    ...settings,
  };
  const database = settings.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const [program, ...args] = asNobody(withNode(dockerfile.cmd));
  log(`Container: ${dockerfile.cmd.join(' ')} as ${NOBODY.user}, on ${database}`);
  let output = '';
  const server = spawn(program, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(server);
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

  const started = Date.now();
  const url = `http://127.0.0.1:${port}/readyz`;
  for (;;) {
    const last = await status(url);
    if (last === 200) break;
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server ended before ${url} answered 200:\n${output}`);
    }
    if (Date.now() - started > DEADLINE_MS) throw new Error(`${url} did not answer 200 in time (last: ${last}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`Container: GET /readyz answered 200 after ${Math.round((Date.now() - started) / 1000)} s`);

  const [healthProgram, ...healthArgs] = asNobody(withNode(dockerfile.healthcheck));
  const health = spawnSync(healthProgram, healthArgs, { cwd: appDir, env, encoding: 'utf8', timeout: 10_000 });
  if (health.status !== 0) throw new Error(`the HEALTHCHECK command failed (${health.status}): ${health.stderr}`);

  server.kill('SIGTERM');
  const end = await exited;
  if (end.code !== 0) throw new Error(`after SIGTERM the server ended with ${end.signal ?? `exit code ${end.code}`}:\n${output}`);
  log('Container: SIGTERM ended the server with exit code 0');
}

async function main() {
  const repository = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const work = mkdtempSync(join(tmpdir(), 'container-clone-'));
  const clone = join(work, 'journal');
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repository, encoding: 'utf8' }).trim();
    console.log(`Container: cloning ${commit} into ${clone}`);
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repository, clone], { stdio: 'inherit' });
    await checkContainer(clone);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`Container check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
