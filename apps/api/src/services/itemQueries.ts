import { ITEM_MESSAGES } from '@homing/shared';
import type { Knex } from 'knex';
import { notFound, validationError } from '../errors';
import { Item } from '../models/Item';
import { ItemType } from '../models/ItemType';
import type { User } from '../models/User';
import type { LoadedItem } from '../presenters/item';

export interface Ctx {
  trx: Knex.Transaction | Knex;
  actor: User;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Items with their type and their label's value (an item carries at most one label). */
export function itemsQuery(trx: Ctx['trx']) {
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

export async function requireItemType(itemTypeId: string, trx: Ctx['trx']) {
  const type = await ItemType.query(trx).findById(itemTypeId);
  if (!type) throw validationError(ITEM_MESSAGES.unknownType);
  return type;
}

export const itemTypeLister = (_props: object, { trx }: { trx: Ctx['trx'] }) =>
  ItemType.query(trx).orderBy('sortOrder').orderBy('id');

/** One page of the actor's items, newest first; one extra row tells whether more follow. */
export async function itemsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const rows = (await itemsQuery(trx)
    .where('items.ownerId', actor.id)
    .orderBy('items.createdAt', 'desc')
    .orderBy('items.id', 'desc')
    .offset((props.page - 1) * props.limit)
    .limit(props.limit + 1)) as LoadedItem[];
  return { items: rows.slice(0, props.limit), hasMore: rows.length > props.limit };
}
