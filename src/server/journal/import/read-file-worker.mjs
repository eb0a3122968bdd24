// Reads and checks an import's file on a worker thread (read-file.ts), so that parsing many megabytes never holds up
// the requests of other people. The server runs TypeScript through tsx; a worker starts without the loader, so it
// registers it before loading the code.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { readImportFile } = await import('./read-file.ts');
const { UnreadableFile } = await import('./candidates.ts');

/** Entries per message: each message is taken in by the server's thread in one go, so each stays small. */
const BATCH = 250;

const { userId, format, bytes, options } = workerData;
try {
  const { planned, ...file } = readImportFile(userId, format, bytes, options);
  for (let at = 0; at < planned.length; at += BATCH) {
    parentPort.postMessage({ kind: 'entries', entries: planned.slice(at, at + BATCH) });
  }
  parentPort.postMessage({ kind: 'done', file });
} catch (error) {
  // Only a file's own problem has words for the person; anything else is the server's, and stays unnamed.
  parentPort.postMessage({ kind: 'failed', unreadable: error instanceof UnreadableFile ? error.message : null });
}
