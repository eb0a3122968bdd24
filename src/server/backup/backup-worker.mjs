// Takes one SQLite backup (sqlite-backup.ts) on a thread of its own, so that copying and checking a large database
// never holds up the server's requests. Plain JavaScript, loading the TypeScript through tsx, so that it starts the
// same under `npm run serve` and under the tests.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { backupSqliteFile } = await tsImport('./sqlite-backup.ts', import.meta.url);
try {
  const facts = await backupSqliteFile(workerData.source, workerData.destination);
  parentPort.postMessage({ ok: true, facts });
} catch (error) {
  parentPort.postMessage({ ok: false, name: error?.name ?? 'Error', message: error?.message ?? String(error) });
}
