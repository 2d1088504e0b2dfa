import type { MarkSetsPrintedRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict, notFound } from '../../errors';
import { QrCodeSet } from '../../models/QrCodeSet';

export const PRINT_REFUSALS = {
  child: () => conflict('print_child_set', 'A child set cannot be printed on its own'),
  split: () => conflict('print_split_set', 'A set that has been split cannot be printed again'),
};

/**
 * Marks top-level sets printed. Sets already printed are left alone and not counted, so calling
 * twice (a retry after a lost answer) does no harm. Children and split parents are refused.
 */
export async function setPrintMarker(
  props: MarkSetsPrintedRequest,
  { trx }: TrxCtx,
): Promise<{ updatedCount: number }> {
  const ids = [...new Set(props.setIds)];
  const sets = await QrCodeSet.query(trx).findByIds(ids).forUpdate();
  if (sets.length !== ids.length) throw notFound('QR code set not found');
  if (sets.some((s) => s.parentSetId !== null)) throw PRINT_REFUSALS.child();
  const withChildren = await QrCodeSet.query(trx).whereIn('parentSetId', ids).first();
  if (withChildren) throw PRINT_REFUSALS.split();
  const updatedCount = await QrCodeSet.query(trx)
    .findByIds(ids)
    .where('isPrinted', false)
    .patch({ isPrinted: true, printedAt: new Date() });
  return { updatedCount };
}
