// The framework's own floor: Hono on @hono/node-server with no middleware, answering every request with the same
// bytes as the measured endpoint. Between this and bare node:http lies the cost of the framework alone.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE) : Buffer.from('{"status":"ok"}');
const app = new Hono();
app.get('*', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
