// Reads and checks import files on a worker thread (read-file.ts), so that parsing many megabytes never holds up the
// requests of other people. It takes one file per message, as long as the server keeps it (readers.ts). The server
// runs TypeScript through tsx; a worker starts without the loader, so it registers it before loading the code.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// The server often has no idle core for this thread (two cores: the requests' thread, and the rest of the machine),
// and parsing a file of 20 MB took the requests' thread's core away from it for whole time slices: other people's day
// reads had a p99 of 11 to 21 ms while a file was read. On Linux this thread asks the kernel to give way (nice 19),
// so requests come first and the file is read with the time that is left: the p99 of those reads fell to 5 to 11 ms,
// and about twice as many were answered (docs/decisions/014-importing-journals.md). Elsewhere, or if the system
// refuses, the file is read at the usual priority.
try {
  // "/proc/thread-self" links to "<pid>/task/<thread id>".
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(thread) && thread > 0) setPriority(thread, 19);
} catch {
  // Not Linux, or not allowed.
}

register();
const { readImportFile } = await import('./read-file.ts');
const { UnreadableFile } = await import('./candidates.ts');

/** Entries per message: each message is taken in by the server's thread in one go, so each stays small. */
const BATCH = 250;

/** What a preview's entries carry instead of their texts, which it does not need (one object, cloned once a message). */
const NO_TEXT = { gratitude: '', celebration: '', manifestation: '', memory: '' };

parentPort.on('message', ({ userId, format, bytes, options }) => {
  try {
    const { planned, photos, ...file } = readImportFile(userId, format, bytes, options);
    for (let at = 0; at < planned.length; at += BATCH) {
      const batch = planned.slice(at, at + BATCH);
      const entries = options.withText ? batch : batch.map((entry) => ({ ...entry, candidate: { ...entry.candidate, text: NO_TEXT } }));
      parentPort.postMessage({ kind: 'entries', entries });
    }
    // Each photo's bytes move to the server's thread, which moves them on to the decoder: a copy of its own first
    // when they share their memory with something else (zlib's and Buffer's pools).
    for (const [path, unpacked] of photos ?? []) {
      const whole = unpacked.byteOffset === 0 && unpacked.byteLength === unpacked.buffer.byteLength;
      const own = whole ? unpacked : new Uint8Array(unpacked);
      parentPort.postMessage({ kind: 'photo', path, bytes: own }, [own.buffer]);
    }
    parentPort.postMessage({ kind: 'done', file });
  } catch (error) {
    // Only a file's own problem has words for the person; anything else is the server's, and stays unnamed.
    parentPort.postMessage({ kind: 'failed', unreadable: error instanceof UnreadableFile ? error.message : null });
  }
});
