import { ASSIGN_MESSAGES } from '@homing/shared';
import { conflict, notFound } from '../errors';
import { PendingAssignment } from '../models/PendingAssignment';
import { QrCode } from '../models/QrCode';
import { ownedItemFinder, type Ctx } from './itemQueries';
import { normalizeCodeValue } from './codeValues';

/**
 * Puts the actor's code (already claimed by them, on no item) on one of their items. An item
 * carries one label, so a label it had before is taken off and stays in the owner's available
 * codes: scanning a new label for an item replaces a worn one. Live pending assignments of the
 * item are completed, so a later scan cannot move the label again by surprise.
 */
export async function labelAttacher(props: { codeId: string; itemId: string }, { trx, actor }: Ctx) {
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

/** `POST /api/items/{id}/qr-assignment`: the owner picks one of their available codes. */
export async function codeAssigner(props: { itemId: string; qrCode: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const code = await QrCode.query(ctx.trx)
    .findOne({ value: normalizeCodeValue(props.qrCode) })
    .forUpdate();
  // Someone else's code looks exactly like an unknown one.
  if (!code || code.ownerId !== ctx.actor.id) throw notFound(ASSIGN_MESSAGES.codeNotYours);
  if (code.itemId === item.id) return item;
  if (code.itemId) throw conflict('code_on_other_item', ASSIGN_MESSAGES.codeOnOtherItem);
  await labelAttacher({ codeId: code.id, itemId: item.id }, ctx);
  return ownedItemFinder({ itemId: item.id }, ctx);
}

/** `DELETE /api/items/{id}/qr-assignment`: the label comes off and stays the owner's. */
export async function codeUnassigner(props: { itemId: string }, ctx: Ctx) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  await QrCode.query(ctx.trx).where({ itemId: item.id }).patch({ itemId: null, assignedAt: null });
  return ownedItemFinder({ itemId: item.id }, ctx);
}
