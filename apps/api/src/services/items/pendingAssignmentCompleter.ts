import { ASSIGN_MESSAGES, SCAN_MESSAGES, type ScanResult } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { notFound } from '../../errors';
import { PendingAssignment } from '../../models/PendingAssignment';
import { QrCode } from '../../models/QrCode';
import { isSetClaimable } from '../labels/codeLifecycle';
import { isPlausibleCodeValue, normalizeCodeValue } from '../../lib/codeValues';
import { labelAttacher } from './labelAttacher';
import { ownedItemFinder } from '../../policies/ownedItemFinder';

/**
 * `POST /api/items/{id}/qr-assignment/scan`: the owner's scan page, told by the scan
 * (`assignment_pending`) that this item waits for a label, puts the scanned label on it once the
 * owner said yes. A label nobody owns is claimed and attached in one step, but only the one the
 * owner's scan offered for this assignment (404 for any other, as for an unknown code): the
 * completion is no way to guess codes. The answer is the scan outcome the page shows:
 * `assignment_completed`, or `assignment_failed` with the reason (nothing changed). Sent twice, the
 * second answer is the same completion.
 */
export async function pendingAssignmentCompleter(
  props: { itemId: string; qrCode: string },
  ctx: TrxCtx,
): Promise<ScanResult> {
  const { trx, actor } = ctx;
  const item = await ownedItemFinder({ itemId: props.itemId, lock: true }, ctx);
  const value = normalizeCodeValue(props.qrCode);
  const code = isPlausibleCodeValue(value)
    ? await QrCode.query(trx).findOne({ value }).withGraphFetched('set').forUpdate()
    : undefined;
  if (!code?.set) throw notFound(SCAN_MESSAGES.notFound);

  const completed: ScanResult = {
    type: 'assignment_completed',
    message: SCAN_MESSAGES.assignmentCompleted,
    item: { id: item.id, name: item.name },
  };
  const failed = (error: string): ScanResult => ({ type: 'assignment_failed', message: error, error });
  const pending = await PendingAssignment.query(trx)
    .where({ itemId: item.id })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .first();
  if (pending?.completedAt)
    return pending.qrCodeId === code.id && code.itemId === item.id
      ? completed
      : failed(SCAN_MESSAGES.assignmentExpired);
  if (!pending || new Date(pending.expiresAt).getTime() <= Date.now())
    return failed(SCAN_MESSAGES.assignmentExpired);

  if (code.itemId) return failed(ASSIGN_MESSAGES.codeOnOtherItem);
  if (code.ownerId && code.ownerId !== actor.id) return failed(SCAN_MESSAGES.assignmentTaken);
  if (!code.ownerId) {
    if (pending.scannedQrCodeId !== code.id) throw notFound(SCAN_MESSAGES.notFound);
    if (!isSetClaimable(code.set)) return failed(SCAN_MESSAGES.inactiveCode);
    // Claimed conditionally: if someone else got it a moment ago nothing has changed yet.
    const claimed = await QrCode.query(trx)
      .where({ id: code.id })
      .whereNull('ownerId')
      .patch({ ownerId: actor.id, claimedAt: new Date() });
    if (!claimed) return failed(SCAN_MESSAGES.assignmentTaken);
  }
  await labelAttacher({ codeId: code.id, itemId: item.id }, ctx);
  return completed;
}
