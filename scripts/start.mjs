// `npm start`: build the client when there is no build yet or a source it is built from has changed since (after
// a `git pull`, say), then serve it and the API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/client/index.html';
/** Everything the client build reads: a change to any of them makes the build out of date. */
const SOURCES = ['src/client', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time of a file, or of any file under a folder; 0 when it does not exist. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : undefined;
const changedAt = Math.max(...SOURCES.map(newestChange));
if (builtAt === undefined || changedAt > builtAt) {
  console.log(
    builtAt === undefined ? 'Building the client (first start)...' : 'Rebuilding the client (its sources changed)...',
  );
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// At most two glibc arenas unless told otherwise: each thread that decodes photos (libvips) would get one of its own,
// which keeps what was freed in it (docs/decisions/035-photos-in-the-database.md).
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
