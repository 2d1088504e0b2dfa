import type { TrxCtx } from '../../ctx';
import { PendingAssignment } from '../../models/PendingAssignment';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/** The dialog was closed: the item's live pending assignments end without a trace. */
export async function pendingAssignmentCanceller(props: { itemId: string }, ctx: TrxCtx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const cancelled = await PendingAssignment.query(ctx.trx)
    .where({ itemId: item.id })
    .whereNull('completedAt')
    .delete();
  return { cancelled };
}
