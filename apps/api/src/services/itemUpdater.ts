import { ITEM_MESSAGES } from '@homing/shared';
import { validationError } from '../errors';
import { Item } from '../models/Item';
import { ownedItemFinder, requireItemType, type Ctx } from './itemQueries';
import { photoKeyFromUrl } from './photoStore';

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
 * Edits the actor's item. Returns the photo key it no longer uses, for the caller to delete after
 * the commit (a rollback must not lose the file).
 */
export async function itemUpdater(props: ItemUpdate, ctx: Ctx) {
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
      updatedAt: new Date(),
    });
  return {
    item: await ownedItemFinder({ itemId: item.id }, ctx),
    replacedPhotoKey: item.photoKey !== photoKey ? item.photoKey : null,
  };
}

/** Puts a newly stored photo on the actor's item; returns the old key for deletion after commit. */
export async function itemPhotoReplacer(props: { itemId: string; photoKey: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await Item.query(ctx.trx).findById(item.id).patch({ photoKey: props.photoKey, updatedAt: new Date() });
  return { item: await ownedItemFinder({ itemId: item.id }, ctx), replacedPhotoKey: item.photoKey };
}
