import type { Effects, TrxCtx } from '../../ctx';
import { Item } from '../../models/Item';
import { QrCode } from '../../models/QrCode';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import { photoDeletionsQueuer } from '../../notifications/outbox';
import type { NotificationWorker } from '../../notifications/worker';

/**
 * Deletes the actor's item. Its label goes back to the owner's available codes (still claimed,
 * no item); pending assignments and finder reports go with the item, scan events keep no link.
 * The photo's deletion goes through the outbox, in the transaction (retried while the store is down).
 */
export async function itemDeleter(
  props: { itemId: string },
  ctx: TrxCtx & Effects & { worker: NotificationWorker | null },
) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await QrCode.query(ctx.trx).where({ itemId: item.id }).patch({ itemId: null, assignedAt: null });
  await Item.query(ctx.trx).deleteById(item.id);
  const { photoKey } = item;
  if (photoKey) await photoDeletionsQueuer({ keys: [photoKey] }, ctx);
}
