import type { Ctx } from '../../ctx';
import { QrCode } from '../../models/QrCode';

/** The actor's claimed codes that no item carries, in set order. */
export const availableCodesLister = (_props: object, { trx, actor }: Ctx) =>
  QrCode.query(trx)
    .where({ ownerId: actor.id })
    .whereNull('itemId')
    .orderBy('claimedAt', 'desc')
    .orderBy('setId')
    .orderBy('gridRow')
    .orderBy('gridColumn');
