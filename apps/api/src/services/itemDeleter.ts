import { Item } from '../models/Item';
import { QrCode } from '../models/QrCode';
import { ownedItemFinder, type Ctx } from './itemQueries';

/**
 * Deletes the actor's item. Its label goes back to the owner's available codes (still claimed,
 * no item); pending assignments and finder reports go with the item, scan events keep no link.
 * Returns the photo key for deletion after the commit.
 */
export async function itemDeleter(props: { itemId: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await QrCode.query(ctx.trx).where({ itemId: item.id }).patch({ itemId: null, assignedAt: null });
  await Item.query(ctx.trx).deleteById(item.id);
  return { deletedPhotoKey: item.photoKey };
}
