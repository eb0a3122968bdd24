/** How an entry's list names a photo added offline and not yet uploaded (waiting-photos.ts): `local:<key>`. */
export const LOCAL_PHOTO = 'local:';

export const isWaitingPhoto = (id: string) => id.startsWith(LOCAL_PHOTO);
