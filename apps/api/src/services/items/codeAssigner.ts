import { ASSIGN_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict, notFound } from '../../errors';
import { QrCode } from '../../models/QrCode';
import { normalizeCodeValue } from '../../lib/codeValues';
import { labelAttacher } from './labelAttacher';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/** `POST /api/items/{id}/qr-assignment`: the owner picks one of their available codes. */
export async function codeAssigner(props: { itemId: string; qrCode: string }, ctx: TrxCtx) {
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
