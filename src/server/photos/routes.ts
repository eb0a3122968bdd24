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

/**
 * The request's bytes, up to `maxBytes`. A declared length was checked by the body-size middleware (app.ts); a streamed
 * one is counted as it arrives and refused past the limit. A body that breaks off is the client's fault: a 400.
 */
async function readBody(request: Request, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (!request.body) return Buffer.alloc(0);
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw photoTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'unreadable-body', 'The request body could not be read');
  }
  return Buffer.concat(chunks);
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
    const photo = await photos.upload(c.get('user').id, () => readBody(c.req.raw, maxUploadBytes));
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
