// The floor: a bare node:http server answering every request with the same bytes as the measured endpoint.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE) : Buffer.from('{"status":"ok"}');
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
