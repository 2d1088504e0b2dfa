import type { Ctx } from '../../ctx';
import type { LoadedItem } from '../../presenters/items/item';
import { itemsQuery } from '../../policies/ownedItemFinder';

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
