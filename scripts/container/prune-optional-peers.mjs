// After `npm prune --omit=dev`, npm still keeps a devDependency that a production package names as an optional peer
// (better-auth names vitest, the React Query packages name @types/react): installed, it counts as that peer, so the
// test runner, the bundler and their own dependencies stay. The server never loads them. This removes every package
// that production reaches through no edge but an optional peer, reading package-lock.json's tree the way Node
// resolves a name (the nearest node_modules folder upwards). Run from the folder with node_modules, after the prune.
import { existsSync, lstatSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
/** @type {Record<string, {dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>, peerDependencies?: Record<string, string>, peerDependenciesMeta?: Record<string, {optional?: boolean}>}>} */
const packages = lock.packages;
if (!packages || !packages['']) throw new Error('package-lock.json has no packages tree (lockfileVersion 2 or 3 needed)');

/** Where Node finds `name` when it is required from the package at `from` ('' is the project itself). */
function locate(from, name) {
  for (let dir = from; ; ) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (candidate in packages && existsSync(candidate)) return candidate;
    if (dir === '') return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

/** The names a package needs at run time: its dependencies, the optional ones installed, and its required peers. */
function runtimeNames(entry, isProject) {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  // The project's peers are not its own to install; its devDependencies are what this leaves out.
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...(isProject ? [] : peers)];
}

const needed = new Set();
const queue = [''];
while (queue.length > 0) {
  const from = /** @type {string} */ (queue.pop());
  const entry = packages[from];
  if (!entry) continue;
  for (const name of runtimeNames(entry, from === '')) {
    const location = locate(from, name);
    if (location === undefined || needed.has(location)) continue;
    needed.add(location);
    queue.push(location);
  }
}

const removed = Object.keys(packages).filter(
  (location) => location !== '' && !needed.has(location) && existsSync(location),
);
// Inner folders first is not needed: removing an outer package removes what is inside it.
for (const location of removed) rmSync(location, { recursive: true, force: true });

/** Links in node_modules/.bin folders whose package is gone. */
function removeDanglingBins(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === '.bin') {
      for (const bin of readdirSync(path)) {
        const link = join(path, bin);
        if (lstatSync(link).isSymbolicLink() && !existsSync(link)) rmSync(link);
      }
    } else if (name.startsWith('@') && statSync(path).isDirectory()) {
      removeDanglingBins(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (existsSync(join(path, 'node_modules'))) {
      removeDanglingBins(join(path, 'node_modules'));
    }
  }
}
removeDanglingBins('node_modules');
// npm's cache of the tree would still list what is gone; without it npm reads the folders themselves.
rmSync('node_modules/.package-lock.json', { force: true });

const top = removed.filter((location) => !location.slice('node_modules/'.length).includes('/node_modules/'));
console.log(
  removed.length === 0
    ? 'No package is kept for an optional peer alone.'
    : `Removed ${removed.length} packages kept for optional peers alone: ${top.map((l) => l.slice('node_modules/'.length)).join(', ')}`,
);
