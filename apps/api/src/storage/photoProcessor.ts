import { ITEM_MESSAGES, PHOTO_MAX_SIDE } from '@homing/shared';
import sharp from 'sharp';
import { unsupportedMediaType } from '../errors';

// A 5 MB PNG can inflate to gigabytes of pixels; 100 megapixels covers every phone camera.
const MAX_INPUT_PIXELS = 100_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface ProcessedPhoto {
  body: Buffer;
  contentType: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (never its name or declared type) and re-encodes it: the
 * orientation is applied to the pixels, then every bit of metadata (EXIF with GPS, XMP, IPTC, ICC)
 * is dropped, because sharp writes none unless asked (no keepMetadata/withMetadata here).
 */
export async function photoProcessor(input: string | Buffer): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedMediaType(ITEM_MESSAGES.photoWrongType);
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', ext: 'webp', width: info.width, height: info.height };
  } catch {
    // Valid header, broken body (a truncated file): still not an image we can keep.
    throw unsupportedMediaType(ITEM_MESSAGES.photoWrongType);
  }
}
