import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { adminVouchersQuery } from './giftVoucherLister';

export const VOUCHER_NOT_FOUND = 'Gift voucher not found';

/**
 * An admin voids a gift voucher (a farmed one): it stays listed, to its owner as void. Voiding
 * twice keeps the first time. Returns the voucher as the admin list shows it.
 */
export async function giftVoucherVoider(props: { voucherId: string }, { trx }: Pick<Ctx, 'trx'>) {
  const voided = await trx('giftVouchers')
    .where({ id: props.voucherId })
    .whereNull('voidedAt')
    .update({ voidedAt: new Date() });
  const voucher = await adminVouchersQuery(trx).where('v.id', props.voucherId).first();
  if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
  return { voucher, voided: voided > 0 };
}
