import type { CreateItemRequest } from '@homing/shared';
import { Item } from '../models/Item';
import { ownedItemFinder, requireItemType, type Ctx } from './itemQueries';

/**
 * A new item of the actor. `photoKey` is a photo already stored (routes store it first and delete
 * it if this throws, so a failed create keeps nothing). Items start without a label: one is put on
 * later by a pending assignment and a scan, or by picking an available code (omitQR is moot).
 */
export async function itemCreator(
  props: Required<Pick<CreateItemRequest, 'itemTypeId' | 'name' | 'description'>> & {
    photoKey: string | null;
  },
  { trx, actor }: Ctx,
) {
  await requireItemType(props.itemTypeId, trx);
  const item = await Item.query(trx).insert({
    ownerId: actor.id,
    itemTypeId: props.itemTypeId,
    name: props.name,
    description: props.description,
    photoKey: props.photoKey,
  });
  return ownedItemFinder({ itemId: item.id }, { trx, actor });
}
