import type { TrxCtx } from '../../ctx';
import { QrCode } from '../../models/QrCode';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/** `DELETE /api/items/{id}/qr-assignment`: the label comes off and stays the owner's. */
export async function codeUnassigner(props: { itemId: string }, ctx: TrxCtx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await QrCode.query(ctx.trx).where({ itemId: item.id }).patch({ itemId: null, assignedAt: null });
  return ownedItemFinder({ itemId: item.id }, ctx);
}
