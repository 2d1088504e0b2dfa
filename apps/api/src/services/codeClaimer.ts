import { CLAIM_MESSAGES, SCAN_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../ctx';
import { conflict, notFound, validationError } from '../errors';
import { QrCode } from '../models/QrCode';
import { isSetClaimable } from './codeLifecycle';
import { isPlausibleCodeValue, normalizeCodeValue } from './codeValues';

/**
 * Claims a code, or with claimAll every code of its set that nobody owns yet, for the actor, in
 * the caller's transaction. Race-safe on PostgreSQL: the claim is one conditional UPDATE
 * (`owner_id IS NULL`), so of two concurrent claims the second finds the row taken after the first
 * commits and gets 409; codes someone else took meanwhile are simply skipped by claimAll.
 */
export async function codeClaimer(
  props: { qrCode: string; setId?: string | null; claimAll: boolean },
  { trx, actor }: TrxCtx,
) {
  const value = normalizeCodeValue(props.qrCode);
  const code = isPlausibleCodeValue(value)
    ? await QrCode.query(trx).findOne({ value }).withGraphFetched('set')
    : undefined;
  if (!code?.set) throw notFound(SCAN_MESSAGES.notFound);
  if (props.setId && props.setId !== code.setId) throw validationError(CLAIM_MESSAGES.wrongSet);
  if (code.ownerId && code.ownerId !== actor.id) throw conflict('code_taken', CLAIM_MESSAGES.takenByOther);
  if (code.ownerId === actor.id && !props.claimAll)
    throw conflict('code_already_yours', CLAIM_MESSAGES.alreadyYours);
  if (!isSetClaimable(code.set)) throw conflict('code_not_active', CLAIM_MESSAGES.notActive);

  const now = new Date();
  const claimed = await QrCode.query(trx)
    .patch({ ownerId: actor.id, claimedAt: now })
    .where(props.claimAll ? { setId: code.setId } : { id: code.id })
    .whereNull('ownerId')
    .returning('*')
    .castTo<QrCode[]>();
  // Lost the race for the scanned code: claimAll must not hand out the rest of someone else's set.
  const scannedIsMine = code.ownerId === actor.id || claimed.some((c) => c.id === code.id);
  if (!scannedIsMine) throw conflict('code_taken', CLAIM_MESSAGES.takenByOther);
  if (!claimed.length) throw conflict('nothing_to_claim', CLAIM_MESSAGES.nothingLeft);
  claimed.sort((a, b) => a.gridRow - b.gridRow || a.gridColumn - b.gridColumn);
  return {
    message: claimed.length === 1 ? CLAIM_MESSAGES.claimedOne : CLAIM_MESSAGES.claimedMany(claimed.length),
    codes: claimed,
  };
}
