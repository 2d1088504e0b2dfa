import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import type { QrCode } from '../../models/QrCode';
import { QrCodeSet } from '../../models/QrCodeSet';

export interface SetCounts {
  codeCount: number;
  claimedCount: number;
  assignedCount: number;
  childCount: number;
}

export type SetWithCounts = QrCodeSet & SetCounts;

/**
 * One set with its codes in grid order: its own, and for a split parent its children's (the
 * labels of the sheet it was printed on). 404 when there is no such set.
 */
export async function setLoader(
  props: { setId: string; forUpdate?: boolean },
  { trx }: Pick<Ctx, 'trx'>,
): Promise<{ set: SetWithCounts; codes: QrCode[] }> {
  const query = QrCodeSet.query(trx).findById(props.setId);
  const set = await (props.forUpdate ? query.forUpdate() : query);
  if (!set) throw notFound('QR code set not found');
  const children = await QrCodeSet.query(trx).where('parentSetId', set.id).select('id');
  const codes = (await trx('qr_codes')
    .whereIn('setId', [set.id, ...children.map((c) => c.id)])
    .orderBy([{ column: 'gridRow' }, { column: 'gridColumn' }])) as QrCode[];
  const counts: SetCounts = {
    codeCount: codes.length,
    claimedCount: codes.filter((c) => c.ownerId !== null).length,
    assignedCount: codes.filter((c) => c.itemId !== null).length,
    childCount: children.length,
  };
  return { set: Object.assign(set, counts), codes };
}
