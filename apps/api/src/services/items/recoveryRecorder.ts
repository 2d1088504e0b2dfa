import crypto from 'node:crypto';
import type { TrxCtx } from '../../ctx';
import { conflict, notFound } from '../../errors';
import { Item } from '../../models/Item';
import { addressHash } from '../../lib/addressHash';
import { CODE_ALPHABET } from '../../lib/codeValues';
import { openReports } from '../finders/openReportCounter';

export const NO_OPEN_REPORT = 'There is no new finder report for this item to mark as recovered.';

const voucherCode = () =>
  'GIFT-' + Array.from(crypto.randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

/**
 * The owner marks an item recovered after a finder report: the recovery is recorded and the item
 * becomes `recovered` (an item switched off stays `inactive`). Finders still reach a recovered
 * item's owner, and a new report makes it `active` again (foundReportCreator).
 *
 * The gift cannot be farmed by reporting one's own item: an item earns one voucher ever (a voided
 * one included), and only for a report sent by someone else, that is neither from the owner's
 * session nor from the address the owner marks the recovery from. Otherwise the recovery is
 * recorded without a voucher (`voucher: null`).
 */
export async function recoveryRecorder(props: { itemId: string; ip: string }, { trx, actor }: TrxCtx) {
  // Locks the item so two taps cannot issue two vouchers.
  const item = await Item.query(trx).findById(props.itemId).forUpdate();
  if (!item || item.ownerId !== actor.id) throw notFound('Item not found');
  const reports: { id: string; reporterId: string | null; reporterAddressHash: string | null }[] =
    await openReports(trx, item.id)
      .orderBy('r.createdAt', 'desc')
      .select('r.id', 'r.reporterId', 'r.reporterAddressHash');
  const latest = reports[0];
  if (!latest) throw conflict('no_open_report', NO_OPEN_REPORT);

  const ownAddress = await addressHash(trx, props.ip);
  const bySomeoneElse = reports.some(
    (r) => r.reporterId !== actor.id && r.reporterAddressHash !== ownAddress,
  );
  const earlierGift = await trx('giftVouchers as v')
    .join('recoveries as rc', 'rc.id', 'v.recoveryId')
    .where('rc.itemId', item.id)
    .first('v.id');

  const [recovery] = await trx('recoveries')
    .insert({ itemId: item.id, foundReportId: latest.id })
    .returning('*');
  const [voucher] =
    bySomeoneElse && !earlierGift
      ? await trx('giftVouchers')
          .insert({ code: voucherCode(), userId: actor.id, recoveryId: recovery.id })
          .returning('*')
      : [null];
  await Item.query(trx)
    .findById(item.id)
    .patch({
      recoveredAt: recovery.recoveredAt,
      status: item.status === 'inactive' ? 'inactive' : 'recovered',
      // Home again: lost mode ends (its scans stop alerting, the label's page stops saying lost).
      lostAt: null,
      lostMessage: null,
      lostReward: null,
      lostStolen: false,
    });
  return { recovery, voucher, item };
}
