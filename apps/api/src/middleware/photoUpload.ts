import fs from 'node:fs/promises';
import path from 'node:path';
import { ITEM_MESSAGES, PHOTO_MAX_BYTES } from '@homing/shared';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import { payloadTooLarge, validationError } from '../errors';

export interface UploadedPhoto {
  filepath: string;
  size: number;
}

interface FormidableLikeFile {
  filepath: string;
  size: number;
}

// formidable's error codes (formidable/src/FormidableError.js) for the limits set below.
const TOO_LARGE_CODES = new Set([1009, 1016]);
const TOO_MANY_FILES = 1015;

/**
 * Parses multipart bodies for the few routes that take a photo (the app's body parser does not,
 * so no other route accepts files). The file lands in `<dataDir>/uploads` and is removed when the
 * request ends, whatever happened; a file over 5 MB aborts the parse (formidable deletes it) and
 * is answered 413. The handler reads the file with `uploadedPhoto(ctx)`.
 */
export function photoUpload(opts: { dataDir: string; field?: string }): Middleware {
  const uploadDir = path.join(opts.dataDir, 'uploads');
  const field = opts.field ?? 'photo';
  const parse = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: {
      uploadDir,
      maxFileSize: PHOTO_MAX_BYTES,
      maxTotalFileSize: PHOTO_MAX_BYTES,
      maxFiles: 1,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      // A form with an empty file input sends an empty part: that is "no photo", not an error.
      allowEmptyFiles: true,
      minFileSize: 0,
      filter: (part) => part.name === field,
    },
  });
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart')) return next();
    await fs.mkdir(uploadDir, { recursive: true });
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      throw uploadError(err);
    }
    const files = Object.values(ctx.request.files ?? {}).flat() as FormidableLikeFile[];
    try {
      const file = files.find((f) => f.size > 0);
      ctx.state.uploadedPhoto = file ? ({ filepath: file.filepath, size: file.size } as UploadedPhoto) : null;
      await next();
    } finally {
      await Promise.all(files.map((f) => fs.rm(f.filepath, { force: true })));
    }
  };
}

function uploadError(err: unknown): unknown {
  const e = err as { code?: number; httpCode?: number };
  if (typeof e.code === 'number' && TOO_LARGE_CODES.has(e.code))
    return payloadTooLarge(ITEM_MESSAGES.photoTooLarge);
  if (e.code === TOO_MANY_FILES) return payloadTooLarge('Only one photo can be uploaded at a time');
  if (e.httpCode === 413) return payloadTooLarge('The request is too large');
  // A malformed body is the client's fault; anything else (the upload folder) is ours: a 500.
  if (typeof e.httpCode === 'number' && e.httpCode < 500)
    return validationError('The upload could not be read');
  return err;
}

/** The photo of this request, or null when none was sent (JSON body, or an empty file input). */
export const uploadedPhoto = (ctx: Context): UploadedPhoto | null =>
  (ctx.state as { uploadedPhoto?: UploadedPhoto | null }).uploadedPhoto ?? null;
