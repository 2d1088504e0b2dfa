import { PENDING_ASSIGNMENT_MINUTES } from '@homing/shared';
import { notFound } from '../errors';
import { PendingAssignment } from '../models/PendingAssignment';
import { QrCode } from '../models/QrCode';
import { ownedItemFinder, type Ctx } from './itemQueries';

export const PENDING_ASSIGNMENT_MS = PENDING_ASSIGNMENT_MINUTES * 60 * 1000;

/**
 * "The next label I scan goes on this item": lives 10 minutes. The owner's newest pending
 * assignment is the one a scan completes (services/scanResolver).
 */
export async function pendingAssignmentCreator(props: { itemId: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  return PendingAssignment.query(ctx.trx).insertAndFetch({
    itemId: item.id,
    ownerId: ctx.actor.id,
    expiresAt: new Date(Date.now() + PENDING_ASSIGNMENT_MS),
  });
}

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

/** The dialog was closed: the item's live pending assignments end without a trace. */
export async function pendingAssignmentCanceller(props: { itemId: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const cancelled = await PendingAssignment.query(ctx.trx)
    .where({ itemId: item.id })
    .whereNull('completedAt')
    .delete();
  return { cancelled };
}
