import { localDatabase } from '../../../lib/persistence/local-database';
import { photoApi } from './api';
import { isWaitingPhoto, LOCAL_PHOTO as LOCAL } from './local-id';

export { isWaitingPhoto };

/**
 * Photos added while offline (docs/decisions/007): each waits on this device, scaled, under a key of its own, and the
 * entry's list names it `local:<key>` until it is uploaded. The outbox uploads it just before the entry's write is
 * sent, and keeps the id the server gave it: a write sent again after a lost answer names the same photo, so the entry
 * gets each photo once.
 */
const blobKey = (key: string) => `photo-waiting:${key}`;
const sentKey = (key: string) => `photo-sent:${key}`;

/** Keeps a photo on the device until the entry it belongs to is sent; its name in the entry's list. */
export async function keepWaitingPhoto(photo: Blob): Promise<string> {
  const key = crypto.randomUUID();
  await localDatabase.set(blobKey(key), photo);
  return `${LOCAL}${key}`;
}

/**
 * The list with each waiting photo uploaded and named by its server id. One whose bytes are gone from the device (a
 * cleared browser) is left out; one the server refuses (over the quota, say) throws, and the write is refused with it.
 */
export async function uploadWaitingPhotos(ids: readonly string[]): Promise<string[]> {
  const sent: string[] = [];
  for (const id of ids) {
    if (!isWaitingPhoto(id)) {
      sent.push(id);
      continue;
    }
    const key = id.slice(LOCAL.length);
    const known = await localDatabase.get(sentKey(key));
    if (typeof known === 'string') {
      sent.push(known);
      continue;
    }
    const blob = await localDatabase.get(blobKey(key));
    if (!(blob instanceof Blob)) continue;
    const photo = await photoApi.upload(blob, () => undefined);
    await localDatabase.set(sentKey(key), photo.id);
    sent.push(photo.id);
  }
  return sent;
}

/** Once the entry is stored, its waiting photos' bytes and names are no longer needed on the device. */
export async function forgetWaitingPhotos(ids: readonly string[]): Promise<void> {
  for (const id of ids.filter(isWaitingPhoto)) {
    const key = id.slice(LOCAL.length);
    await localDatabase.remove(blobKey(key));
    await localDatabase.remove(sentKey(key));
  }
}
