// The sender of bench/photo-import.ts's import, in a process of its own: posting a zip of tens of megabytes would
// otherwise hold up the bench's own event loop, and the day reads it times would count the bench's delays as the
// server's. Env: IMPORT_URL (the import's address, with its format), IMPORT_COOKIE, IMPORT_FILE (the zip). It posts the
// file once, then reports the time to the answer, its status and its notes, and exits.
import { readFileSync } from 'node:fs';

const url = process.env.IMPORT_URL;
const bytes = new Uint8Array(readFileSync(process.env.IMPORT_FILE));
const started = performance.now();
const res = await fetch(url, {
  method: 'POST',
  headers: { cookie: process.env.IMPORT_COOKIE, origin: new URL(url).origin, 'content-type': 'application/octet-stream' },
  body: bytes,
});
const answer = await res.json().catch(() => ({}));
process.send({ ms: performance.now() - started, status: res.status, notes: answer.notes ?? [answer.message] }, () => process.disconnect());
