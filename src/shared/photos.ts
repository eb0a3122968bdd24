/*
 * Photos' limits, words and shapes, for the server and the app alike. No validation library here: the journal's list
 * draws photos and opens without one (its schemas are in photo-schemas.ts).
 */

/** The most photos one entry holds (docs/product.md §5). */
export const MAX_PHOTOS_PER_ENTRY = 10;
/** The long side of a photo as kept, in pixels: the app scales to it before sending, the server again after decoding. */
export const PHOTO_MAX_SIDE = 2048;
/** The long side of the small rendition the cards show, in pixels. */
export const THUMB_MAX_SIDE = 480;
/** The most pixels an upload may declare: refused from its header, before it is decoded. 50 megapixels is a large camera's. */
export const MAX_PHOTO_PIXELS = 50_000_000;

const MB = 1024 * 1024;

/** A whole number of megabytes, for the messages. */
export const megabytes = (bytes: number) => Math.floor(bytes / MB);

export const PHOTO_MESSAGES = {
  notAnImage: 'This file is not a photo the journal can keep. Choose a JPEG, PNG, WebP, AVIF or GIF image.',
  svg: 'SVG drawings cannot be added. Choose a JPEG, PNG, WebP, AVIF or GIF image.',
  heic: 'This HEIC photo cannot be read here. Choose it from your photo library in the browser, which sends it as JPEG, or save it as JPEG first.',
  tooManyPixels: `This photo has more pixels than the journal accepts (${MAX_PHOTO_PIXELS / 1_000_000} megapixels).`,
  unreadable: 'This photo could not be read: the file may be damaged or incomplete.',
  tooLarge: (maxBytes: number) => `This photo is larger than the journal accepts (${megabytes(maxBytes)} MB).`,
  overQuota: (quotaBytes: number) =>
    `Your photos would take more than your ${megabytes(quotaBytes)} MB of space. Remove some photos to add more.`,
  tooMany: `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.`,
  invalidList: 'Photos must be a list of photo ids, each once.',
  missing: 'A photo of this entry was not found. Add it again.',
  notFound: 'Photo not found',
  attached: 'This photo belongs to a saved entry. Remove it by editing the entry.',
  busy: 'The server is busy with other photos just now. Please try again in a moment.',
  stillUploading: 'Wait a moment: the photos are still uploading.',
  needsConnection: 'This photo could not be kept on this device. Add it again once online.',
  waiting: 'Offline: it will be sent with the entry.',
} as const;

/** A photo as an entry lists it and as an upload answers: its id and both renditions' sizes, for reserved space. */
export interface EntryPhoto {
  id: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

/** The writer's use of their photo space, for Settings. */
export interface PhotoUsage {
  count: number;
  bytes: number;
  quotaBytes: number;
}

/** The addresses of a photo's renditions: served to their owner's session only. */
export const photoUrl = (id: string, size: 'thumb' | 'full') => `/api/photos/${id}/${size}`;
