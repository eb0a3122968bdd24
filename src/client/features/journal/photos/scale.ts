import { PHOTO_MAX_SIDE } from '../../../../shared/photos';

/**
 * The photo as it is sent: scaled on the device to PHOTO_MAX_SIDE on its long side and written as JPEG, so that a
 * 12-megapixel photo does not cross a phone's connection whole. A file the browser cannot decode (a HEIC file where
 * the browser reads none), or one small enough already, goes as it is: the server decodes every upload itself and
 * says what it cannot keep.
 */
export async function scaleForUpload(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // The browser applies the orientation tag while decoding, so the pixels drawn are upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= PHOTO_MAX_SIDE && (file.type === 'image/jpeg' || file.type === 'image/webp')) return file;
    const scale = Math.min(1, PHOTO_MAX_SIDE / long);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const type = file.type === 'image/png' || file.type === 'image/gif' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
