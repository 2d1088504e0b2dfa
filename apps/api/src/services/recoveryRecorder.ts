import crypto from 'node:crypto';
import type { TrxCtx } from '../ctx';
import { conflict, notFound } from '../errors';
import { Item } from '../models/Item';
import { CODE_ALPHABET } from './codeValues';
import { openReports } from './openReportCounter';

export const NO_OPEN_REPORT = 'There is no new finder report for this item to mark as recovered.';

const voucherCode = () =>
  'GIFT-' + Array.from(crypto.randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

/**
 * The owner marks an item recovered after a finder report: the recovery is recorded, the item
 * becomes `recovered` (an item switched off stays `inactive`) and a gift voucher is issued, once
 * per report (the landing page's promise). Finders still reach a recovered item's owner, and a
 * new report makes it `active` again (foundReportCreator).
 */
export async function recoveryRecorder(props: { itemId: string }, { trx, actor }: TrxCtx) {
  // Locks the item so two taps cannot issue two vouchers.
  const item = await Item.query(trx).findById(props.itemId).forUpdate();
  if (!item || item.ownerId !== actor.id) throw notFound('Item not found');
  const latest = await openReports(trx, item.id).orderBy('r.createdAt', 'desc').first('r.id');
  if (!latest) throw conflict('no_open_report', NO_OPEN_REPORT);
  const [recovery] = await trx('recoveries')
    .insert({ itemId: item.id, foundReportId: latest.id })
    .returning('*');
  const [voucher] = await trx('giftVouchers')
    .insert({ code: voucherCode(), userId: actor.id, recoveryId: recovery.id })
    .returning('*');
  await Item.query(trx)
    .findById(item.id)
    .patch({
      recoveredAt: recovery.recoveredAt,
      status: item.status === 'inactive' ? 'inactive' : 'recovered',
    });
  return { recovery, voucher, item };
}
