import { Writable } from 'node:stream';
import { ITEM_MESSAGES, PHOTO_MAX_BYTES } from '@homing/shared';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import { payloadTooLarge, validationError } from '../errors';

export interface UploadedPhoto {
  body: Buffer;
  size: number;
}

// formidable's error codes (formidable/src/FormidableError.js) for the limits set below.
const TOO_LARGE_CODES = new Set([1009, 1016]);
const TOO_MANY_FILES = 1015;

// Bytes of each upload, by formidable's file object, for the length of one request.
const received = new WeakMap<object, Buffer[]>();

const MAX_FIELDS_BYTES = 64 * 1024;
/** The whole multipart body: the photo, the text fields and generous room for part headers. */
const MAX_BODY_BYTES = PHOTO_MAX_BYTES + MAX_FIELDS_BYTES + 64 * 1024;

/**
 * Parses multipart bodies for the few routes that take a photo (the app's body parser does not,
 * so no other route accepts files). The file is kept in memory, never on disk: at most 5 MB (one
 * file per request), so nothing can be left behind by a failed or aborted upload. A larger file
 * stops the parse and is answered 413. The handler reads the bytes with `uploadedPhoto(ctx)`.
 */
export function photoUpload(opts: { field?: string } = {}): Middleware {
  const field = opts.field ?? 'photo';
  const parse = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: {
      maxFileSize: PHOTO_MAX_BYTES,
      maxTotalFileSize: PHOTO_MAX_BYTES,
      maxFiles: 1,
      maxFields: 20,
      maxFieldsSize: MAX_FIELDS_BYTES,
      // A form with an empty file input sends an empty part: that is "no photo", not an error.
      allowEmptyFiles: true,
      minFileSize: 0,
      // No filter: a file under any field name counts against the caps (a filtered-out part would
      // be read to its end uncounted); one under another name is refused below.
      fileWriteStreamHandler: (file) => {
        const chunks: Buffer[] = [];
        if (file) received.set(file, chunks);
        return new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
      },
    },
  });
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart')) return next();
    // A declared length over the cap is refused unread; a chunked body meets the part caps above
    // (every file part counts) and the server's request timeout.
    if (Number(ctx.get('Content-Length')) > MAX_BODY_BYTES)
      throw payloadTooLarge(ITEM_MESSAGES.photoTooLarge);
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      throw uploadError(err);
    }
    const files = ctx.request.files ?? {};
    if (Object.keys(files).some((name) => name !== field))
      throw validationError(`Send the photo as the file field "${field}"`);
    const file = [files[field] ?? []].flat().find((f) => f.size > 0);
    const chunks = file && received.get(file);
    ctx.state.uploadedPhoto = chunks ? { body: Buffer.concat(chunks), size: file.size } : null;
    return next();
  };
}

function uploadError(err: unknown): unknown {
  const e = err as { code?: number; httpCode?: number };
  if (typeof e.code === 'number' && TOO_LARGE_CODES.has(e.code))
    return payloadTooLarge(ITEM_MESSAGES.photoTooLarge);
  if (e.code === TOO_MANY_FILES) return payloadTooLarge('Only one photo can be uploaded at a time');
  if (e.httpCode === 413) return payloadTooLarge('The request is too large');
  // A malformed body is the client's fault; anything else is ours: a 500.
  if (typeof e.httpCode === 'number' && e.httpCode < 500)
    return validationError('The upload could not be read');
  return err;
}

/** The photo of this request, or null when none was sent (JSON body, or an empty file input). */
export const uploadedPhoto = (ctx: Context): UploadedPhoto | null =>
  (ctx.state as { uploadedPhoto?: UploadedPhoto | null }).uploadedPhoto ?? null;
