import { ITEM_MESSAGES } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import { Item } from '../../models/Item';
import { requireItemType } from './itemTypeLister';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import { photoKeyFromUrl } from '../../storage/photoStore';
import { photoDeletionsQueuer } from '../../notifications/outbox';
import type { NotificationWorker } from '../../notifications/worker';

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
 * Edits the actor's item. A photo it no longer uses is deleted through the outbox (written in the
 * transaction: a rollback keeps the file, a store that is down gets the deletion retried).
 */
export async function itemUpdater(
  props: ItemUpdate,
  ctx: TrxCtx & Effects & { worker: NotificationWorker | null },
) {
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
  if (replaced && replaced !== photoKey) await photoDeletionsQueuer({ keys: [replaced] }, ctx);
  return ownedItemFinder({ itemId: item.id }, ctx);
}
