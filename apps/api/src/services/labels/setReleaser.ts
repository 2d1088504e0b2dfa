import type { MarkSetsReleasedRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict, notFound } from '../../errors';
import { QrCodeSet } from '../../models/QrCodeSet';

export const RELEASE_REFUSALS = {
  topLevel: () => conflict('release_top_level_set', 'Only a child set can be released. Split the set first.'),
  notPrinted: () => conflict('release_unprinted_set', 'Only a printed set can be released'),
  alreadyReleased: () => conflict('set_already_released', 'This set has already been released'),
};

/**
 * Releases printed child sets, all or none: their codes may then be claimed by owners
 * (codeLifecycle.isSetClaimable).
 */
export async function setReleaser(
  props: MarkSetsReleasedRequest,
  { trx }: TrxCtx,
): Promise<{ releasedCount: number }> {
  const ids = [...new Set(props.setIds)];
  const sets = await QrCodeSet.query(trx).findByIds(ids).forUpdate();
  if (sets.length !== ids.length) throw notFound('QR code set not found');
  if (sets.some((s) => s.parentSetId === null)) throw RELEASE_REFUSALS.topLevel();
  if (sets.some((s) => !s.isPrinted)) throw RELEASE_REFUSALS.notPrinted();
  if (sets.some((s) => s.isReleased)) throw RELEASE_REFUSALS.alreadyReleased();
  const releasedCount = await QrCodeSet.query(trx)
    .findByIds(ids)
    .patch({ isReleased: true, releasedAt: new Date() });
  return { releasedCount };
}
