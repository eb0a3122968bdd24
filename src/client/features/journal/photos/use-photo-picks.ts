import { useCallback, useEffect, useRef, useState } from 'react';
import { type EntryPhoto, MAX_PHOTOS_PER_ENTRY, PHOTO_MESSAGES, photoUrl } from '../../../../shared/photos';
import { ApiError } from '../../../lib/api';
import { photoApi } from './api';
import { scaleForUpload } from './scale';
import { forgetWaitingPhotos, keepWaitingPhoto } from './waiting-photos';

/**
 * A photo in a form: uploaded (`photo`), on its way (`progress`, 0 to 1), kept on the device to go with the entry
 * (`waiting`, its local name: offline), or refused (`error`).
 */
export interface PhotoPick {
  key: string;
  /** What the tile shows: the chosen file itself while it uploads, the thumbnail of a saved one. */
  preview: string;
  photo?: EntryPhoto;
  waiting?: string;
  progress: number;
  error?: string;
}

let nextKey = 0;

function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return PHOTO_MESSAGES.unreadable;
}

const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The photos of an entry being written or edited: those it has, then each one chosen, shown at once and uploaded (one
 * at a time, scaled on the device first), removable and movable before the entry is saved. An upload removed before
 * the save is deleted from the server; one never saved is cleaned up there after a day.
 */
export function usePhotoPicks(initial: readonly EntryPhoto[] = []) {
  const [picks, setPicks] = useState<PhotoPick[]>(() =>
    initial.map((photo) => ({ key: `saved-${photo.id}`, preview: photoUrl(photo.id, 'thumb'), photo, progress: 1 })),
  );
  const saved = useRef(new Set(initial.map((photo) => photo.id)));
  const queue = useRef(Promise.resolve());
  const previews = useRef(new Set<string>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const urls = previews.current;
    return () => {
      mounted.current = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const change = useCallback((key: string, patch: Partial<PhotoPick>) => {
    if (!mounted.current) return;
    setPicks((current) => current.map((pick) => (pick.key === key ? { ...pick, ...patch } : pick)));
  }, []);

  const add = useCallback(
    (files: readonly File[], room: number) => {
      const chosen = files.filter((file) => file.type === '' || file.type.startsWith('image/')).slice(0, Math.max(0, room));
      const added = chosen.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        nextKey += 1;
        return { file, pick: { key: `new-${nextKey}`, preview, progress: 0 } satisfies PhotoPick };
      });
      setPicks((current) => [...current, ...added.map(({ pick }) => pick)]);
      for (const { file, pick } of added) {
        queue.current = queue.current.then(async () => {
          const scaled = await scaleForUpload(file);
          try {
            const photo = await photoApi.upload(scaled, (sent) => change(pick.key, { progress: sent }));
            change(pick.key, { photo, progress: 1 });
          } catch (error) {
            if (!noAnswer(error)) {
              change(pick.key, { error: uploadFailure(error) });
              return;
            }
            // Offline: the photo waits on the device and goes with the entry when it syncs.
            try {
              change(pick.key, { waiting: await keepWaitingPhoto(scaled), progress: 1 });
            } catch {
              change(pick.key, { error: PHOTO_MESSAGES.needsConnection });
            }
          }
        });
      }
    },
    [change],
  );

  const remove = useCallback((key: string) => {
    setPicks((current) => {
      const pick = current.find((each) => each.key === key);
      // An upload of this form's goes at once; a saved photo goes when the entry is saved without it.
      if (pick?.photo && !saved.current.has(pick.photo.id)) void photoApi.remove(pick.photo.id).catch(() => undefined);
      if (pick?.waiting) void forgetWaitingPhotos([pick.waiting]).catch(() => undefined);
      return current.filter((each) => each.key !== key);
    });
  }, []);

  const move = useCallback((key: string, by: -1 | 1) => {
    setPicks((current) => {
      const from = current.findIndex((pick) => pick.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  const ids = picks.flatMap((pick) => (pick.photo ? [pick.photo.id] : pick.waiting ? [pick.waiting] : []));
  const uploading = picks.some((pick) => !pick.photo && !pick.waiting && !pick.error);
  const room = MAX_PHOTOS_PER_ENTRY - picks.filter((pick) => !pick.error).length;
  return { picks, ids, uploading, room, add: (files: readonly File[]) => add(files, room), remove, move };
}

export type PhotoPicks = ReturnType<typeof usePhotoPicks>;
