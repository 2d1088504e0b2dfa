import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { PendingAssignment } from '../../models/PendingAssignment';
import { QrCode } from '../../models/QrCode';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/** The item's newest pending assignment and the label it received, for the dialog to poll. */
export async function pendingAssignmentFinder(props: { itemId: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId }, ctx);
  const pending = await PendingAssignment.query(ctx.trx)
    .where({ itemId: item.id })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .first();
  if (!pending) throw notFound('No pending assignment for this item');
  const code = pending.qrCodeId ? await QrCode.query(ctx.trx).findById(pending.qrCodeId) : undefined;
  return { pending, qrCode: code?.value ?? null };
}
