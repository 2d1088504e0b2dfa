import { ITEM_MESSAGES } from '@homing/shared';
import type { Conn, Ctx } from '../ctx';
import { notFound } from '../errors';
import { Item } from '../models/Item';
import type { LoadedItem } from '../presenters/items/item';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Items with their type and their label's value (an item carries at most one label). */
export function itemsQuery(trx: Conn) {
  return Item.query(trx)
    .select(
      'items.*',
      trx('qr_codes').select('value').whereRaw('qr_codes.item_id = items.id').limit(1).as('qrCodeValue'),
    )
    .withGraphFetched('itemType');
}

/**
 * The actor's item, or 404 for anyone else's: another owner learns nothing, not even that the id
 * exists. `lock` takes a row lock for commands that change the item or its label.
 */
export async function ownedItemFinder(
  props: { itemId: string; lock?: boolean },
  { trx, actor }: Ctx,
): Promise<LoadedItem> {
  if (!UUID.test(props.itemId)) throw notFound(ITEM_MESSAGES.notFound);
  if (props.lock) await Item.query(trx).findById(props.itemId).forUpdate();
  const item = (await itemsQuery(trx).findById(props.itemId).where('items.ownerId', actor.id)) as
    LoadedItem | undefined;
  if (!item) throw notFound(ITEM_MESSAGES.notFound);
  return item;
}
