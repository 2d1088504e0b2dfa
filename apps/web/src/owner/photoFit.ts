import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from '@homing/shared';

/** What the server keeps as is: smaller than its limit and in a format it reads. */
const SERVER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The photo as the server will take it. A phone's photo (12 MB HDR JPEG, or a HEIC the browser
 * can decode) is redrawn in the page at the stored size (the longest side PHOTO_MAX_SIDE, upright)
 * and sent as a JPEG well under the limit; a photo the server takes already is sent untouched. A
 * file the browser cannot draw is sent as picked, so the server's reason is what the owner reads.
 */
export async function fitPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_MAX_BYTES && SERVER_TYPES.has(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.5]) {
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', quality));
      if (blob && blob.size <= PHOTO_MAX_BYTES) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}

/** A refusal of the photo itself (too large, not an image), not of the item. */
export const isPhotoRefusal = (status: number) => status === 413 || status === 415;
