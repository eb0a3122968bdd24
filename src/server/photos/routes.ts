import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { photoIdSchema } from '../../shared/photo-schemas';
import { PHOTO_MESSAGES } from '../../shared/photos';
import { requireUser } from '../auth/middleware';
import type { SessionReader } from '../auth/session';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { jsonResponse } from '../http/security';
import type { PhotoService } from './service';

export const PHOTOS_PATH = '/api/photos';

/** An upload over the per-upload limit (MEDIA_MAX_UPLOAD_MB), however it is sent. */
export function photoTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'photo-too-large', PHOTO_MESSAGES.tooLarge(maxBytes));
}

/** The first buffer's size for a body sent without a declared length; it doubles as the body grows. */
const FIRST_CHUNKED_BYTES = 256 * 1024;

/**
 * The request's bytes, up to `maxBytes`, copied as they arrive into one buffer: of the declared length (checked by the
 * body-size middleware, app.ts) when there is one, growing by doubling when the body is streamed (chunked), which is
 * counted as it arrives and refused past the limit. No list of pieces is joined at the end: joining 8 MB held up the
 * requests' thread for milliseconds, and held the photo twice. A body that breaks off is the client's fault: a 400.
 *
 * Under Node the pieces are read from Node's own request stream (`incoming`), not through the web stream made of it,
 * whose promises per piece cost more than the copy.
 */
async function readBody(request: Request, incoming: AsyncIterable<Uint8Array> | undefined, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  let body = Buffer.allocUnsafeSlow(Number.isSafeInteger(declared) && declared >= 0 ? declared : FIRST_CHUNKED_BYTES);
  let size = 0;
  let cancel = () => undefined as unknown;
  try {
    const pieces = incoming ?? webStreamPieces(request, (stop) => (cancel = stop));
    for await (const piece of pieces) {
      if (size + piece.length > maxBytes) {
        cancel();
        throw photoTooLarge(maxBytes);
      }
      if (size + piece.length > body.length) {
        const larger = Buffer.allocUnsafeSlow(Math.min(maxBytes, Math.max(body.length * 2, size + piece.length)));
        body.copy(larger, 0, 0, size);
        body = larger;
      }
      body.set(piece, size);
      size += piece.length;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'unreadable-body', 'The request body could not be read');
  }
  return body.subarray(0, size);
}

/** The pieces of a request's web stream (a request not served by Node, as in the tests' in-process requests). */
async function* webStreamPieces(request: Request, onCancel: (stop: () => void) => void): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  onCancel(() => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** A photo id from a path: anything that is not one names no photo. */
function photoIdParam(param: string): string {
  if (!photoIdSchema.safeParse(param).success) throw new HttpError(404, 'not-found', PHOTO_MESSAGES.notFound);
  return param;
}

/** Both renditions are fixed once made, so a browser may keep them; only for this person (private). */
const PHOTO_CACHE = 'private, max-age=31536000, immutable';

export function photoRoutes({
  sessions,
  photos,
  maxUploadBytes,
}: {
  sessions: SessionReader;
  photos: PhotoService;
  maxUploadBytes: number;
}) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(sessions);

  // The body is the image's bytes as they are; its declared type is not trusted (decode.ts reads the bytes).
  app.post('/', signedIn, async (c) => {
    // @hono/node-server puts Node's request in the environment; an in-process request (app.request) has none.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    // Past the limit the reading stops but the request is not destroyed, so that the 413 reaches the sender (Node
    // discards the rest once the answer is sent).
    const pieces = incoming?.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array> | undefined;
    const photo = await photos.upload(c.get('user').id, () => readBody(c.req.raw, pieces, maxUploadBytes));
    return jsonResponse(c, JSON.stringify(photo), 201);
  });

  app.get('/usage', signedIn, async (c) => {
    const usage = await photos.usage(c.get('user').id);
    return jsonResponse(c, JSON.stringify(usage), 200, { 'cache-control': 'private, no-store' });
  });

  app.get('/:id/:size{thumb|full}', signedIn, async (c) => {
    const size = c.req.param('size') === 'thumb' ? 'thumb' : 'full';
    const data = await photos.read(c.get('user').id, photoIdParam(c.req.param('id')), size);
    return c.body(new Uint8Array(data), 200, {
      'content-type': 'image/webp',
      'content-length': String(data.byteLength),
      'cache-control': PHOTO_CACHE,
    });
  });

  app.delete('/:id', signedIn, async (c) => {
    await photos.remove(c.get('user').id, photoIdParam(c.req.param('id')));
    return jsonResponse(c, JSON.stringify({ ok: true }));
  });

  return app;
}
