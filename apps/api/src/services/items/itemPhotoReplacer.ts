import type { Effects, TrxCtx } from '../../ctx';
import { Item } from '../../models/Item';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import type { ProcessedPhoto } from '../../storage/photoProcessor';
import { photoStorer } from '../../storage/photoStorer';
import type { PhotoStore } from '../../storage/photoStore';
import { photoDeletionsQueuer } from '../../notifications/outbox';
import type { NotificationWorker } from '../../notifications/worker';

/** Stores a new photo for the actor's item; the old one's deletion goes through the outbox (retried). */
export async function itemPhotoReplacer(
  props: { itemId: string; photo: ProcessedPhoto },
  ctx: TrxCtx & Effects & { photos: PhotoStore; worker: NotificationWorker | null },
) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const photoKey = await photoStorer({ photo: props.photo }, ctx);
  await Item.query(ctx.trx).findById(item.id).patch({ photoKey });
  const replaced = item.photoKey;
  if (replaced) await photoDeletionsQueuer({ keys: [replaced] }, ctx);
  return ownedItemFinder({ itemId: item.id }, ctx);
}
