import { z } from 'zod';
import { MAX_PHOTOS_PER_ENTRY, PHOTO_MESSAGES } from './photos';

/** A photo's id: 128 random bits in base64url, made by the server. Nothing else names a photo. */
export const photoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: PHOTO_MESSAGES.invalidList });

/** The photos an entry holds, in the order they show: ids of uploads of the writer's own. */
export const entryPhotosSchema = z
  .array(photoIdSchema, { error: PHOTO_MESSAGES.invalidList })
  .max(MAX_PHOTOS_PER_ENTRY, { error: PHOTO_MESSAGES.tooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: PHOTO_MESSAGES.invalidList });
