import type { Effects, TrxCtx } from '../../ctx';
import { Item } from '../../models/Item';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import type { ProcessedPhoto } from '../../storage/photoProcessor';
import { photoStorer } from '../../storage/photoStorer';
import type { PhotoStore } from '../../storage/photoStore';

/** Stores a new photo for the actor's item; the old file is deleted after the commit. */
export async function itemPhotoReplacer(
  props: { itemId: string; photo: ProcessedPhoto },
  ctx: TrxCtx & Effects & { photos: PhotoStore },
) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const photoKey = await photoStorer({ photo: props.photo }, ctx);
  await Item.query(ctx.trx).findById(item.id).patch({ photoKey });
  const replaced = item.photoKey;
  if (replaced) ctx.afterCommit(() => ctx.photos.delete(replaced));
  return ownedItemFinder({ itemId: item.id }, ctx);
}
