import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { s3PhotoStore } from './s3PhotoStore';

/**
 * Where item photos live. Keys are random and unguessable, so a photo URL is a capability that
 * finders can follow without an account. The local folder is the default; an S3-compatible bucket
 * (`s3PhotoStore.ts`, `PHOTO_STORE=s3`) implements the same three calls when the API runs as
 * several copies. `delete` is the one way a photo goes (replaced, removed, its item deleted) and
 * succeeds for a key that is already gone.
 */
export interface PhotoStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}\.(webp|jpg)$/;

export const isPhotoKey = (key: string) => KEY_PATTERN.test(key);
export const newPhotoKey = (ext: 'webp' | 'jpg') => `${crypto.randomBytes(18).toString('base64url')}.${ext}`;
export const photoUrl = (key: string | null) => (key ? `/api/photos/${key}` : null);

/** The key inside a URL this API handed out (`/api/photos/<key>`, relative or absolute), else null. */
export function photoKeyFromUrl(url: string): string | null {
  const match = /\/api\/photos\/([^/?#]+)$/.exec(url);
  return match && isPhotoKey(match[1]!) ? match[1]! : null;
}

/** One file per photo in a folder; writes go through a temporary name so readers never see half a file. */
export function localPhotoStore(dir: string): PhotoStore {
  const fileFor = (key: string) => {
    if (!isPhotoKey(key)) throw new Error(`not a photo key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      await fs.mkdir(dir, { recursive: true });
      const file = fileFor(key);
      const partial = `${file}.${crypto.randomBytes(4).toString('hex')}.part`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      try {
        const body = await fs.readFile(fileFor(key));
        return { body, contentType: CONTENT_TYPES[key.split('.').pop()!]! };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

/** The store the configuration names: `PHOTO_STORE=s3` → the bucket, else `DATA_DIR/photos`. */
export const photoStoreFor = (config: Pick<Config, 'photos'>): PhotoStore =>
  config.photos.store === 's3' ? s3PhotoStore(config.photos.s3) : localPhotoStore(config.photos.dir);
