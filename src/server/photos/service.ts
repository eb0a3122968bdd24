import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type EntryPhoto, PHOTO_MESSAGES, type PhotoUsage } from '../../shared/photos';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { PhotoDecoder } from './decode';
import type { PhotoStore } from './store';
import { deleteUnattached, photoUsage, readRendition } from './repository';

export interface PhotoServiceDeps {
  db: Kysely<Database>;
  write: DatabaseHandle['write'];
  now: () => Date;
  decoder: PhotoDecoder;
  /** Where uploads are written (store.ts). */
  store: PhotoStore;
  /** MEDIA_QUOTA_MB in bytes: what one person's photos may take, both renditions counted. */
  quotaBytes: number;
}

const photoNotFound = () => new HttpError(404, 'not-found', PHOTO_MESSAGES.notFound);
const overQuota = (quotaBytes: number) => new HttpError(413, 'over-quota', PHOTO_MESSAGES.overQuota(quotaBytes));

/**
 * Photos (docs/product.md §5, docs/decisions/035): uploads decoded and kept within the person's quota, served to their
 * owner only, deleted while unattached. Attaching them to entries is the journal's (JournalService), in the entry's
 * own transaction.
 */
export class PhotoService {
  constructor(private readonly deps: PhotoServiceDeps) {}

  async usage(userId: string): Promise<PhotoUsage> {
    return { ...(await photoUsage(this.deps.db, userId)), quotaBytes: this.deps.quotaBytes };
  }

  /**
   * Takes an upload: refused at once when the person is at their quota or the process holds as many uploads as it
   * takes, before `readBody` reads a byte; then decoded, and kept if it still fits the quota when it is written.
   */
  async upload(userId: string, readBody: () => Promise<Buffer>): Promise<EntryPhoto> {
    const { decoder, quotaBytes, store } = this.deps;
    if ((await photoUsage(this.deps.db, userId)).bytes >= quotaBytes) throw overQuota(quotaBytes);
    return decoder.admit(async () => {
      const renditions = await decoder.decode(await readBody(), { move: true });
      const id = randomBytes(16).toString('base64url');
      const outcome = await store.keep({ id, userId, createdAt: this.deps.now().toISOString(), ...renditions }, quotaBytes);
      if (outcome === 'over-quota') throw overQuota(quotaBytes);
      return {
        id,
        width: renditions.width,
        height: renditions.height,
        thumbWidth: renditions.thumbWidth,
        thumbHeight: renditions.thumbHeight,
      };
    });
  }

  /**
   * Brings an imported entry's photos in, in order, as uploads are: each decoded on the decoding thread (its bytes moved
   * there, one at a time, in turn with the process's uploads) and kept by the store within the quota, attached to the
   * entry in the same transaction, which marks the entry changed. Says how many it kept, and why it left any out (an
   * unreadable file, or the quota).
   */
  async importInto(userId: string, entryId: string, files: readonly (Buffer | undefined)[]) {
    const { decoder, quotaBytes, store } = this.deps;
    let kept = 0;
    const problems: string[] = [];
    for (const file of files) {
      if (!file) {
        problems.push(PHOTO_MESSAGES.unreadable);
        continue;
      }
      try {
        const renditions = await decoder.decode(file, { move: true });
        const at = this.deps.now().toISOString();
        const photo = { id: randomBytes(16).toString('base64url'), userId, createdAt: at, ...renditions };
        const outcome = await store.keep(photo, quotaBytes, { entryId, position: kept, at });
        if (outcome === 'over-quota') throw overQuota(quotaBytes);
        kept += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        problems.push(error.message);
      }
    }
    return { kept, problems };
  }

  /** A rendition's bytes, if the photo is the person's; anyone else's, or none, is a 404. */
  async read(userId: string, id: string, size: 'thumb' | 'full'): Promise<Uint8Array> {
    const data = await readRendition(this.deps.db, userId, id, size);
    if (!data) throw photoNotFound();
    return data;
  }

  /** Deletes an upload not yet saved with an entry; a saved entry's photo is removed by editing the entry. */
  async remove(userId: string, id: string): Promise<void> {
    const outcome = await this.deps.write((trx) => deleteUnattached(trx, userId, id));
    if (outcome === 'missing') throw photoNotFound();
    if (outcome === 'attached') throw new HttpError(409, 'photo-attached', PHOTO_MESSAGES.attached);
  }
}
