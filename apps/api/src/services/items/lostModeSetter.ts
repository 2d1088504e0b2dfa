import { LOST_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { Item } from '../../models/Item';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/**
 * The owner starts, changes or ends lost mode on their item (another owner's id is 404). While an
 * item is lost its label's page shows the owner's message and reward, and every scan alerts the
 * owner at once (services/finders/lostScanAlerter). An item switched off cannot be lost: finders could
 * not read the message. Marking the item recovered also ends lost mode (recoveryRecorder).
 */
export async function lostModeSetter(
  props: { itemId: string; lost: { message: string; reward?: string; stolen: boolean } | null },
  ctx: TrxCtx,
) {
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const { lost } = props;
  if (lost && item.status === 'inactive') throw conflict('item_inactive', LOST_MESSAGES.inactive);
  const patch = lost
    ? {
        // Editing the message keeps the date it went missing.
        lostAt: item.lostAt ?? new Date(),
        lostMessage: lost.message,
        lostReward: lost.reward ?? '',
        lostStolen: lost.stolen,
      }
    : { lostAt: null, lostMessage: null, lostReward: null, lostStolen: false };
  await Item.query(ctx.trx).findById(item.id).patch(patch);
  return ownedItemFinder({ itemId: item.id }, ctx);
}
