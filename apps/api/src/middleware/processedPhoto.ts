import type { Context } from 'koa';
import { photoProcessor } from '../storage/photoProcessor';
import { uploadedPhoto } from './photoUpload';

/**
 * The request's photo, checked and re-encoded (415 for anything but an image), or null without
 * one. Routes call it in `prepare`: the work is slow and must not hold a database connection.
 */
export async function processedPhoto(ctx: Context) {
  const file = uploadedPhoto(ctx);
  return file ? photoProcessor(file.body) : null;
}
