import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { serviceUnavailable } from '../errors';
import { isPhotoKey, type PhotoStore } from './photoStore';

export interface S3PhotoSettings {
  bucket: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export const PHOTO_STORE_UNAVAILABLE = 'Photos are unavailable right now. Please try again in a moment.';

// A bucket that does not answer must fail the request quickly (503), not hold it and its
// connection until the client gives up; one retry covers a dropped keep-alive socket. The request
// timeout is socket inactivity, and only throws with throwOnRequestTimeout (else the SDK just warns).
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 5_000;

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/** Any failure of the bucket becomes a 503 carrying the SDK's error as its cause (logged, never shown). */
function unavailable(err: unknown): Error {
  const error = serviceUnavailable(PHOTO_STORE_UNAVAILABLE);
  error.cause = err;
  return error;
}

/**
 * Photos as objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), one object per key with
 * its content type, so every copy of the API serves every photo. The API still serves them at
 * `/api/photos/:key` (no signed URLs): photo URLs stay stable and keep the same cache headers.
 */
export function s3PhotoStore(settings: S3PhotoSettings): PhotoStore & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = settings.bucket;
  return {
    client,
    async put(key, body, contentType) {
      if (!isPhotoKey(key)) throw new Error(`not a photo key: ${key}`);
      await client
        .send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }))
        .catch((err: unknown) => {
          throw unavailable(err);
        });
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from(await object.Body!.transformToByteArray());
        return { body, contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw unavailable(err);
      }
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      // S3 answers a delete of a missing key with success, as the local store does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
        throw unavailable(err);
      });
    },
  };
}
