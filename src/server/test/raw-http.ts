import { connect } from 'node:net';

/**
 * Sends raw bytes in the pieces given, `pause` ms apart, on one connection, and returns everything the server
 * sent back until it closed the connection. The pieces decide what Node has read when a handler asks for the body,
 * and they can be bytes no HTTP client would send.
 */
export function exchange(port: number, pieces: (string | Buffer)[], pause = 30): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
    socket.once('connect', async () => {
      for (const [index, piece] of pieces.entries()) {
        if (index > 0) await new Promise((wait) => setTimeout(wait, pause));
        socket.write(piece);
      }
    });
  });
}

/** The status line, head and body of each HTTP response in `raw`, in order. */
export function responses(raw: Buffer): { status: number; head: string; body: string }[] {
  const found = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const head = raw.subarray(at, headEnd).toString();
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const body = raw.subarray(headEnd + 4, headEnd + 4 + length).toString();
    found.push({ status: Number(head.slice(9, 12)), head, body });
    at = headEnd + 4 + length;
  }
  return found;
}
