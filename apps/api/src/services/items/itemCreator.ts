import type { CreateItemRequest } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { Item } from '../../models/Item';
import { requireItemType } from './itemTypeLister';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import type { ProcessedPhoto } from '../../storage/photoProcessor';
import { photoStorer } from '../../storage/photoStorer';
import type { PhotoStore } from '../../storage/photoStore';

/**
 * A new item of the actor, with its photo if one came (stored, and deleted again if the
 * transaction fails). Items start without a label: one is put on later by a pending assignment
 * and a scan, or by picking an available code (omitQR is moot).
 */
export async function itemCreator(
  props: Required<Pick<CreateItemRequest, 'itemTypeId' | 'name' | 'description'>> & {
    photo: ProcessedPhoto | null;
  },
  ctx: TrxCtx & Effects & { photos: PhotoStore },
) {
  await requireItemType(props.itemTypeId, ctx.trx);
  const photoKey = props.photo ? await photoStorer({ photo: props.photo }, ctx) : null;
  const item = await Item.query(ctx.trx).insert({
    ownerId: ctx.actor.id,
    itemTypeId: props.itemTypeId,
    name: props.name,
    description: props.description,
    photoKey,
  });
  return ownedItemFinder({ itemId: item.id }, ctx);
}
