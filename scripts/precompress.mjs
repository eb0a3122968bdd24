// After `vite build`: write .br and .gz beside every text asset, so the server sends them compressed at no CPU cost.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'dist/client';
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(ROOT)) {
  const body = readFileSync(path);
  if (body.length < 512) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${ROOT}`);
