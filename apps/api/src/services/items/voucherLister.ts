import type { Conn, Ctx } from '../../ctx';

/** Gift vouchers, newest first, with the recovered item's name. */
export const vouchersQuery = (trx: Conn) =>
  trx('giftVouchers as v')
    .join('recoveries as r', 'r.id', 'v.recoveryId')
    .join('items as i', 'i.id', 'r.itemId')
    .orderBy('v.issuedAt', 'desc')
    .select(
      'v.id',
      'v.code',
      'v.issuedAt',
      'v.expiresAt',
      'v.redeemedAt',
      'v.voidedAt',
      'i.name as itemName',
    );

/** The actor's own gift vouchers. */
export const voucherLister = (_props: object, { trx, actor }: Ctx) =>
  vouchersQuery(trx).where('v.userId', actor.id);
