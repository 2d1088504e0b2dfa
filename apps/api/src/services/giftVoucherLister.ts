import type { Ctx } from '../ctx';
import { vouchersQuery } from './voucherLister';

/** Every gift voucher issued, with its owner's contact, for the admins. */
export const giftVoucherLister = (_props: object, { trx }: Pick<Ctx, 'trx'>) =>
  vouchersQuery(trx).join('users as u', 'u.id', 'v.userId').select('u.email', 'u.phoneNumber', 'u.name');
