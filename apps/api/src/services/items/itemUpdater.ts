import { ITEM_MESSAGES } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import { Item } from '../../models/Item';
import { requireItemType } from './itemTypeLister';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import { photoKeyFromUrl, type PhotoStore } from '../../storage/photoStore';

export interface ItemUpdate {
  itemId: string;
  name: string;
  itemTypeId: string;
  description?: string;
  /** Omitted or the current URL: keep the photo. null or '': remove it. Anything else: 400. */
  photoUrl?: string | null;
  status?: 'active' | 'inactive';
}

/**
 * Edits the actor's item. A photo it no longer uses is deleted after the commit (a rollback must
 * not lose the file).
 */
export async function itemUpdater(props: ItemUpdate, ctx: TrxCtx & Effects & { photos: PhotoStore }) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await requireItemType(props.itemTypeId, ctx.trx);
  let photoKey = item.photoKey;
  if (props.photoUrl === null || props.photoUrl === '') photoKey = null;
  else if (props.photoUrl !== undefined && photoKeyFromUrl(props.photoUrl) !== item.photoKey)
    throw validationError(ITEM_MESSAGES.photoUrlFixed);
  await Item.query(ctx.trx)
    .findById(item.id)
    .patch({
      name: props.name,
      itemTypeId: props.itemTypeId,
      ...(props.description !== undefined && { description: props.description }),
      ...(props.status && { status: props.status }),
      photoKey,
    });
  const replaced = item.photoKey;
  if (replaced && replaced !== photoKey) ctx.afterCommit(() => ctx.photos.delete(replaced));
  return ownedItemFinder({ itemId: item.id }, ctx);
}
