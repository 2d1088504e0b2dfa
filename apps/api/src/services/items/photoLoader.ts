import type { Ctx } from '../../ctx';
import { photoDeletionPending } from '../../notifications/outbox';
import type { PhotoStore } from '../../storage/photoStore';

/**
 * A photo as served at `/api/photos/:key`, or null: never one whose deletion is written, even
 * while the store is down and the object still exists (the worker deletes it when it answers).
 */
export async function photoLoader(props: { key: string }, ctx: Pick<Ctx, 'trx'> & { photos: PhotoStore }) {
  if (await photoDeletionPending(ctx.trx, props.key)) return null;
  return ctx.photos.get(props.key);
}
