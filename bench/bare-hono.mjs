// The framework's own floor: Hono on @hono/node-server with no middleware, answering every request with the same
// bytes as the measured endpoint (see bare-server.mjs). Between this and bare node:http lies the cost of the
// framework alone.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const captured = process.env.BARE_RESPONSE_FILE ? JSON.parse(readFileSync(process.env.BARE_RESPONSE_FILE, 'utf8')) : undefined;
const status = captured?.status ?? 200;
const body = Buffer.from(captured?.body ?? '{"status":"ok"}');
const headers = captured?.headers ?? { 'content-type': 'application/json' };
const app = new Hono();
// A Response with a plain header object is Hono's fastest way to answer: @hono/node-server hands it to Node as it is.
app.get('*', () => new Response(body, { status, headers }));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
