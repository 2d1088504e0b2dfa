import { SCAN_MESSAGES, type ScanResult } from '@homing/shared';
import type { Conn, TrxCtx } from '../../ctx';
import { notFound } from '../../errors';
import { Item } from '../../models/Item';
import { PendingAssignment } from '../../models/PendingAssignment';
import { QrCode } from '../../models/QrCode';
import type { User } from '../../models/User';
import { isSetClaimable } from './codeLifecycle';
import { grantHolders, recordClaimGrant } from './codeClaimer';
import { normalizeCodeValue } from '../../lib/codeValues';

/**
 * An expired pending assignment is reported (assignment_failed) for this long after it expired,
 * so the owner learns why the scan did nothing; after that the scan is an ordinary one again.
 */
export const EXPIRED_ASSIGNMENT_NOTICE_MS = 30 * 60 * 1000;

/**
 * What scanning a label means for this viewer (PRODUCT.md, Label states). A signed-in owner with
 * a live pending assignment who scans a label that can be theirs (their own unassigned code, or a
 * claimable code nobody owns) is told `assignment_pending` with the item, and the scan is noted on
 * the assignment; their scan page asks them, then completes it with an explicit POST
 * (services/items/pendingAssignmentCompleter), which takes a code nobody owns only after that scan.
 */
export async function scanResolver(
  props: { qrCode: string; ip: string },
  { trx, actor }: TrxCtx<User | null>,
): Promise<ScanResult> {
  // Every value is looked up, well-formed or not: an unknown code and a wrong one answer alike.
  const value = normalizeCodeValue(props.qrCode);
  const code = await QrCode.query(trx).findOne({ value }).withGraphFetched('set');
  if (!code?.set) throw notFound(SCAN_MESSAGES.notFound);

  if (code.itemId) {
    const item = await Item.query(trx).findById(code.itemId);
    if (item?.status === 'inactive')
      return { type: 'inactive_item', message: SCAN_MESSAGES.inactiveItem, item: { id: item.id } };
    return { type: 'found_item', message: SCAN_MESSAGES.foundItem, item: { id: code.itemId } };
  }
  if (code.ownerId && code.ownerId !== actor?.id)
    return { type: 'other_unassigned_code', message: SCAN_MESSAGES.otherUnassigned };
  if (!code.ownerId && !isSetClaimable(code.set))
    return { type: 'inactive_code', message: SCAN_MESSAGES.inactiveCode };

  const pending = actor ? await newestOpenAssignment(actor, trx) : undefined;
  const now = Date.now();
  if (pending && new Date(pending.expiresAt).getTime() > now) {
    await PendingAssignment.query(trx).findById(pending.id).patch({ scannedQrCodeId: code.id });
    const item = await Item.query(trx).findById(pending.itemId);
    return {
      type: 'assignment_pending',
      message: SCAN_MESSAGES.assignmentPending,
      item: { id: pending.itemId, name: item?.name },
    };
  }
  if (pending && now - new Date(pending.expiresAt).getTime() < EXPIRED_ASSIGNMENT_NOTICE_MS)
    return {
      type: 'assignment_failed',
      message: SCAN_MESSAGES.assignmentExpired,
      error: SCAN_MESSAGES.assignmentExpired,
    };
  // This viewer now holds a code of the set: they (and this address) may claim the whole set a while.
  await recordClaimGrant(grantHolders(actor?.id ?? null, props.ip), code.setId, trx);
  if (code.ownerId) return { type: 'own_unassigned_code', message: SCAN_MESSAGES.ownUnassigned };
  return {
    type: 'unclaimed_code',
    message: SCAN_MESSAGES.unclaimed,
    setId: code.setId,
    setCount: await claimableCount(code.setId, trx),
  };
}

/** The owner's newest pending assignment, unless it was completed. */
async function newestOpenAssignment(actor: User, trx: Conn) {
  const newest = await PendingAssignment.query(trx)
    .where({ ownerId: actor.id })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .first();
  return newest && !newest.completedAt ? newest : undefined;
}

/** Codes of the set nobody owns yet (the set is claimable, or the scan would not ask). */
async function claimableCount(setId: string, trx: Conn) {
  const [row] = await QrCode.query(trx).where({ setId }).whereNull('ownerId').count({ n: '*' });
  return Number((row as unknown as { n: string | number }).n);
}
