// @ts-check
// What an upload becomes, or why it is refused: run by the decoding thread (decode-worker.mjs). It is plain JavaScript
// so that the thread starts without the TypeScript loader, which cost the server about 80 MB at rest; its types are
// checked all the same (JSDoc, `@ts-check`, and `allowJs` in tsconfig.server.json). The limits come from
// src/shared/photos.ts through the thread's workerData, and a refusal is a reason that decode.ts (`photoRefusal`)
// turns into the answer's status, code and words.
import sharp from 'sharp';

// libvips keeps no cache of decoded images between uploads and uses one thread per image: the decodes a process
// runs at once (PhotoDecoder) are then what bounds its memory and its share of the cores.
sharp.cache(false);
sharp.concurrency(1);

/**
 * A photo as kept: both renditions, re-encoded from the decoded pixels, with no metadata at all.
 * @typedef {object} Renditions
 * @property {Buffer} full
 * @property {number} width
 * @property {number} height
 * @property {Buffer} thumb
 * @property {number} thumbWidth
 * @property {number} thumbHeight
 */

/**
 * The bounds of a decode, from src/shared/photos.ts: the most pixels an upload may declare, and the long side of
 * each rendition.
 * @typedef {object} PhotoLimits
 * @property {number} maxPixels
 * @property {number} maxSide
 * @property {number} thumbMaxSide
 */

/**
 * Why an upload is refused, named as its words in PHOTO_MESSAGES (src/shared/photos.ts).
 * @typedef {'notAnImage' | 'svg' | 'heic' | 'tooManyPixels' | 'unreadable'} RefusalReason
 */

/** An upload that is not kept, and why. */
export class PhotoRefusal extends Error {
  /** @param {RefusalReason} reason */
  constructor(reason) {
    super(`The photo is refused: ${reason}`);
    this.name = 'PhotoRefusal';
    /** @readonly */
    this.reason = reason;
  }
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What a file is, from its first bytes alone: the formats kept, the two refused with words of their own, or null. A
 * declared Content-Type is not asked: it is the sender's to choose.
 * @param {Buffer} bytes
 * @returns {'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'svg' | null}
 */
function sniff(bytes) {
  /** @param {number} from @param {number} to */
  const ascii = (from, to) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // The major brand, then the compatible ones, up to the box's end.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    return null;
  }
  const start = ascii(0, 512).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return 'svg';
  return null;
}

/**
 * Decodes an upload and makes what is kept of it: refuses anything but a JPEG, PNG, WebP, AVIF or GIF (the first frame
 * of an animation), refuses more than `limits.maxPixels` from the header before any pixel is decoded, turns the image
 * upright by its orientation, scales it to `limits.maxSide` and `limits.thumbMaxSide`, and writes both as WebP. sharp
 * writes no metadata unless asked, so location, camera serials and the rest stay behind.
 * @param {Buffer} input
 * @param {PhotoLimits} limits
 * @returns {Promise<Renditions>} or a PhotoRefusal thrown
 */
export async function decodePhoto(input, limits) {
  const kind = sniff(input);
  if (kind === 'svg') throw new PhotoRefusal('svg');
  if (kind === 'heic') throw new PhotoRefusal('heic');
  if (kind === null) throw new PhotoRefusal('notAnImage');
  /** @type {sharp.SharpOptions} */
  const options = { limitInputPixels: limits.maxPixels, failOn: 'warning', animated: false };
  /** @type {sharp.Metadata} */
  let metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw decodeRefusal(error);
  }
  const expected = kind === 'avif' ? 'heif' : kind;
  if (metadata.format !== expected || (kind === 'avif' && metadata.compression !== 'av1')) {
    throw new PhotoRefusal(kind === 'avif' ? 'heic' : 'notAnImage');
  }
  if (metadata.width * metadata.height > limits.maxPixels) throw new PhotoRefusal('tooManyPixels');
  try {
    const full = await sharp(input, options)
      .rotate()
      .resize(limits.maxSide, limits.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize(limits.thumbMaxSide, limits.thumbMaxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    return {
      full: full.data,
      width: full.info.width,
      height: full.info.height,
      thumb: thumb.data,
      thumbWidth: thumb.info.width,
      thumbHeight: thumb.info.height,
    };
  } catch (error) {
    throw decodeRefusal(error);
  }
}

/**
 * sharp's refusal of a file, in the writer's words: too many pixels (libvips checks the header), or unreadable.
 * @param {unknown} error
 */
function decodeRefusal(error) {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new PhotoRefusal('tooManyPixels');
  return new PhotoRefusal('unreadable');
}
