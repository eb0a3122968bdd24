import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { requireUser } from '../../auth/middleware';
import { isUnavailable } from '../../db/errors';
import type { SessionReader } from '../../auth/session';
import type { AppEnv } from '../../http/context';
import type { Logger } from '../../logger';
import { HttpError, PAYLOAD_TOO_LARGE } from '../../http/errors';
import { parseWith } from '../../http/read-json';
import { IMPORT_FORMATS, UnreadableFile } from './candidates';
import { csvMappingQuerySchema } from './csv';
import { ImportSlots, type SlotRefusal } from './import-slots';
import { ImportInterrupted, type ImportOptions, type ImportSummary, type JournalImporter } from './service';

/** How long a person is asked to wait when the server runs as many imports as it takes at once, in seconds. */
const BUSY_RETRY_SECONDS = 30;

const MB = 1024 * 1024;

/** A file over the server's limit (IMPORT_MAX_MB), however it is sent. */
export function importFileTooLarge(maxBytes: number): HttpError {
  return new HttpError(
    PAYLOAD_TOO_LARGE.status,
    PAYLOAD_TOO_LARGE.code,
    `The file is larger than this server accepts (${Math.floor(maxBytes / MB)} MB).`,
  );
}

/**
 * The request's file. A declared length was checked by the body-size middleware (app.ts); a streamed (chunked) one is
 * counted here as it arrives and refused past the limit. A body that breaks off is the client's fault: a 400.
 */
async function readFile(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.has('content-length') && !request.headers.has('transfer-encoding');
  try {
    if (declared || !request.body) return new Uint8Array(await request.arrayBuffer());
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw importFileTooLarge(maxBytes);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'unreadable-body', 'The request body could not be read');
  }
}

/** Why an import cannot start now, in words. */
function refusalError(refused: SlotRefusal): HttpError {
  if (refused === 'yours-running') {
    return new HttpError(
      409,
      'import-running',
      'An import of yours is still running. Wait until it has finished, then try again: what it has saved is not imported twice.',
    );
  }
  return new HttpError(
    503,
    'imports-busy',
    'The server is busy with other imports just now. Please try again in a minute.',
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );
}

const formatSchema = z.enum(IMPORT_FORMATS);
const dryRunSchema = z.enum(['1', '0', 'true', 'false']).optional();

/** What an interrupted import tells the person: how far it got, and that the same file finishes it. */
function interruptedError(error: ImportInterrupted): HttpError {
  const done = error.imported.toLocaleString('en-US');
  const of = error.toImport.toLocaleString('en-US');
  return new HttpError(
    503,
    'import-interrupted',
    `The import stopped after ${done} of ${of} entries were saved. Import the same file again to bring in the rest: the entries already saved are not repeated.`,
  );
}

/** The error a failed import answers: the file's problem as a 400, an interruption as a 503, anything else as is. */
function importError(error: unknown): unknown {
  if (error instanceof UnreadableFile) return new HttpError(400, 'unreadable-file', error.message);
  if (error instanceof ImportInterrupted) return interruptedError(error);
  return error;
}

/**
 * POST /api/import?format=ours|dayone|csv[&dryRun=1][&date=&gratitude=&…]: the file is the request body. A dry run
 * answers the preview; otherwise the import runs and answers what it did. Asked with `Accept: application/x-ndjson`,
 * an import streams a line of progress after each transaction and its result (or error) as the last line.
 */
export function importRoutes({
  sessions,
  importer,
  maxBytes,
  logger,
}: {
  sessions: SessionReader;
  importer: JournalImporter;
  maxBytes: number;
  logger: Logger;
}) {
  const app = new Hono<AppEnv>();
  const slots = new ImportSlots();

  app.post('/', requireUser(sessions), async (c) => {
    const format = parseWith(formatSchema, c.req.query('format'), () =>
      new HttpError(400, 'invalid-format', 'Give a format: ours, dayone or csv'),
    );
    const dryRunParam = parseWith(dryRunSchema, c.req.query('dryRun'), () =>
      new HttpError(400, 'invalid-request', 'dryRun is 1 or 0'),
    );
    const csvMapping = parseWith(csvMappingQuerySchema, c.req.query(), () =>
      new HttpError(400, 'invalid-mapping', 'A column name is too long'),
    );
    const encoding = c.req.header('content-encoding');
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw new HttpError(415, 'unsupported-encoding', 'Request bodies must not be compressed');
    }
    // Before the file is read: a person's second import, or one past the server's limit, costs nothing.
    const userId = c.get('user').id;
    const slot = slots.take(userId);
    if ('refused' in slot) throw refusalError(slot.refused);
    let handedOver = false;
    try {
      const bytes = await readFile(c.req.raw, maxBytes);
      if (bytes.length === 0) throw new HttpError(400, 'empty-file', 'The file is empty.');
      const options: ImportOptions = {
        dryRun: dryRunParam === '1' || dryRunParam === 'true',
        csvMapping,
        maxFileBytes: maxBytes,
      };

      const wantsProgress = !options.dryRun && /application\/x-ndjson/i.test(c.req.header('accept') ?? '');
      if (!wantsProgress) {
        let summary: ImportSummary;
        try {
          summary = await importer.run(userId, format, bytes, options);
        } catch (error) {
          throw importError(error);
        }
        return c.json(summary, 200, { 'cache-control': 'no-store' });
      }

      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      c.header('cache-control', 'no-store');
      handedOver = true;
      return stream(c, async (out) => {
        const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
        // A person who closes the page does not stop the import: it runs to its end, a transaction at a time.
        try {
          const summary = await importer.run(userId, format, bytes, {
            ...options,
            onProgress: (done, total) => void line({ progress: { done, total } }).catch(() => undefined),
          });
          await line({ result: summary });
        } catch (error) {
          const known = importError(error);
          if (known instanceof HttpError) {
            await line({ error: { code: known.code, message: known.message } });
            return;
          }
          // The status line has gone out already: the error travels as the last line, and only its kind is logged.
          logger.error('import.failed', { requestId: c.get('requestId'), error: error instanceof Error ? error.name : 'unknown' });
          const message = isUnavailable(error)
            ? 'The service is temporarily unavailable. Please try again.'
            : 'The import failed. Please try again.';
          await line({ error: { code: 'import-failed', message } });
        } finally {
          slot.release();
        }
      });
    } finally {
      // The streamed answer gives the slot back when the import has ended; everything else, now.
      if (!handedOver) slot.release();
    }
  });

  return app;
}
