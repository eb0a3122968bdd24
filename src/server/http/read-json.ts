import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors';

/** Refuses bytes that are not UTF-8 instead of turning them into replacement characters. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The charset a Content-Type names, lower-cased, if it names one. */
function charsetOf(type: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1]?.toLowerCase();
}

/**
 * Reads a JSON body; a missing or malformed body is a 400, never an exception. JSON travels as UTF-8 (RFC 8259):
 * a body in another charset is refused with a 415, and bytes that are not UTF-8 are malformed, since decoding them
 * anyway would store text the writer never wrote.
 */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported-media-type', 'Requests must be sent as application/json');
  }
  const charset = charsetOf(type);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new HttpError(415, 'unsupported-charset', 'Request bodies must be sent as UTF-8');
  }
  const encoding = c.req.header('content-encoding');
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    // Bodies are never decompressed here: a compressed one would be read as if it were plain text.
    throw new HttpError(415, 'unsupported-encoding', 'Request bodies must not be compressed', {
      'accept-encoding': 'identity',
    });
  }
  const whole = takeWholeBody(c.env as { incoming?: IncomingMessage } | undefined);
  try {
    // A body read whole is decoded where it lies; the way through the Request copies it into a new ArrayBuffer,
    // which costs more than the decoding and parsing together.
    return JSON.parse(utf8.decode(whole ?? (await c.req.arrayBuffer())));
  } catch {
    throw new HttpError(400, 'invalid-json', 'The request body is not valid JSON');
  }
}

/**
 * A small body usually arrives in the packet that brings its headers, so Node has parsed all of it by the time a
 * handler asks, and it can be taken at once instead of streamed in over several ticks (listeners, flowing mode,
 * 'end'). It is also left as `incoming.rawBody`, the Buffer @hono/node-server accepts from code that reads bodies
 * first, for anything that reads it again. Only a body whose declared length is all there is taken (Node's parser
 * never buffers past a message's length); any other is left to the stream, and so are the bodies of API tests that
 * call the app without Node's server (no `incoming`).
 */
function takeWholeBody(env: { incoming?: IncomingMessage } | undefined): Buffer | undefined {
  const incoming = env?.incoming;
  if (!incoming || incoming.readableFlowing !== null || incoming.readableDidRead) return undefined;
  const declared = Number(incoming.headers['content-length']);
  if (!(declared > 0) || incoming.readableLength !== declared) return undefined;
  const body: unknown = incoming.read();
  if (!Buffer.isBuffer(body)) return undefined;
  Object.assign(incoming, { rawBody: body });
  return body;
}

/** Parses with a schema; the first issue becomes the error, with the code the caller picks for it. */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
  toError: (issue: z.core.$ZodIssue) => HttpError,
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, 'invalid-request', 'Invalid request');
  throw toError(issue);
}
