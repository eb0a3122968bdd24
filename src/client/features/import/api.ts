import { useQuery } from '@tanstack/react-query';
import { CSV_FIELDS, type CsvMapping, type ImportFormat, type ImportSummary } from '../../../shared/import';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { api, ApiError } from '../../lib/api';
import { connection } from '../../lib/connection/connection-state';

export type { CsvField, CsvMapping, ImportFormat, ImportRefusal } from '../../../shared/import';
export { CSV_FIELDS };

/** The server's answer to a preview (nothing written) or an import. */
export type ImportReport = ImportSummary;

export type ImportProgress =
  | { phase: 'upload'; loaded: number; total: number }
  | { phase: 'import'; done: number; total: number };

/** The largest file the server takes, from GET /api/config; null until known (or from an older server). */
export function useImportMaxBytes(): number | null {
  const { data } = useQuery({
    queryKey: ['import-limits'],
    queryFn: async () => {
      const config = await api.get<{ importMaxBytes?: unknown }>('/api/config');
      return typeof config.importMaxBytes === 'number' && config.importMaxBytes > 0 ? config.importMaxBytes : null;
    },
    staleTime: Infinity,
    retry: false,
  });
  return data ?? null;
}

export function importUrl(format: ImportFormat, options: { dryRun: boolean; mapping?: CsvMapping | null }): string {
  const query = new URLSearchParams({ format });
  if (options.dryRun) query.set('dryRun', '1');
  // Once the person has chosen, every field is sent: an empty one is "not imported" (left out, the server guesses).
  if (format === 'csv' && options.mapping) {
    for (const field of CSV_FIELDS) query.set(field, options.mapping[field] ?? '');
  }
  return `/api/import?${query}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorFrom(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.message === 'string' && body.message) {
    return new ApiError(status, typeof body.code === 'string' ? body.code : 'unexpected-service', body.message);
  }
  return new ApiError(status, 'unexpected-service', AUTH_MESSAGES['unexpected-service']);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The import's answer stopped before its last line: some entries may be in the journal, and a second run finishes. */
export const IMPORT_CUT_OFF =
  'The connection was lost before the import finished. Some entries may already be in your journal: import the same file again to finish (what is already there is skipped).';

/**
 * Sends the file to POST /api/import as it is (XMLHttpRequest, for the upload's progress). A preview answers one
 * JSON report; an import asks for NDJSON and reports each progress line as it arrives, then resolves with the
 * last line's report or rejects with its error. Errors are ApiErrors carrying the server's message.
 */
export function sendImport(
  file: Blob,
  format: ImportFormat,
  options: {
    dryRun: boolean;
    mapping?: CsvMapping | null;
    onProgress?: (progress: ImportProgress) => void;
    signal?: AbortSignal;
  },
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const streamed = !options.dryRun;
    let read = 0;
    let uploaded = false;
    let outcome: { result: ImportReport } | { error: ApiError } | null = null;

    /** Handles the complete lines received so far (all of them once the answer has ended). */
    function readLines(final: boolean) {
      const text = xhr.responseText;
      for (;;) {
        const end = text.indexOf('\n', read);
        if (end === -1 && !(final && read < text.length)) break;
        const line = text.slice(read, end === -1 ? text.length : end).trim();
        read = end === -1 ? text.length : end + 1;
        if (!line) continue;
        const message = parseJson(line);
        if (!isRecord(message)) continue;
        if (isRecord(message.progress)) {
          const { done, total } = message.progress;
          if (typeof done === 'number' && typeof total === 'number') {
            options.onProgress?.({ phase: 'import', done, total });
          }
        } else if (isRecord(message.result)) {
          outcome = { result: message.result as unknown as ImportReport };
        } else if (isRecord(message.error)) {
          outcome = { error: errorFrom(xhr.status, message.error) };
        }
      }
    }

    xhr.open('POST', importUrl(format, options));
    xhr.setRequestHeader('accept', streamed ? 'application/x-ndjson' : 'application/json');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ phase: 'upload', loaded: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => {
      uploaded = true;
      options.onProgress?.({ phase: 'upload', loaded: file.size, total: file.size });
    };
    xhr.onprogress = () => {
      if (streamed && xhr.status === 200) readLines(false);
    };
    xhr.onload = () => {
      connection.reportAnswer();
      if (xhr.status !== 200) {
        reject(errorFrom(xhr.status, parseJson(xhr.responseText)));
        return;
      }
      if (!streamed || !(xhr.getResponseHeader('content-type') ?? '').includes('ndjson')) {
        const body = parseJson(xhr.responseText);
        if (isRecord(body) && typeof body.toImport === 'number') resolve(body as unknown as ImportReport);
        else reject(errorFrom(xhr.status, body));
        return;
      }
      readLines(true);
      const last = outcome as { result: ImportReport } | { error: ApiError } | null;
      if (!last) reject(new ApiError(xhr.status, 'import-cut-off', IMPORT_CUT_OFF));
      else if ('error' in last) reject(last.error);
      else resolve(last.result);
    };
    xhr.onerror = () => {
      // Once the whole file is sent, an import may have been cut off halfway through writing.
      connection.reportFailure();
      reject(
        streamed && (uploaded || read > 0)
          ? new ApiError(0, 'import-cut-off', IMPORT_CUT_OFF)
          : new ApiError(0, 'network-request-failed', AUTH_MESSAGES['network-request-failed']),
      );
    };
    xhr.onabort = () => reject(new DOMException('The import request was stopped', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
