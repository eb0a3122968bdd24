import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PAYLOAD_TOO_LARGE } from './errors';

const ANSWERS: Record<string, { readonly status: number; readonly code: string; readonly message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers-too-large', message: 'The request headers are too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: PAYLOAD_TOO_LARGE,
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request-timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, code: 'bad-request', message: 'The request is malformed' };

/**
 * Requests that Node's HTTP parser refuses before the app sees them (a broken request line or header, an invalid
 * Content-Length, headers over the size limit, a request that arrives too slowly) are answered with the same JSON
 * error body as every other refusal, where Node would send a bare status line. Like Node's own handler, it answers
 * only when no response has started on the connection, and then closes it.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Node's own handler reads the same field: the response under way on this connection, if any. There is no
    // public way to ask, and writing into a response that has started would corrupt it for the client.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const { status, code, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
      const body = JSON.stringify({ code, message });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `x-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
