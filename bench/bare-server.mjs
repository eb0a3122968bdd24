// The floor: a bare node:http server answering every request with the same bytes as the measured endpoint (its
// status, headers and body, captured by bench/support.ts captureResponse), or {"status":"ok"} without a capture.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const captured = process.env.BARE_RESPONSE_FILE ? JSON.parse(readFileSync(process.env.BARE_RESPONSE_FILE, 'utf8')) : undefined;
const status = captured?.status ?? 200;
const body = Buffer.from(captured?.body ?? '{"status":"ok"}');
const headers = { ...(captured?.headers ?? { 'content-type': 'application/json' }), 'content-length': body.length };
const server = createServer((_req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
