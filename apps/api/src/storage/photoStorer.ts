import type { Effects } from '../ctx';
import type { ProcessedPhoto } from './photoProcessor';
import { newPhotoKey, type PhotoStore } from './photoStore';

/**
 * Stores a processed photo under a new key and deletes it again if the request's transaction
 * rolls back: a failed create or replace keeps nothing.
 */
export async function photoStorer(
  props: { photo: ProcessedPhoto },
  { photos, afterRollback }: Pick<Effects, 'afterRollback'> & { photos: PhotoStore },
) {
  const key = newPhotoKey(props.photo.ext);
  await photos.put(key, props.photo.body, props.photo.contentType);
  afterRollback(() => photos.delete(key));
  return key;
}
