import { PENDING_ASSIGNMENT_MINUTES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { PendingAssignment } from '../../models/PendingAssignment';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

export const PENDING_ASSIGNMENT_MS = PENDING_ASSIGNMENT_MINUTES * 60 * 1000;

/**
 * "The next label I scan goes on this item": lives 10 minutes. The owner's newest pending
 * assignment is the one a scan completes (services/labels/scanResolver).
 */
export async function pendingAssignmentCreator(props: { itemId: string }, ctx: TrxCtx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  return PendingAssignment.query(ctx.trx).insertAndFetch({
    itemId: item.id,
    ownerId: ctx.actor.id,
    expiresAt: new Date(Date.now() + PENDING_ASSIGNMENT_MS),
  });
}
