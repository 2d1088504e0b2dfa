import type { Conn, Ctx } from '../../ctx';
import { vouchersQuery } from './voucherLister';

/** Gift vouchers with their owner's contact, as admins see them. */
export const adminVouchersQuery = (trx: Conn) =>
  vouchersQuery(trx).join('users as u', 'u.id', 'v.userId').select('u.email', 'u.phoneNumber', 'u.name');

/** Every gift voucher issued, with its owner's contact, for the admins. */
export const giftVoucherLister = (_props: object, { trx }: Pick<Ctx, 'trx'>) => adminVouchersQuery(trx);
