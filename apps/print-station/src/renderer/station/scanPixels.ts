import { SCAN_MAX_SIDE } from '../../shared/bridge';

/** Said when the chosen file is not a picture the window can decode. */
export const NOT_AN_IMAGE =
  'This file is not a picture the station can read: choose a JPEG or PNG scan or photo.';

/**
 * The operator's scan or photo as grey pixels, decoded here by Chromium (in the sandbox) so main
 * never parses an image file; a picture larger than `SCAN_MAX_SIDE` is scaled down to it, over a
 * white background (a transparent PNG reads as paper, not ink).
 */
export async function scanPixels(
  file: Blob,
): Promise<{ width: number; height: number; gray: Uint8Array<ArrayBuffer> }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(NOT_AN_IMAGE);
  }
  const scale = Math.min(1, SCAN_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error(NOT_AN_IMAGE);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = context.getImageData(0, 0, width, height);
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++)
    gray[i] = Math.round(0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]);
  return { width, height, gray };
}
