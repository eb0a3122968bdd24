// Follows the README's production recipe in a fresh clone, as an operator would, and checks that the server it
// starts answers GET /readyz with 200. The commands come from the README's own code block (the first ```sh block
// under "## Running in production"), so the two cannot drift apart. Only the lines that name outside services
// change: the database becomes a SQLite file in a temporary folder, SMTP is turned off (the outbox instead) and
// the port is a free one. Then, in the same clone, scripts/container/check.mjs follows the Dockerfile's steps and
// runs the image's server as an unprivileged user. Usage: node scripts/check-production-recipe.mjs (from the
// repository; it clones HEAD).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkContainer, freePort, status as readyStatus } from './container/check.mjs';

// A fresh install may compile better-sqlite3 from source on a busy machine: minutes, not seconds.
const DEADLINE_MS = 10 * 60_000;
/** What src/server/config.ts reads, as .env.example lists them (a test keeps the two in step): the recipe alone decides them. */
const SERVER_VARIABLES = (await readFile(new URL('../.env.example', import.meta.url), 'utf8'))
  .split('\n')
  .map((line) => /^#?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name) => name !== undefined);

/** The shell lines of the first ```sh block after the heading. */
function recipeLines(readme, heading = '## Running in production') {
  const section = readme.indexOf(`\n${heading}\n`);
  if (section < 0) throw new Error(`README.md has no "${heading}" section`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block?.[1]) throw new Error(`"${heading}" in README.md has no sh code block`);
  return block[1].split('\n').filter((line) => line.trim() !== '');
}

/** The recipe with `export NAME=...` lines of `overrides` given the values here instead. */
function withOverrides(lines, overrides) {
  const seen = new Set();
  const script = lines.map((line) => {
    const name = /^export ([A-Z_]+)=/.exec(line)?.[1];
    if (name === undefined || !(name in overrides)) return line;
    seen.add(name);
    return `export ${name}=${shellQuote(overrides[name])}`;
  });
  const missing = Object.keys(overrides).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new Error(`the README's recipe no longer sets ${missing.join(', ')} with export`);
  return script;
}

function shellQuote(value) {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Stops bash, npm and the server it started (one process group), and waits until all of them have gone. */
async function stopGroup(pid) {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (name) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Gone already.
    }
  };
  signal('SIGTERM');
  for (let waited = 0; alive(); waited += 100) {
    if (waited === 10_000) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const repository = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repository, encoding: 'utf8' }).trim();
  const work = await mkdtemp(join(tmpdir(), 'production-recipe-'));
  const clone = join(work, 'journal');
  const dataDir = join(work, 'data');
  const logFile = join(work, 'recipe.log');
  let recipe;
  const started = Date.now();
  try {
    console.log(`Production recipe: cloning ${commit} into ${clone}`);
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repository, clone], { stdio: 'inherit' });
    const port = await freePort();
    const lines = withOverrides(recipeLines(await readFile(join(clone, 'README.md'), 'utf8')), {
      DATABASE_URL: join(dataDir, 'journal.db'),
      SMTP_URL: '',
      PORT: String(port),
    });
    const script = ['set -euo pipefail', `export DATA_DIR=${shellQuote(dataDir)}`, ...lines].join('\n');
    await writeFile(join(work, 'recipe.sh'), `${script}\n`);
    console.log(`Running the README's commands (output in ${logFile}):\n${lines.map((l) => `  ${l}`).join('\n')}`);

    const log = createWriteStream(logFile);
    // The recipe's variables, and nothing of this shell's (or CI's) settings for the server or for npm's run.
    const env = {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !SERVER_VARIABLES.includes(name) && !name.startsWith('npm_')),
      ),
      // Packages from npm's cache where it has them (the CI run before this one filled it), as npm would anyway
      // after checking each with the registry.
      npm_config_prefer_offline: 'true',
    };
    recipe = spawn('bash', [join(work, 'recipe.sh')], {
      cwd: clone,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    recipe.stdout.pipe(log);
    recipe.stderr.pipe(log);
    let exited;
    recipe.once('exit', (code, signal) => (exited = signal ?? code));

    const url = `http://127.0.0.1:${port}/readyz`;
    let status;
    while (status !== 200) {
      if (exited !== undefined) throw new Error(`the recipe ended (${exited}) before ${url} answered 200`);
      if (Date.now() - started > DEADLINE_MS) throw new Error(`${url} did not answer 200 in time (last: ${status})`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      status = await readyStatus(url);
    }
    console.log(`Production recipe: GET /readyz answered 200 after ${Math.round((Date.now() - started) / 1000)} s`);

    // The container image's steps, in the same clone: the recipe's `npm ci --include=dev` is their install step.
    await stopGroup(recipe.pid);
    recipe = undefined;
    const installed = lines.some((line) => /\bnpm ci --include=dev\b/.test(line));
    await checkContainer(clone, { installed }).catch((error) => {
      throw new Error(`the container image: ${error instanceof Error ? error.message : String(error)}`);
    });
  } catch (error) {
    const output = await readFile(logFile, 'utf8').catch(() => '');
    console.error(output.split('\n').slice(-40).join('\n'));
    throw error;
  } finally {
    if (recipe?.pid !== undefined) await stopGroup(recipe.pid);
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Production recipe failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
