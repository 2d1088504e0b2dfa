import { CLAIM_MESSAGES, SCAN_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import type { Conn } from '../../ctx';
import { AppError, conflict, notFound, validationError } from '../../errors';
import { QrCode } from '../../models/QrCode';
import { isSetClaimable } from './codeLifecycle';
import { normalizeCodeValue } from '../../lib/codeValues';

/** How long after resolving a code of a set its viewer may claim the whole set. */
export const CLAIM_GRANT_MS = 10 * 60 * 1000;

/** Who resolved a code: the signed-in viewer, and the address (the scan may come before the sign-in). */
export const grantHolders = (actorId: string | null, ip: string) =>
  actorId ? [`user:${actorId}`, `address:${ip}`] : [`address:${ip}`];

/** Records that these holders just resolved a claimable code of the set (see `codeClaimer`). */
export async function recordClaimGrant(holders: string[], setId: string, trx: Conn) {
  await trx('claimGrants')
    .insert(holders.map((holder) => ({ holder, setId, resolvedAt: new Date() })))
    .onConflict(['holder', 'setId'])
    .merge(['resolvedAt']);
}

/**
 * Claims a code, or with claimAll every code of its set that nobody owns yet, for the actor, in
 * the caller's transaction. Race-safe on PostgreSQL: the claim is one conditional UPDATE
 * (`owner_id IS NULL`), so of two concurrent claims the second finds the row taken after the first
 * commits and gets 409; codes someone else took meanwhile are simply skipped by claimAll.
 */
export async function codeClaimer(
  props: { qrCode: string; setId?: string | null; claimAll: boolean; ip: string },
  { trx, actor }: TrxCtx,
) {
  // Every value is looked up, well-formed or not: an unknown code and a wrong one take the same path.
  const value = normalizeCodeValue(props.qrCode);
  const code = await QrCode.query(trx).findOne({ value }).withGraphFetched('set');
  if (!code?.set) throw notFound(SCAN_MESSAGES.notFound);
  if (props.setId && props.setId !== code.setId) throw validationError(CLAIM_MESSAGES.wrongSet);
  if (code.ownerId && code.ownerId !== actor.id) throw conflict('code_taken', CLAIM_MESSAGES.takenByOther);
  if (code.ownerId === actor.id && !props.claimAll)
    throw conflict('code_already_yours', CLAIM_MESSAGES.alreadyYours);
  if (!isSetClaimable(code.set)) throw conflict('code_not_active', CLAIM_MESSAGES.notActive);
  // The whole sheet goes only to someone who holds one of its labels for real: they scanned it
  // lately (a code guessed through the claim route alone never gets the rest of its set).
  if (props.claimAll && !(await hasClaimGrant(grantHolders(actor.id, props.ip), code.setId, trx)))
    throw new AppError(403, 'scan_required', CLAIM_MESSAGES.scanFirst);

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

async function hasClaimGrant(holders: string[], setId: string, trx: Conn) {
  const grant = await trx('claimGrants')
    .whereIn('holder', holders)
    .where({ setId })
    .where('resolvedAt', '>', new Date(Date.now() - CLAIM_GRANT_MS))
    .first('holder');
  return Boolean(grant);
}
