// Reads and checks an import's file on a worker thread (read-file.ts), so that parsing many megabytes never holds up
// the requests of other people. The server runs TypeScript through tsx; a worker starts without the loader, so it
// registers it before loading the code.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { readImportFile } = await import('./read-file.ts');
const { UnreadableFile } = await import('./candidates.ts');

const { userId, format, bytes, options } = workerData;
try {
  parentPort.postMessage({ ok: true, file: readImportFile(userId, format, bytes, options) });
} catch (error) {
  // Only a file's own problem has words for the person; anything else is the server's, and stays unnamed.
  parentPort.postMessage(
    error instanceof UnreadableFile ? { ok: false, unreadable: error.message } : { ok: false, unreadable: null },
  );
}
