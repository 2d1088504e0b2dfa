import { ASSIGN_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { PendingAssignment } from '../../models/PendingAssignment';
import { QrCode } from '../../models/QrCode';

/**
 * Puts the actor's code (already claimed by them, on no item) on one of their items. An item
 * carries one label, so a label it had before is taken off and stays in the owner's available
 * codes: scanning a new label for an item replaces a worn one. Live pending assignments of the
 * item are completed, so a later scan cannot move the label again by surprise.
 */
export async function labelAttacher(props: { codeId: string; itemId: string }, { trx, actor }: TrxCtx) {
  const now = new Date();
  await QrCode.query(trx)
    .where({ itemId: props.itemId })
    .whereNot({ id: props.codeId })
    .patch({ itemId: null, assignedAt: null });
  const attached = await QrCode.query(trx)
    .where({ id: props.codeId, ownerId: actor.id })
    .whereNull('itemId')
    .patch({ itemId: props.itemId, assignedAt: now });
  if (!attached) throw conflict('code_unavailable', ASSIGN_MESSAGES.codeOnOtherItem);
  await PendingAssignment.query(trx)
    .where({ itemId: props.itemId })
    .whereNull('completedAt')
    .where('expiresAt', '>', now)
    .patch({ completedAt: now, qrCodeId: props.codeId });
}
